import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { WebsiteBooking } from '../../api/normalize';
import { bookAgainState, QUOTE_SECTION_PATH } from '../../lib/bookAgain';
import { formatShortDateTime } from '../../../domain/dates';
import { formatUsd } from '../../../domain/money';
import { sourceLabel, StatusChip } from './display';
import { bookingsMessages as m } from './messages';
import { bookingIdCell, shortBookingId, websiteColumns as col } from './websiteColumns';

interface Props {
  booking: WebsiteBooking;
  shownVehicle: string;
  busy: boolean;
  cancelling: boolean;
  onEdit: () => void;
  onCancel: () => void;
}

/**
 * A website booking as the table shows it. Booked: Edit and Cancel. Completed or Cancelled:
 * Book again, which opens the quote wizard with its vehicle type, add-ons and vehicle.
 */
export function BookingReadRow({
  booking,
  shownVehicle,
  busy,
  cancelling,
  onEdit,
  onCancel,
}: Props) {
  const idCell = bookingIdCell(booking);
  return (
    <TableRow>
      <TableCell data-label={col.id} id={idCell} title={booking.bookingId}>
        {shortBookingId(booking.bookingId)}
      </TableCell>
      <TableCell data-label={col.when}>{formatShortDateTime(booking.startsAt)}</TableCell>
      <TableCell data-label={col.vehicle}>{shownVehicle || booking.vehicleType || '—'}</TableCell>
      <TableCell data-label={col.status}>
        <StatusChip status={booking.status} awaitingConfirmation={booking.awaitingConfirmation} />
      </TableCell>
      <TableCell data-label={col.total} align="right">
        {formatUsd(booking.totalPrice)}
      </TableCell>
      <TableCell data-label={col.source}>{sourceLabel(booking.source)}</TableCell>
      <TableCell data-label={col.actions}>
        {booking.status === 'Booked' ? (
          <Stack direction="row" spacing={1}>
            {(
              [
                { label: m.edit, variant: 'outlined', color: 'primary', onClick: onEdit },
                {
                  label: cancelling ? m.processing : m.cancel,
                  variant: 'text',
                  color: 'error',
                  onClick: onCancel,
                },
              ] as const
            ).map((action) => (
              <Button
                key={action.color}
                size="small"
                variant={action.variant}
                color={action.color}
                disabled={busy}
                aria-describedby={idCell}
                onClick={action.onClick}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        ) : booking.vehicleType ? (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={QUOTE_SECTION_PATH}
            state={bookAgainState({
              vehicleType: booking.vehicleType,
              selectedAddons: booking.selectedAddons,
              vehicle: shownVehicle,
            })}
            aria-describedby={idCell}
          >
            {m.bookAgain}
          </Button>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }} aria-hidden>
            —
          </Box>
        )}
      </TableCell>
    </TableRow>
  );
}

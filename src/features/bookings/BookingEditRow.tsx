import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { WebsiteBooking } from '../../api/normalize';
import { vehicleTypeNames } from '../../../domain/pricing';
import { formatUsd } from '../../../domain/money';
import { useToday } from '../../lib/useToday';
import { editedTotal, updateBody, type BookingDraft } from './bookingEdit';
import { sourceLabel, StatusChip } from './display';
import { bookingsMessages as m } from './messages';
import { bookingIdCell, shortBookingId, websiteColumns as col } from './websiteColumns';

interface Props {
  booking: WebsiteBooking;
  /** The vehicle the read row showed (what an unchanged vehicle field means). */
  shownVehicle: string;
  draft: BookingDraft;
  /** Any row is being saved or cancelled: the fields and buttons wait. */
  busy: boolean;
  saving: boolean;
  onChange: (patch: Partial<BookingDraft>) => void;
  onSave: () => void;
  onClose: () => void;
}

/**
 * A Booked website booking being edited: date (today or later), time, vehicle type and vehicle;
 * the total follows the price list and is not typed (docs/product.md §2, §5).
 */
export function BookingEditRow({
  booking,
  shownVehicle,
  draft,
  busy,
  saving,
  onChange,
  onSave,
  onClose,
}: Props) {
  const idCell = bookingIdCell(booking);
  const today = useToday();
  const canSave = !busy && updateBody(draft, booking, shownVehicle) !== null;
  return (
    <TableRow selected>
      <TableCell data-label={col.id} id={idCell} title={booking.bookingId}>
        {shortBookingId(booking.bookingId)}
      </TableCell>
      <TableCell data-label={col.when}>
        <Stack spacing={1} sx={{ minWidth: 150 }}>
          {(['date', 'time'] as const).map((key) => (
            <TextField
              key={key}
              label={m.fields[key]}
              type={key}
              size="small"
              value={draft[key]}
              disabled={busy}
              onChange={(e) => onChange({ [key]: e.target.value })}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: key === 'date' && today ? { min: today } : undefined,
              }}
            />
          ))}
        </Stack>
      </TableCell>
      <TableCell data-label={col.vehicle}>
        <Stack spacing={1} sx={{ minWidth: 170 }}>
          <TextField
            select
            label={m.fields.vehicleType}
            size="small"
            value={draft.vehicleType}
            disabled={busy}
            onChange={(e) => onChange({ vehicleType: e.target.value })}
          >
            {vehicleTypeNames.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={m.fields.vehicle}
            size="small"
            value={draft.vehicle}
            disabled={busy}
            onChange={(e) => onChange({ vehicle: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Stack>
      </TableCell>
      <TableCell data-label={col.status}>
        <StatusChip status={booking.status} awaitingConfirmation={booking.awaitingConfirmation} />
      </TableCell>
      <TableCell data-label={col.total} align="right">
        <TextField
          label={m.fields.total}
          size="small"
          value={formatUsd(editedTotal(draft, booking))}
          disabled={busy}
          helperText={m.priceFromList}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: 130 }}
        />
      </TableCell>
      <TableCell data-label={col.source}>{sourceLabel(booking.source)}</TableCell>
      <TableCell data-label={col.actions}>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={!canSave}
            aria-describedby={idCell}
            onClick={onSave}
          >
            {saving ? m.processing : m.save}
          </Button>
          <Button size="small" disabled={busy} aria-describedby={idCell} onClick={onClose}>
            {m.cancel}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

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
import {
  draftFromBooking,
  editedTotal,
  timeChoices,
  toTimeInput,
  updateBody,
  type BookingDraft,
} from './bookingEdit';
import { useFreeTimes } from '../../api/freeTimes';
import { usePublishedOffer } from './publishedOffer';
import type { FreeTime } from '../../api/errors';
import { isVehicleType, PREMIUM_PACKAGE } from '../../../domain/pricing';
import { NearestTimes } from '../../components/NearestTimes';
import { scheduleMessages } from '../../lib/scheduleMessages';
import Alert from '@mui/material/Alert';
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
  /** A save refused because the time was taken (409): the server's words and nearest free times. */
  refusal: { message: string; nearest: readonly FreeTime[] } | null;
  onSave: () => void;
  onClose: () => void;
}

/**
 * A Booked website booking being edited: date (today or later), time (one of the day's free
 * times, as the quote wizard lists them; after a taken time, the nearest free ones as buttons),
 * vehicle type and vehicle; the total follows the price list and is not typed (docs/product.md §2, §5).
 */
export function BookingEditRow({
  booking,
  shownVehicle,
  draft,
  busy,
  saving,
  onChange,
  refusal,
  onSave,
  onClose,
}: Props) {
  const idCell = bookingIdCell(booking);
  const today = useToday();
  const offer = usePublishedOffer();
  const canSave = !busy && updateBody(draft, booking, shownVehicle, offer) !== null;
  // The chosen day's free times for the booking's job, by the wizard's query, as if this
  // booking were not on the calendar (its own time and the starts next to it are free to it).
  const day = useFreeTimes(
    draft.date,
    {
      vehicleType: isVehicleType(draft.vehicleType) ? draft.vehicleType : null,
      addOns: draft.vehicleType === PREMIUM_PACKAGE ? [] : booking.selectedAddons,
    },
    booking.bookingId,
  );
  const own = draftFromBooking(booking, shownVehicle);
  const choices = timeChoices(day.times, draft, own);
  const timeHint = day.loading
    ? scheduleMessages.loadingTimes
    : day.failed
      ? scheduleMessages.timesFailed
      : day.times?.length === 0 && choices.length === 0
        ? scheduleMessages.dayFull
        : undefined;
  return (
    <TableRow selected>
      <TableCell data-label={col.id} id={idCell} title={booking.bookingId}>
        {shortBookingId(booking.bookingId)}
      </TableCell>
      <TableCell data-label={col.when}>
        <Stack spacing={1} sx={{ minWidth: 150 }}>
          <TextField
            label={m.fields.date}
            type="date"
            size="small"
            value={draft.date}
            disabled={busy}
            onChange={(e) => onChange({ date: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: today ? { min: today } : undefined,
            }}
          />
          <TextField
            select
            label={m.fields.time}
            size="small"
            value={draft.time}
            disabled={busy}
            onChange={(e) => onChange({ time: e.target.value })}
            helperText={timeHint}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{m.chooseTime}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </TextField>
          {refusal && (
            <Alert severity="warning" role="alert" sx={{ py: 0 }}>
              {refusal.message}
              <NearestTimes
                nearest={refusal.nearest}
                onChoose={(date, time) => onChange({ date, time: toTimeInput(time) })}
              />
            </Alert>
          )}
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
          value={formatUsd(editedTotal(draft, booking, offer))}
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

import { cardRowsOnPhone, ScrollableTable } from '../../components/ScrollableTable';
import { useMemo, useState } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { api, useCancelBookingMutation, useUpdateBookingMutation } from '../../api/endpoints';
import type { WebsiteBooking } from '../../api/normalize';
import { errorMessage } from '../../api/errors';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast';
import { formatShortDateTime } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import { vehicleTypes } from '../../config/pricing';
import { draftFromBooking, parseTotal, updateBody, type BookingDraft } from './bookingEdit';
import { newestFirst, sourceLabel, StatusChip, usePagination } from './display';

type ApiDispatch = ThunkDispatch<
  { [api.reducerPath]: ReturnType<typeof api.reducer> },
  unknown,
  UnknownAction
>;

export const BOOKING_CANCELLED = 'Booking cancelled successfully';
export const BOOKING_UPDATED = 'Booking updated successfully';
export const CANCEL_FAILED = 'Failed to cancel booking';
export const UPDATE_FAILED = 'Failed to update booking';
export const CANCEL_CONFIRMATION = 'Are you sure you want to cancel this booking?';

interface Props {
  bookings: readonly WebsiteBooking[];
  /** The shown vehicle of each booking whose record only holds a vehicle id. */
  vehicleNames: ReadonlyMap<string, string>;
}

/** The columns (docs/product.md §2); each body cell carries its name for the phone cards. */
const col = {
  id: 'Booking ID',
  when: 'Date & Time',
  vehicle: 'Vehicle',
  status: 'Status',
  total: 'Total',
  source: 'Source',
  actions: 'Actions',
} as const;

interface Editing {
  bookingId: string;
  draft: BookingDraft;
}

interface Working {
  bookingId: string;
  action: 'save' | 'cancel';
}

/** The vehicle as the table shows it: its text, else the stored vehicle's "make model (year)". */
export function vehicleText(booking: WebsiteBooking, names: ReadonlyMap<string, string>): string {
  return booking.vehicle.text || names.get(booking.vehicle.vehicleId) || '';
}

/**
 * Website Bookings (docs/product.md §2, §4 booking actions): Booked rows can be edited (one row at a time)
 * or cancelled after confirmation; Completed and Cancelled rows show no actions.
 */
export function WebsiteBookingsTable({ bookings, vehicleNames }: Props) {
  const dispatch = useDispatch<ApiDispatch>();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [updateBooking] = useUpdateBookingMutation();
  const [cancelBooking] = useCancelBookingMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [working, setWorking] = useState<Working | null>(null);
  const rows = useMemo(() => newestFirst(bookings), [bookings]);
  const { visible, pagination } = usePagination(rows);

  const patchList = (recipe: (list: WebsiteBooking[]) => void) =>
    dispatch(api.util.updateQueryData('listBookings', undefined, recipe));

  async function cancel(booking: WebsiteBooking) {
    const ok = await confirm({
      title: 'Cancel booking',
      message: CANCEL_CONFIRMATION,
      confirmLabel: 'Yes, cancel booking',
      cancelLabel: 'Keep booking',
    });
    if (!ok) return;
    setWorking({ bookingId: booking.bookingId, action: 'cancel' });
    try {
      await cancelBooking({ id: booking.bookingId }).unwrap();
      patchList((list) => {
        const row = list.find((b) => b.bookingId === booking.bookingId);
        if (row) {
          row.status = 'Cancelled';
          row.rawStatus = 'cancelled';
        }
      });
      setEditing(null);
      toast.success(BOOKING_CANCELLED);
    } catch (error) {
      toast.error(errorMessage(error, CANCEL_FAILED));
    } finally {
      setWorking(null);
    }
  }

  async function save(booking: WebsiteBooking) {
    if (!editing) return;
    const body = updateBody(editing.draft, booking, vehicleText(booking, vehicleNames));
    if (!body) return;
    setWorking({ bookingId: booking.bookingId, action: 'save' });
    try {
      const updated = await updateBooking({ id: booking.bookingId, bookingUpdate: body }).unwrap();
      patchList((list) => {
        const index = list.findIndex((b) => b.bookingId === booking.bookingId);
        if (index >= 0) list[index] = updated;
      });
      setEditing(null);
      toast.success(BOOKING_UPDATED);
    } catch (error) {
      // The form stays open with what was typed.
      toast.error(errorMessage(error, UPDATE_FAILED));
    } finally {
      setWorking(null);
    }
  }

  const busy = working !== null;
  const setDraft = (patch: Partial<BookingDraft>) =>
    setEditing((current) =>
      current ? { ...current, draft: { ...current.draft, ...patch } } : current,
    );

  return (
    <>
      <ScrollableTable aria-label="Website bookings">
        <Table size="small" aria-label="Website bookings" sx={cardRowsOnPhone(760)}>
          <TableHead>
            <TableRow>
              <TableCell>{col.id}</TableCell>
              <TableCell>{col.when}</TableCell>
              <TableCell>{col.vehicle}</TableCell>
              <TableCell>{col.status}</TableCell>
              <TableCell align="right">{col.total}</TableCell>
              <TableCell>{col.source}</TableCell>
              <TableCell>{col.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((booking) => {
              const idCell = `booking-${booking.bookingId}`;
              const shownVehicle = vehicleText(booking, vehicleNames);
              const isEditing = editing?.bookingId === booking.bookingId;
              const rowWorking = working?.bookingId === booking.bookingId ? working.action : null;
              if (isEditing && editing) {
                const { draft } = editing;
                const totalInvalid = parseTotal(draft.totalPrice) === null;
                const canSave = !busy && updateBody(draft, booking, shownVehicle) !== null;
                return (
                  <TableRow key={booking.bookingId} selected>
                    <TableCell data-label={col.id} id={idCell} sx={{ wordBreak: 'break-all' }}>
                      {booking.bookingId}
                    </TableCell>
                    <TableCell data-label={col.when}>
                      <Stack spacing={1} sx={{ minWidth: 150 }}>
                        <TextField
                          label="Date"
                          type="date"
                          size="small"
                          value={draft.date}
                          disabled={busy}
                          onChange={(e) => setDraft({ date: e.target.value })}
                          slotProps={{ inputLabel: { shrink: true } }}
                        />
                        <TextField
                          label="Time"
                          type="time"
                          size="small"
                          value={draft.time}
                          disabled={busy}
                          onChange={(e) => setDraft({ time: e.target.value })}
                          slotProps={{ inputLabel: { shrink: true } }}
                        />
                      </Stack>
                    </TableCell>
                    <TableCell data-label={col.vehicle}>
                      <Stack spacing={1} sx={{ minWidth: 170 }}>
                        <TextField
                          select
                          label="Vehicle type"
                          size="small"
                          value={draft.vehicleType}
                          disabled={busy}
                          onChange={(e) => setDraft({ vehicleType: e.target.value })}
                        >
                          {vehicleTypes.map((t) => (
                            <MenuItem key={t.name} value={t.name}>
                              {t.name}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          label="Vehicle"
                          size="small"
                          value={draft.vehicle}
                          disabled={busy}
                          onChange={(e) => setDraft({ vehicle: e.target.value })}
                          slotProps={{ htmlInput: { maxLength: 200 } }}
                        />
                      </Stack>
                    </TableCell>
                    <TableCell data-label={col.status}>
                      <StatusChip status={booking.status} />
                    </TableCell>
                    <TableCell data-label={col.total} align="right">
                      <TextField
                        label="Total"
                        type="number"
                        size="small"
                        value={draft.totalPrice}
                        disabled={busy}
                        error={totalInvalid}
                        onChange={(e) => setDraft({ totalPrice: e.target.value })}
                        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
                        sx={{ width: 110 }}
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
                          onClick={() => void save(booking)}
                        >
                          {rowWorking === 'save' ? 'Processing...' : 'Save'}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          aria-describedby={idCell}
                          onClick={() => setEditing(null)}
                        >
                          Cancel
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              }
              return (
                <TableRow key={booking.bookingId}>
                  <TableCell data-label={col.id} id={idCell} sx={{ wordBreak: 'break-all' }}>
                    {booking.bookingId}
                  </TableCell>
                  <TableCell data-label={col.when}>
                    {formatShortDateTime(booking.startsAt)}
                  </TableCell>
                  <TableCell data-label={col.vehicle}>
                    {shownVehicle || booking.vehicleType || '—'}
                  </TableCell>
                  <TableCell data-label={col.status}>
                    <StatusChip status={booking.status} />
                  </TableCell>
                  <TableCell data-label={col.total} align="right">
                    {formatUsd(booking.totalPrice)}
                  </TableCell>
                  <TableCell data-label={col.source}>{sourceLabel(booking.source)}</TableCell>
                  <TableCell data-label={col.actions}>
                    {booking.status === 'Booked' ? (
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={busy}
                          aria-describedby={idCell}
                          onClick={() =>
                            setEditing({
                              bookingId: booking.bookingId,
                              draft: draftFromBooking(booking, shownVehicle),
                            })
                          }
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          aria-describedby={idCell}
                          onClick={() => void cancel(booking)}
                        >
                          {rowWorking === 'cancel' ? 'Processing...' : 'Cancel'}
                        </Button>
                      </Stack>
                    ) : (
                      <Box component="span" sx={{ color: 'text.secondary' }} aria-hidden>
                        —
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollableTable>
      {pagination}
      {dialog}
    </>
  );
}

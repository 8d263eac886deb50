import { cardRowsOnPhone, ScrollableTable } from '../../components/ScrollableTable';
import { useMemo, useState } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useCancelBookingMutation, useUpdateBookingMutation } from '../../api/endpoints';
import type { WebsiteBooking } from '../../api/normalize';
import { errorMessage, slotRefusal, type FreeTime } from '../../api/errors';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast';
import {
  draftFromBooking,
  updateBody,
  updateFailureMessage,
  type BookingDraft,
} from './bookingEdit';
import { newestFirst, usePagination } from './display';
import { usePublishedOffer } from './publishedOffer';
import { bookingsMessages as m } from './messages';
import { BookingEditRow } from './BookingEditRow';
import { BookingReadRow } from './BookingReadRow';
import { vehicleText, websiteColumns as col } from './websiteColumns';

interface Props {
  bookings: readonly WebsiteBooking[];
  /** The shown vehicle of each booking whose record only holds a vehicle id. */
  vehicleNames: ReadonlyMap<string, string>;
}

interface Editing {
  bookingId: string;
  draft: BookingDraft;
  /** The last save's refusal of a taken time (409), with the nearest free times. */
  refusal: { message: string; nearest: FreeTime[] } | null;
}

interface Working {
  bookingId: string;
  action: 'save' | 'cancel';
}

/**
 * Website Bookings (docs/product.md §2, §4 booking actions): Booked rows can be edited (one row
 * at a time) or cancelled after confirmation; Completed and Cancelled rows offer Book again.
 * The list in the cache is updated by the endpoints (src/api/endpoints.ts).
 */
export function WebsiteBookingsTable({ bookings, vehicleNames }: Props) {
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [updateBooking] = useUpdateBookingMutation();
  const [cancelBooking] = useCancelBookingMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const offer = usePublishedOffer(editing !== null);
  const [working, setWorking] = useState<Working | null>(null);
  const rows = useMemo(() => newestFirst(bookings), [bookings]);
  const { visible, pagination } = usePagination(rows);

  async function cancel(booking: WebsiteBooking) {
    const ok = await confirm({
      title: m.cancelTitle,
      message: m.cancelConfirmation,
      confirmLabel: m.confirmCancel,
      cancelLabel: m.keepBooking,
    });
    if (!ok) return;
    setWorking({ bookingId: booking.bookingId, action: 'cancel' });
    try {
      await cancelBooking({ id: booking.bookingId }).unwrap();
      setEditing(null);
      toast.success(m.cancelled);
    } catch (error) {
      toast.error(errorMessage(error, m.cancelFailed));
    } finally {
      setWorking(null);
    }
  }

  async function save(booking: WebsiteBooking) {
    if (!editing) return;
    const body = updateBody(editing.draft, booking, vehicleText(booking, vehicleNames), offer);
    if (!body) return;
    setWorking({ bookingId: booking.bookingId, action: 'save' });
    try {
      await updateBooking({ id: booking.bookingId, bookingUpdate: body }).unwrap();
      setEditing(null);
      toast.success(m.updated);
    } catch (error) {
      // The form stays open with what was typed; a taken time offers the nearest free ones.
      const nearest = slotRefusal(error);
      const message = updateFailureMessage(error, m.updateFailed);
      if (nearest) {
        setEditing((current) => current && { ...current, refusal: { message, nearest } });
      } else toast.error(message);
    } finally {
      setWorking(null);
    }
  }

  const busy = working !== null;
  const setDraft = (patch: Partial<BookingDraft>) =>
    setEditing((current) =>
      current
        ? {
            ...current,
            draft: { ...current.draft, ...patch },
            // A new date or time answers the refusal.
            refusal: 'date' in patch || 'time' in patch ? null : current.refusal,
          }
        : current,
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
              const shownVehicle = vehicleText(booking, vehicleNames);
              const rowWorking = working?.bookingId === booking.bookingId ? working.action : null;
              return editing?.bookingId === booking.bookingId ? (
                <BookingEditRow
                  key={booking.bookingId}
                  booking={booking}
                  shownVehicle={shownVehicle}
                  draft={editing.draft}
                  busy={busy}
                  saving={rowWorking === 'save'}
                  onChange={setDraft}
                  refusal={editing.refusal}
                  onSave={() => void save(booking)}
                  onClose={() => setEditing(null)}
                />
              ) : (
                <BookingReadRow
                  key={booking.bookingId}
                  booking={booking}
                  shownVehicle={shownVehicle}
                  busy={busy}
                  cancelling={rowWorking === 'cancel'}
                  onEdit={() =>
                    setEditing({
                      bookingId: booking.bookingId,
                      draft: draftFromBooking(booking, shownVehicle),
                      refusal: null,
                    })
                  }
                  onCancel={() => void cancel(booking)}
                />
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

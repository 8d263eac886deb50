import { ScrollableTable } from '../../components/ScrollableTable';
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ExternalBooking } from '../../api/normalize';
import { formatShortDateTime } from '../../lib/dates';
import { newestFirst, StatusChip, usePagination } from './display';
import { CalendlyLinks } from '../../components/CalendlyLinks';

/** Bookings made in the external scheduling service: read-only (docs/product.md §2, §6). */
export function CalendlyBookingsTable({ bookings }: { bookings: readonly ExternalBooking[] }) {
  const rows = useMemo(() => newestFirst(bookings), [bookings]);
  const { visible, pagination } = usePagination(rows);
  return (
    <>
      <ScrollableTable aria-label="Calendly bookings">
        <Table size="small" aria-label="Calendly bookings" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>Booking ID</TableCell>
              <TableCell>Start Time</TableCell>
              <TableCell>Service</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Source</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((booking, index) => (
              <TableRow key={booking.bookingId || `calendly-${index}`}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{booking.bookingId || '—'}</TableCell>
                <TableCell>{formatShortDateTime(booking.startsAt)}</TableCell>
                <TableCell>{booking.serviceName}</TableCell>
                <TableCell>
                  <StatusChip status={booking.status} />
                </TableCell>
                <TableCell>
                  {booking.source}
                  {booking.status === 'Booked' && (
                    <Box sx={{ mt: 0.5 }}>
                      <CalendlyLinks booking={booking} />
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
      {pagination}
    </>
  );
}

import { cardRowsOnPhone, ScrollableTable } from '../../components/ScrollableTable';
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ExternalBooking } from '../../api/normalize';
import { formatShortDateTime } from '../../../domain/dates';
import { newestFirst, StatusChip, usePagination } from './display';
import { CalendlyLinks } from '../../components/CalendlyLinks';

/** The columns (docs/product.md §2); each body cell carries its name for the phone cards. */
const col = {
  id: 'Booking ID',
  start: 'Start Time',
  service: 'Service',
  status: 'Status',
  source: 'Source',
} as const;

/** Bookings made in the external scheduling service: read-only (docs/product.md §2, §6). */
export function CalendlyBookingsTable({ bookings }: { bookings: readonly ExternalBooking[] }) {
  const rows = useMemo(() => newestFirst(bookings), [bookings]);
  const { visible, pagination } = usePagination(rows);
  return (
    <>
      <ScrollableTable aria-label="Calendly bookings">
        <Table size="small" aria-label="Calendly bookings" sx={cardRowsOnPhone(560)}>
          <TableHead>
            <TableRow>
              <TableCell>{col.id}</TableCell>
              <TableCell>{col.start}</TableCell>
              <TableCell>{col.service}</TableCell>
              <TableCell>{col.status}</TableCell>
              <TableCell>{col.source}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((booking, index) => (
              <TableRow key={booking.bookingId || `calendly-${index}`}>
                <TableCell data-label={col.id} sx={{ wordBreak: 'break-all' }}>
                  {booking.bookingId || '—'}
                </TableCell>
                <TableCell data-label={col.start}>
                  {formatShortDateTime(booking.startsAt)}
                </TableCell>
                <TableCell data-label={col.service}>{booking.serviceName}</TableCell>
                <TableCell data-label={col.status}>
                  <StatusChip status={booking.status} />
                </TableCell>
                <TableCell data-label={col.source}>
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

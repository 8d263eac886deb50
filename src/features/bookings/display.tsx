import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import type { BookingStatus } from '../../lib/status';
import { bookingsMessages } from './messages';

const chipProps: Record<
  BookingStatus,
  { color: 'primary' | 'success' | 'default'; variant: 'outlined' | 'filled' }
> = {
  Booked: { color: 'primary', variant: 'outlined' },
  Completed: { color: 'success', variant: 'filled' },
  Cancelled: { color: 'default', variant: 'filled' },
};

/**
 * A booking's status. A Booked request the owner has not scheduled yet says so (the stored
 * status stays Booked: docs/product.md, My Bookings); a Calendly booking never waits.
 */
export function StatusChip({
  status,
  awaitingConfirmation = false,
}: {
  status: BookingStatus;
  awaitingConfirmation?: boolean;
}) {
  const waiting = status === 'Booked' && awaitingConfirmation;
  return (
    <Chip
      size="small"
      label={waiting ? bookingsMessages.awaitingConfirmation : status}
      {...chipProps[status]}
      {...(waiting ? { variant: 'outlined', color: 'default' } : {})}
      // The longer label wraps inside its cell on a phone rather than widening the card.
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}

/** "website" (or nothing) reads "Website"; other sources keep their name, capitalised. */
export function sourceLabel(source: string): string {
  const text = source.trim() || 'website';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Newest first; bookings without a known date last. Does not change the input. */
export function newestFirst<T extends { startsAt: string }>(rows: readonly T[]): T[] {
  // Each date is read once (not once per comparison): this sorts thousands of bookings.
  return rows
    .map((row) => ({
      row,
      time: row.startsAt ? Date.parse(row.startsAt) : Number.NEGATIVE_INFINITY,
    }))
    .sort((a, b) => (b.time > a.time ? 1 : b.time < a.time ? -1 : 0))
    .map(({ row }) => row);
}

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50];

/** Client-side pagination of a list: the visible page and the MUI TablePagination for it. */
export function usePagination<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0]!);
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const current = Math.min(page, lastPage);
  const visible = useMemo(
    () => rows.slice(current * rowsPerPage, current * rowsPerPage + rowsPerPage),
    [rows, current, rowsPerPage],
  );
  const pagination =
    rows.length > ROWS_PER_PAGE_OPTIONS[0]! ? (
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
        sx={{
          // On a phone the count and the arrows come first; the page-size menu waits for room.
          '& .MuiTablePagination-toolbar': { pl: 0, flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
            display: { xs: 'none', sm: 'inline-flex' },
          },
        }}
      />
    ) : null;
  return { visible, pagination };
}

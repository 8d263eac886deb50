/** The owner's customers: newest account first, a search, and more pages on request. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useListOwnerCustomersQuery } from '../api/endpoints';
import { formatCount } from '../../../lib/formatCount';
import { customerPath } from './paths';
import { customersTexts as t } from './messages';
import { Failure } from '../Failure';

/** A list item that is not a customer (loading, error, empty, more). */
function Row({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 2 }}>
      {children}
    </Box>
  );
}

/** One page of the list; the last page offers the next one. */
function CustomerPage({
  q,
  cursor,
  isLast,
  onMore,
}: {
  q: string;
  cursor: string | undefined;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) {
  const { data, error, isFetching, refetch } = useListOwnerCustomersQuery({
    q: q || undefined,
    cursor,
    limit: 20,
  });
  if (!data && isFetching) {
    return (
      <Row>
        <CircularProgress aria-label={cursor ? t.loadingMore : t.loading} />
      </Row>
    );
  }
  if (error || !data) {
    return (
      <Row>
        <Failure error={error} fallback={t.error} onRetry={() => void refetch()} />
      </Row>
    );
  }
  if (!cursor && data.items.length === 0) {
    return (
      <Row>
        <Typography>{q ? t.noMatch(q) : t.empty}</Typography>
      </Row>
    );
  }
  return (
    <>
      {data.items.map((customer) => (
        <Box
          component="li"
          key={customer.userId}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
        >
          <Link component={RouterLink} to={customerPath(customer.userId)} variant="subtitle1">
            {customer.name || t.noName}
          </Link>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {customer.email}
            {customer.phone ? ` · ${customer.phone}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.points(formatCount(customer.points))} · {t.bookings(customer.bookingCount)}
          </Typography>
        </Box>
      ))}
      {isLast && data.nextCursor ? (
        <Row>
          <Button variant="outlined" onClick={() => onMore(data.nextCursor!)}>
            {t.more}
          </Button>
        </Row>
      ) : null}
    </>
  );
}

export default function CustomersPage() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const search = (next: string) => {
    setQ(next.trim());
    setCursors([undefined]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t.title}
      </Typography>
      <Box component="form" role="search" onSubmit={onSubmit} sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            id={searchId}
            label={t.searchLabel}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
            type="search"
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              {t.search}
            </Button>
            {q ? (
              <Button
                onClick={() => {
                  setDraft('');
                  search('');
                }}
              >
                {t.clear}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Box>
      <Box component="ul" aria-label={t.listLabel} sx={{ p: 0, m: 0 }}>
        {cursors.map((cursor, index) => (
          <CustomerPage
            key={cursor ?? 'first'}
            q={q}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((list) => [...list, next])}
          />
        ))}
      </Box>
    </Box>
  );
}

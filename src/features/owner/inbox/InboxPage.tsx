import { memo, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { formatShortDateTime } from '../../../../domain/dates';
import { usePageMeta } from '../../../components/usePageMeta';
import { useListOwnerRequestsQuery } from '../api/endpoints';
import { type BookingStatus, type ListOwnerRequestsApiArg } from '../api/generated';
import { Failure } from '../Failure';
import { CountLabel } from '../StatusChips';
import { OWNER_TEXT } from '../messages';
import { REQUEST_LIST_CLASS, RequestCard } from './RequestCard';

const T = OWNER_TEXT.inbox;
/** Requests per page of the inbox. */
export const INBOX_PAGE_SIZE = 20;
const STATUSES: BookingStatus[] = ['Booked', 'Completed', 'Cancelled'];

/** Performance marks for the scale benchmark: the first page's data arrived, then painted. */
export const INBOX_MARK_DATA = 'owner-inbox:data';
export const INBOX_MARK_RENDERED = 'owner-inbox:rendered';
function mark(name: string) {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(name);
}
/**
 * Marks once the committed page has been painted: an effect runs after React's commit but before
 * the browser lays out and paints it; the next frame's callback runs before that paint, and a
 * task queued from it runs after.
 */
function markAfterPaint(name: string) {
  if (typeof requestAnimationFrame !== 'function') return mark(name);
  requestAnimationFrame(() => setTimeout(() => mark(name), 0));
}
let lastMarkedPage: unknown = null;
/** Marks the arrival of a new first page once (renders of the same page do not re-mark). */
function markPageArrived(page: unknown) {
  if (!page || page === lastMarkedPage) return;
  lastMarkedPage = page;
  mark(INBOX_MARK_DATA);
}

interface Filters {
  status: '' | BookingStatus;
  from: string;
  to: string;
  town: string;
  q: string;
}
const NO_FILTERS: Filters = { status: '', from: '', to: '', town: '', q: '' };

/** The query of one page: empty filters are left out. */
function pageArgs(filters: Filters, cursor: string | undefined): ListOwnerRequestsApiArg {
  return {
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    town: filters.town.trim() || undefined,
    q: filters.q.trim() || undefined,
    cursor,
    limit: INBOX_PAGE_SIZE,
  };
}

/** The requests of one loaded page, as items of the inbox's list. */
function InboxChunk({ args }: { args: ListOwnerRequestsApiArg }) {
  const { currentData } = useListOwnerRequestsQuery(args);
  return currentData?.items.map((booking) => (
    <RequestCard key={booking.bookingId} booking={booking} />
  ));
}

/** The filters the search field does not cover, each set when not empty. */
const MORE_FILTERS = ['status', 'town', 'from', 'to'] as const;

/**
 * The filters (memoised: the arrival of a page of requests does not render the form again). The
 * search is always there; the status, town and dates open with "More filters", so the requests
 * start on a phone's first screen and the page has four text fields fewer to draw while its first
 * page of requests is on its way. What was typed into them stays when they fold away.
 */
const FilterForm = memo(function FilterForm({
  draft,
  onChange,
  onApply,
  onClear,
}: {
  draft: Filters;
  onChange: (next: Filters) => void;
  onApply: () => void;
  onClear: () => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const setCount = MORE_FILTERS.filter((key) => draft[key].trim() !== '').length;
  return (
    <Box component="form" role="search" aria-label={T.filtersLabel} onSubmit={submit} noValidate>
      <TextField
        fullWidth
        label={T.search}
        type="search"
        value={draft.q}
        onChange={set('q')}
        size="small"
      />
      {open && (
        <Box
          id={panelId}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
            mt: 1.5,
          }}
        >
          <TextField
            select
            label={T.status}
            value={draft.status}
            onChange={set('status')}
            size="small"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{T.anyStatus}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </TextField>
          <TextField label={T.town} value={draft.town} onChange={set('town')} size="small" />
          {(['from', 'to'] as const).map((key) => (
            <TextField
              key={key}
              label={T[key]}
              type="date"
              value={draft[key]}
              onChange={set(key)}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button type="submit" variant="contained">
          {T.apply}
        </Button>
        <Button
          type="button"
          variant="outlined"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {T.more(setCount)}
        </Button>
        <Button type="button" onClick={onClear}>
          {T.clear}
        </Button>
      </Stack>
    </Box>
  );
});

/**
 * The requests inbox (docs/product.md, "The owner console"): newest first, the count of new
 * ones, filters applied on the server, pages loaded one after the other with "Load more".
 */
export function InboxPage() {
  usePageMeta(T.title);
  const headingId = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const first = useListOwnerRequestsQuery(pageArgs(filters, undefined));
  const lastArgs = pageArgs(filters, cursors[cursors.length - 1]);
  const last = useListOwnerRequestsQuery(lastArgs);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const apply = useCallback((next: Filters) => {
    setFilters(next);
    setCursors([undefined]);
  }, []);
  const applyDraft = useCallback(() => apply(draft), [apply, draft]);
  const clear = useCallback(() => {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  }, [apply]);

  const firstPage = first.currentData;
  markPageArrived(firstPage);
  useEffect(() => {
    if (firstPage) markAfterPaint(INBOX_MARK_RENDERED);
  }, [firstPage]);
  let body;
  if (!firstPage && first.isFetching) {
    body = <LoadingStatus label={T.loading} text={T.loading} />;
  } else if (first.isError || !firstPage) {
    body = <Failure error={first.error} fallback={T.failed} onRetry={() => void first.refetch()} />;
  } else if (firstPage.items.length === 0) {
    body = <Typography sx={{ py: 3 }}>{filtered ? T.emptyFiltered : T.empty}</Typography>;
  } else {
    const nextCursor = last.currentData?.nextCursor;
    body = (
      <>
        <ul className={REQUEST_LIST_CLASS} aria-label={T.listLabel}>
          {cursors.map((cursor) => (
            <InboxChunk key={cursor ?? 'first'} args={pageArgs(filters, cursor)} />
          ))}
        </ul>
        <Box sx={{ py: 2, textAlign: 'center' }}>
          {!last.currentData && last.isFetching ? (
            <LoadingStatus label={T.loadingMore} text={T.loadingMore} />
          ) : last.isError ? (
            <Failure error={last.error} fallback={T.failed} onRetry={() => void last.refetch()} />
          ) : nextCursor ? (
            <Button variant="outlined" onClick={() => setCursors([...cursors, nextCursor])}>
              {T.loadMore}
            </Button>
          ) : (
            <Typography color="text.secondary">{T.end}</Typography>
          )}
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
      >
        <Typography id={headingId} variant="h4" component="h1">
          {T.title}
        </Typography>
        {first.data && (
          <CountLabel
            color={first.data.newCount > 0 ? 'primary' : 'default'}
            label={T.newCount(first.data.newCount)}
          />
        )}
      </Stack>
      {first.data?.mailDigest && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.digest(
            first.data.mailDigest.count,
            formatShortDateTime(first.data.mailDigest.sendsAt),
          )}
        </Alert>
      )}
      <FilterForm draft={draft} onChange={setDraft} onApply={applyDraft} onClear={clear} />
      <Box sx={{ mt: 2 }}>{body}</Box>
    </Box>
  );
}

import { Panel } from '../../components/Panel';
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useListBookingsQuery,
  useListCalendlyBookingsQuery,
  useListMyVehiclesQuery,
} from '../../api/endpoints';
import type { ExternalBooking, WebsiteBooking } from '../../api/normalize';
import { vehicleName } from '../../../domain/vehicle';
import { errorMessage } from '../../api/errors';
import { SectionLink } from '../../components/SectionLink';
import { QUOTE_SECTION_PATH } from '../../lib/bookAgain';
import { useToast } from '../../components/toast';
import { usePageMeta } from '../../components/usePageMeta';
import { WebsiteBookingsTable } from './WebsiteBookingsTable';
import { CalendlyBookingsTable } from './CalendlyBookingsTable';
import { ClaimableRequests } from './ClaimableRequests';
import { bookingsMessages as m } from './messages';

// The charts (and @mui/x-charts) load in their own chunk, in parallel with the data, so the
// tables never wait for them. Not React.lazy: a lazy component suspends on its first render
// even when its chunk is there, and React holds a revealed Suspense boundary back for up to
// 300 ms, which alone would miss the 2,000-booking render budget (README.md, bench/results.md).
type ChartsModule = typeof import('./BookingCharts');
let chartsModule: ChartsModule | null = null;
const loadCharts = () =>
  import('./BookingCharts').then((m) => {
    chartsModule = m;
    return m;
  });

/** The charts component once its chunk has loaded (the load starts with the page). */
function useBookingCharts() {
  const [loaded, setLoaded] = useState<ChartsModule | null>(chartsModule);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadCharts().then(
      (m) => live && setLoaded(m),
      () => undefined, // offline: the page works without its charts
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded?.default ?? null;
}

const NO_WEBSITE: WebsiteBooking[] = [];
const NO_EXTERNAL: ExternalBooking[] = [];
const CHARTS_MIN_HEIGHT = 380;

/** Performance marks for the scale benchmark: data arrived, then rendered. */
export const MARK_DATA = 'bookings:data';
export const MARK_RENDERED = 'bookings:rendered';
function mark(name: string) {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(name);
}
let lastMarkedData: readonly unknown[] = [];
/** Marks the arrival of a new pair of lists once (renders of the same data do not re-mark). */
function markDataArrived(data: readonly unknown[]) {
  if (data.length === lastMarkedData.length && data.every((d, i) => d === lastMarkedData[i]))
    return;
  lastMarkedData = data;
  mark(MARK_DATA);
}

/** My Bookings (docs/product.md §2): charts, website bookings (editable while Booked), Calendly bookings. */
export function BookingsPage() {
  usePageMeta('My Bookings');
  const toast = useToast();
  // Both lists (and the vehicles that name vehicle ids) load together on entry.
  const website = useListBookingsQuery();
  const calendly = useListCalendlyBookingsQuery();
  const vehicles = useListMyVehiclesQuery();
  const BookingCharts = useBookingCharts();

  const loading = website.isLoading || calendly.isLoading;
  const bothFailed = website.isError && calendly.isError;
  const websiteList = website.isError ? NO_WEBSITE : (website.data ?? NO_WEBSITE);
  const externalList = calendly.isError ? NO_EXTERNAL : (calendly.data ?? NO_EXTERNAL);
  const anyBookings = websiteList.length > 0 || externalList.length > 0;

  if (!loading) markDataArrived([website.data, calendly.data, website.error, calendly.error]);

  // Failures toast once per failed answer, when both lists have answered (docs/product.md §8).
  const toasted = useRef<{ website: unknown; calendly: unknown }>({
    website: undefined,
    calendly: undefined,
  });
  useEffect(() => {
    if (loading) return;
    const seen = toasted.current;
    const w = website.error;
    const c = calendly.error;
    if (w && c) {
      if (seen.website !== w || seen.calendly !== c) toast.error(m.historyFailed);
    } else {
      if (w && seen.website !== w) toast.error(errorMessage(w, m.websiteFailed));
      if (c && seen.calendly !== c) toast.error(errorMessage(c, m.calendlyFailed));
    }
    toasted.current = { website: w, calendly: c };
  }, [loading, website.error, calendly.error, toast]);

  const markRendered = useCallback(() => mark(MARK_RENDERED), []);
  useEffect(() => {
    // Without charts the table is all there is to render.
    if (!loading && !anyBookings) markRendered();
  }, [loading, anyBookings, websiteList, externalList, markRendered]);

  const vehicleNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const v of vehicles.data ?? []) if (v.vehicleId) names.set(v.vehicleId, vehicleName(v));
    return names;
  }, [vehicles.data]);

  const retry = () => {
    void website.refetch();
    void calendly.refetch();
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        My Bookings
      </Typography>
      {loading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }}>
          <CircularProgress size={28} aria-hidden />
          <Typography>{m.loading}</Typography>
        </Box>
      ) : bothFailed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {m.tryAgain}
            </Button>
          }
        >
          {m.historyFailed}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <ClaimableRequests />
          {anyBookings &&
            (BookingCharts ? (
              // A module export, the same component on every render (not one made here).
              createElement(BookingCharts, {
                website: websiteList,
                external: externalList,
                onCommitted: markRendered,
              })
            ) : (
              <Box sx={{ minHeight: CHARTS_MIN_HEIGHT }} aria-hidden />
            ))}
          <Panel title="Website Bookings" dense>
            {websiteList.length > 0 ? (
              <WebsiteBookingsTable bookings={websiteList} vehicleNames={vehicleNames} />
            ) : (
              <Typography>
                {m.noWebsiteBookings}{' '}
                <Link component={SectionLink} to={QUOTE_SECTION_PATH}>
                  {m.bookService}
                </Link>
              </Typography>
            )}
          </Panel>
          <Panel title="Calendly Bookings" dense>
            <Alert severity="info" role="note" sx={{ mb: 2 }}>
              {m.calendlyNote}
            </Alert>
            {externalList.length > 0 ? (
              <CalendlyBookingsTable bookings={externalList} />
            ) : (
              <Typography>{m.noCalendlyBookings}</Typography>
            )}
          </Panel>
        </Stack>
      )}
    </Container>
  );
}

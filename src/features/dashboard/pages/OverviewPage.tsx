import { useDeferredValue, useMemo } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { SectionLink } from '../../../components/SectionLink';
import { DashboardPageBody } from '../../../components/DashboardPageBody';
import { usePageMeta } from '../../../components/usePageMeta';
import { QUOTE_SECTION_PATH } from '../../../lib/bookAgain';
import { statusCounts } from '../../../lib/bookingStats';
import { useDashboardData } from '../useDashboardData';
import { upcomingFromBookings } from '../appointments';
import { addressText } from '../../../../domain/address';
import { ClaimableRequestsCard } from '../components/ClaimableRequestsCard';
import { SummaryCards } from '../components/SummaryCards';
import { UpcomingAppointments } from '../components/UpcomingAppointments';
import { LoyaltyPanel } from '../components/LoyaltyPanel';
import { SubscriptionCard } from '../components/SubscriptionCard';
import { DASHBOARD_LOAD_FAILED, DASHBOARD_PREPARE_FAILED, dashboardTexts } from '../messages';

/** Dashboard home (docs/product.md §2). */
export function OverviewPage() {
  usePageMeta('Dashboard');
  const live = useDashboardData();
  const { isFetching, failed, refresh } = live;
  // The cards render at transition priority once the data is in: React renders them in slices
  // that leave the main thread free, instead of one long task (docs/architecture.md, "The
  // dashboard's first paint").
  const data = useDeferredValue(live.data);
  const isLoading = useDeferredValue(live.isLoading);

  const derived = useMemo(() => {
    try {
      // Both kinds of booking are the customer's: they count, chart and list together.
      const allBookings = [...data.websiteBookings, ...data.externalBookings];
      return {
        totalBookings: allBookings.length,
        counts: statusCounts(allBookings),
        upcoming: upcomingFromBookings(data.websiteBookings, data.externalBookings),
        location: addressText(data.profile?.serviceAddress),
      };
    } catch (error) {
      console.error('Dashboard: failed to prepare the figures', error);
      return null;
    }
  }, [data]);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h4" component="h1">
          {dashboardTexts.title}
        </Typography>
        <Stack direction="row" spacing={1}>
          {/* The quote wizard, prefilled from the account (docs/product.md, signed-in quote). */}
          <Button variant="contained" component={SectionLink} to={QUOTE_SECTION_PATH}>
            {dashboardTexts.bookService}
          </Button>
          <Button
            variant="outlined"
            onClick={refresh}
            disabled={isFetching}
            startIcon={<RefreshIcon />}
          >
            {isFetching ? dashboardTexts.refreshing : dashboardTexts.refresh}
          </Button>
        </Stack>
      </Stack>

      <DashboardPageBody
        loading={isLoading}
        loadingLabel={dashboardTexts.loading}
        loadingText={dashboardTexts.loading}
        error={failed ? DASHBOARD_LOAD_FAILED : !derived && DASHBOARD_PREPARE_FAILED}
      >
        {() =>
          derived && (
            <Stack spacing={3}>
              <ClaimableRequestsCard />
              <SummaryCards
                vehicles={data.vehicles.length}
                bookings={derived.totalBookings}
                points={data.loyalty.points}
              />
              <Grid container spacing={3}>
                <Grid size={{ xs: 12, md: 7 }}>
                  <Stack spacing={3}>
                    <UpcomingAppointments
                      appointments={derived.upcoming}
                      location={derived.location}
                    />
                    <SubscriptionCard subscriptions={data.subscriptions} />
                  </Stack>
                </Grid>
                <Grid size={{ xs: 12, md: 5 }}>
                  <LoyaltyPanel points={data.loyalty.points} counts={derived.counts} />
                </Grid>
              </Grid>
            </Stack>
          )
        }
      </DashboardPageBody>
    </Container>
  );
}

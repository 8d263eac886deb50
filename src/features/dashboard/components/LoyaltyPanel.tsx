import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { levelForPoints, nextTier, progressPercent } from '../../../../domain/loyaltyPoints';
import { PROGRESS_MAX_POINTS, rewardHints, TOP_LEVEL_MESSAGE } from '../../../../domain/loyalty';
import { bookingStatuses, percentOfTotal, type StatusCounts } from '../../../lib/bookingStats';
import { useNearViewport } from '../../../components/useNearViewport';
import { formatCount } from '../../../lib/formatCount';
import { dashboardTexts } from '../messages';

const BookingStatusChart = lazy(() => import('./BookingStatusChart'));

/**
 * The Loyalty Program panel (docs/product.md §2, §9): level, points, progress (points / 5000, capped at
 * 100%), Upcoming Rewards hints, the top-level message at Platinum, and the Booking Status
 * chart with a text summary of the same counts for screen readers and before it loads.
 */
export function LoyaltyPanel({ points, counts }: { points: number; counts: StatusCounts }) {
  const level = levelForPoints(points);
  const next = nextTier(points);
  const percent = progressPercent(points);
  const total = bookingStatuses.reduce((sum, s) => sum + counts[s], 0);
  // The chart's code (the charts library) is fetched only when the chart nears the viewport.
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
  return (
    <Card variant="outlined" component="section" aria-labelledby="loyalty-heading">
      <CardContent>
        <Typography id="loyalty-heading" variant="h5" component="h2" gutterBottom>
          {dashboardTexts.loyaltyTitle}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }}>
          <Typography>
            Level: <strong>{level}</strong>
          </Typography>
          <Typography>
            Points: <strong>{formatCount(points)}</strong>
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={`Progress to ${formatCount(PROGRESS_MAX_POINTS)} points`}
          aria-valuetext={`${Math.round(percent)}%`}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {formatCount(Math.min(points, PROGRESS_MAX_POINTS))} / {formatCount(PROGRESS_MAX_POINTS)}{' '}
          points
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {next ? `${formatCount(next.pointsNeeded)} points to ${next.name}` : TOP_LEVEL_MESSAGE}
        </Typography>

        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          Upcoming Rewards
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
          {rewardHints.map((hint) => (
            <li key={hint.label}>
              <Typography variant="body2">{`${hint.label} +${hint.points} points`}</Typography>
            </li>
          ))}
        </Box>

        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          Booking Status
        </Typography>
        {total === 0 ? (
          <Typography color="text.secondary">No bookings yet.</Typography>
        ) : (
          <>
            <Box
              component="ul"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.25,
                p: 0,
                my: 0.5,
                listStyle: 'none',
              }}
            >
              {bookingStatuses.map((status) => (
                <Typography component="li" variant="body2" key={status}>
                  {status}: {counts[status]} ({percentOfTotal(counts[status], total)})
                </Typography>
              ))}
            </Box>
            <Box ref={chartRef} aria-hidden sx={{ height: 220 }}>
              {chartNear ? (
                <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
                  <BookingStatusChart counts={counts} />
                </Suspense>
              ) : (
                <Skeleton variant="rectangular" height={220} animation={false} />
              )}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

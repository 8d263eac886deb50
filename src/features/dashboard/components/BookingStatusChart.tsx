import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import { bookingStatuses, percentOfTotal, type StatusCounts } from '../../../lib/bookingStats';

/**
 * The Booking Status bar chart (docs/product.md §2, §9): Booked, Completed, Cancelled, with the count and
 * its percentage of the total (one decimal) in the tooltip. Loaded lazily: @mui/x-charts is
 * only imported here so the dashboard shell shows before the chart code arrives.
 */
export default function BookingStatusChart({ counts }: { counts: StatusCounts }) {
  const theme = useTheme();
  const values = bookingStatuses.map((status) => counts[status]);
  const total = values.reduce((sum, n) => sum + n, 0);
  return (
    <BarChart
      height={220}
      hideLegend
      // Drawn for sighted users only (its box is aria-hidden; the list above it is the text
      // version), so it must not take keyboard focus either.
      disableKeyboardNavigation
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'band',
          data: [...bookingStatuses],
          colorMap: {
            type: 'ordinal',
            values: [...bookingStatuses],
            colors: [
              theme.palette.primary.main,
              theme.palette.success.main,
              theme.palette.error.main,
            ],
          },
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 32 }]}
      series={[
        {
          data: values,
          label: 'Bookings',
          valueFormatter: (value) =>
            value === null ? null : `${value} (${percentOfTotal(value, total)})`,
        },
      ]}
    />
  );
}

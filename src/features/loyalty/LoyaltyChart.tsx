/** The cumulative points line (docs/product.md §2, §4), loaded lazily with @mui/x-charts. */
import { LineChart } from '@mui/x-charts/LineChart';
import { useTheme } from '@mui/material/styles';
import type { CumulativePoint } from '../../../domain/loyaltySeries';
import { formatCount } from '../../lib/formatCount';
import { loyaltyMessages as m } from './messages';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayLabel = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export default function LoyaltyChart({
  series,
  labelledBy,
}: {
  series: readonly CumulativePoint[];
  labelledBy: string;
}) {
  const theme = useTheme();
  return (
    <LineChart
      height={280}
      aria-labelledby={labelledBy}
      xAxis={[
        {
          scaleType: 'time',
          data: series.map((p) => p.date),
          tickMinStep: DAY_MS,
          tickNumber: 5,
          valueFormatter: (date: Date, context) =>
            context.location === 'tick'
              ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
              : dayLabel(date),
        },
      ]}
      yAxis={[{ width: 56 }]}
      series={[
        {
          data: series.map((p) => p.total),
          label: m.chartSeries,
          color: theme.palette.primary.main,
          curve: 'linear',
          showMark: true,
          valueFormatter: (v) => (v === null ? '' : m.chartValue(formatCount(v))),
        },
      ]}
      hideLegend
    />
  );
}

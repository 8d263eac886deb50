/**
 * The two My Bookings charts (docs/product.md §2, §9). Loaded lazily by BookingsPage so the tables
 * show first and @mui/x-charts stays out of the page's own chunk.
 */
import { useEffect, useMemo } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { BarPlot } from '@mui/x-charts/BarChart';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { useTheme } from '@mui/material/styles';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';
import type { ExternalBooking, WebsiteBooking } from '../../api/normalize';
import {
  amountAxisMax,
  countAxisMax,
  monthlyTrends,
  statusBreakdown,
} from '../../lib/bookingTrends';
import { formatUsd } from '../../../domain/money';

const CHART_HEIGHT = 300;

interface Props {
  website: readonly WebsiteBooking[];
  external: readonly ExternalBooking[];
  /** Called once the charts have committed (for the performance marks). */
  onCommitted?: () => void;
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const countFormatter = (value: number | null) => (value === null ? '' : String(value));
const usdFormatter = (value: number | null) => (value === null ? '' : formatUsd(value));

export default function BookingCharts({ website, external, onCommitted }: Props) {
  const theme = useTheme();
  const trends = useMemo(() => monthlyTrends(website, external), [website, external]);
  const breakdown = useMemo(() => statusBreakdown(website, external), [website, external]);
  const colors = {
    website: theme.palette.primary.main,
    external: theme.palette.secondary.main,
    amount: theme.palette.warning.main,
  };

  useEffect(() => {
    onCommitted?.();
  }, [onCommitted, trends, breakdown]);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, height: '100%' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} id="monthly-trends-title">
            Monthly Trends (Segmented)
          </Typography>
          {trends.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4 }}>
              No completed or cancelled bookings to chart yet.
            </Typography>
          ) : (
            <ChartsDataProvider
              height={CHART_HEIGHT}
              xAxis={[
                {
                  id: 'month',
                  scaleType: 'band',
                  data: trends.map((t) => t.label),
                  tickLabelStyle: { fontSize: 12 },
                },
              ]}
              yAxis={[
                {
                  id: 'count',
                  position: 'left',
                  min: 0,
                  max: countAxisMax(trends),
                  tickMinStep: 1,
                  label: 'Bookings',
                  width: 'auto',
                },
                {
                  id: 'amount',
                  position: 'right',
                  min: 0,
                  max: amountAxisMax(trends),
                  label: 'Amount spent',
                  valueFormatter: (v: number, context: AxisValueFormatterContext) =>
                    context.location === 'tick' ? compactUsd.format(v) : formatUsd(v),
                  width: 'auto',
                },
              ]}
              series={[
                {
                  type: 'bar',
                  id: 'website',
                  label: 'Website',
                  data: trends.map((t) => t.website),
                  stack: 'bookings',
                  yAxisId: 'count',
                  color: colors.website,
                  valueFormatter: countFormatter,
                },
                {
                  type: 'bar',
                  id: 'external',
                  label: 'Calendly',
                  data: trends.map((t) => t.external),
                  stack: 'bookings',
                  yAxisId: 'count',
                  color: colors.external,
                  valueFormatter: countFormatter,
                },
                {
                  type: 'line',
                  id: 'amount',
                  label: 'Website amount spent',
                  data: trends.map((t) => t.websiteAmount),
                  yAxisId: 'amount',
                  curve: 'linear',
                  // A mark on each month: a line through a single month draws nothing.
                  showMark: true,
                  color: colors.amount,
                  valueFormatter: usdFormatter,
                },
              ]}
            >
              <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'center' }}>
                <ChartsLegend />
                <ChartsSurface
                  aria-labelledby="monthly-trends-title"
                  desc="Completed and cancelled bookings per month, website and Calendly, with the amount spent on website bookings."
                >
                  <ChartsGrid horizontal />
                  <BarPlot />
                  <LinePlot />
                  <MarkPlot />
                  <ChartsAxis />
                  <ChartsAxisHighlight x="band" />
                </ChartsSurface>
                <ChartsTooltip />
              </ChartsWrapper>
            </ChartsDataProvider>
          )}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, height: '100%' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} id="status-breakdown-title">
            Status Breakdown (Stacked)
          </Typography>
          <BarChart
            height={CHART_HEIGHT}
            aria-labelledby="status-breakdown-title"
            dataset={breakdown.map((row) => ({ ...row }))}
            xAxis={[{ scaleType: 'band', dataKey: 'status' }]}
            yAxis={[{ min: 0, tickMinStep: 1, width: 'auto' }]}
            series={[
              {
                dataKey: 'website',
                label: 'Website',
                stack: 'status',
                color: colors.website,
                valueFormatter: countFormatter,
              },
              {
                dataKey: 'external',
                label: 'Calendly',
                stack: 'status',
                color: colors.external,
                valueFormatter: countFormatter,
              },
            ]}
            slotProps={{ legend: { position: { vertical: 'top', horizontal: 'center' } } }}
          />
        </Paper>
      </Grid>
    </Grid>
  );
}

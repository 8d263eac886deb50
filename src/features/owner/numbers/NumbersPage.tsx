/**
 * This month against the last (America/New_York): a bar chart (MUI X Charts) for the eye and
 * the same figures in a table for everyone, screen readers included.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetOwnerNumbersQuery } from '../api/endpoints';
import { type OwnerMonthFigures } from '../api/generated';
import { formatCount } from '../../../lib/formatCount';
import { formatUsd } from '../../../../domain/money';
import { numbersTexts as t } from '../customers/messages';
import { Failure } from '../Failure';
import { cardRowsOnPhone, ScrollableTable } from '../../../components/ScrollableTable';

type Figure = keyof typeof t.figures;
const COUNTS = ['requests', 'jobsDone', 'completedRequests'] as const satisfies Figure[];
const ROWS: Figure[] = ['requests', 'jobsDone', 'revenue', 'completedRequests'];

/** "November 2026" for "2026-11". */
function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 15)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const shown = (figure: Figure, value: number) =>
  figure === 'revenue' ? formatUsd(value) : formatCount(value);

function change(figure: Figure, last: number, current: number): string {
  const difference = current - last;
  const text = shown(figure, Math.abs(difference));
  return difference > 0 ? `+${text}` : difference < 0 ? `−${text}` : text;
}

function Figures({ last, current }: { last: OwnerMonthFigures; current: OwnerMonthFigures }) {
  const lastName = monthName(last.month);
  const currentName = monthName(current.month);
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography component="h2" variant="h6">
          {t.chartTitle}
        </Typography>
        <Box aria-hidden="true">
          <BarChart
            height={280}
            // Drawn for sighted users (its box is aria-hidden; the table below is the text
            // version), so it takes no keyboard focus either.
            disableKeyboardNavigation
            xAxis={[
              {
                scaleType: 'band',
                // The chart's own short names: a phone's narrow groups cut a long name short
                // (the table below and the definitions give the full ones).
                data: COUNTS.map((figure) => t.chartLabels[figure]),
                tickLabelInterval: () => true,
              },
            ]}
            series={[
              { label: lastName, data: COUNTS.map((figure) => last[figure]) },
              { label: currentName, data: COUNTS.map((figure) => current[figure]) },
            ]}
          />
        </Box>
        <Typography component="h2" variant="h6">
          {t.revenueTitle}
        </Typography>
        <Box aria-hidden="true">
          <BarChart
            height={200}
            disableKeyboardNavigation
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: [lastName, currentName], width: 110 }]}
            series={[
              {
                label: t.figures.revenue,
                data: [last.revenue, current.revenue],
                valueFormatter: (value) => formatUsd(value ?? 0),
              },
            ]}
          />
        </Box>
      </Paper>
      <ScrollableTable aria-label={t.tableCaption(lastName, currentName)}>
        <Table size="small" sx={cardRowsOnPhone(0)}>
          <caption>{t.tableCaption(lastName, currentName)}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t.figure}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {lastName}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {currentName}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t.change}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((figure) => (
              <TableRow key={figure}>
                <TableCell component="th" scope="row" data-label={t.figure}>
                  {t.figures[figure]}
                </TableCell>
                <TableCell align="right" data-label={lastName}>
                  {shown(figure, last[figure])}
                </TableCell>
                <TableCell align="right" data-label={currentName}>
                  {shown(figure, current[figure])}
                </TableCell>
                <TableCell align="right" data-label={t.change}>
                  {change(figure, last[figure], current[figure])}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
      <Box component="ul" sx={{ pl: 2, mt: 2 }}>
        {t.definitions.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </>
  );
}

export default function NumbersPage() {
  const { data, error, isLoading, refetch } = useGetOwnerNumbersQuery();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t.intro}</Typography>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.loading} />
        </Box>
      ) : error || !data ? (
        <Failure error={error} fallback={t.error} onRetry={() => void refetch()} />
      ) : (
        <Figures last={data.lastMonth} current={data.thisMonth} />
      )}
    </Box>
  );
}

import { Panel } from '../../components/Panel';
import { cardRowsOnPhone, ScrollableTable } from '../../components/ScrollableTable';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetLoyaltyAccountQuery } from '../../api/loyalty';
import { emptyLoyalty } from '../../api/normalize';
import { useToast } from '../../components/toast';
import { DashboardPageBody } from '../../components/DashboardPageBody';
import { usePageMeta } from '../../components/usePageMeta';
import { cumulativeSeries } from '../../../domain/loyaltySeries';
import {
  levelForPoints,
  nextTier,
  progressPercent,
  signedPoints,
} from '../../../domain/loyaltyPoints';
import { formatShortDate } from '../../../domain/dates';
import { formatUsd } from '../../../domain/money';
import { formatCount } from '../../lib/formatCount';
import {
  AUTO_REDEEM_AT,
  POINT_VALUE_USD,
  loyaltyTiers,
  PROGRESS_MAX_POINTS,
  REDEEMABLE_FROM,
  TOP_LEVEL_MESSAGE,
  transactionTypeLabel,
} from '../../../domain/loyalty';
import { loyaltyMessages as m } from './messages';

const LoyaltyChart = lazy(() => import('./LoyaltyChart'));

/** The Transactions columns; each body cell carries its name for the phone cards. */
const txColumns = m.columns;

/** "Levels: Bronze below 2,000 points, Silver from 2,000, Gold from 3,500 and Platinum from 5,000." */
const levelsText = (() => {
  const [first, ...rest] = loyaltyTiers;
  const parts = rest.map((t) => m.levelFrom(t.name, formatCount(t.min)));
  const tail = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return m.levels(first.name, formatCount(rest[0]?.min ?? 0), tail ?? '');
})();

/** Loyalty Program (docs/product.md §2, §4, §9). */
export function LoyaltyPage() {
  usePageMeta(m.title);
  const toast = useToast();
  const { data, isLoading } = useGetLoyaltyAccountQuery();

  // A failed load shows zero points and toasts its message once per answer (docs/product.md §8).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (data?.error && toasted.current !== data) toast.error(data.error);
    toasted.current = data ?? null;
  }, [data, toast]);

  const loyalty = data?.loyalty ?? emptyLoyalty;
  const { points, transactions } = loyalty;
  const series = useMemo(() => cumulativeSeries(transactions), [transactions]);
  const rows = useMemo(
    () =>
      [...transactions].sort((a, b) => {
        const ta = a.date ? Date.parse(a.date) : Number.NEGATIVE_INFINITY;
        const tb = b.date ? Date.parse(b.date) : Number.NEGATIVE_INFINITY;
        return tb - ta;
      }),
    [transactions],
  );
  const signupOnly =
    transactions.length > 0 && transactions.every((tx) => tx.type === 'signup_bonus');

  const level = levelForPoints(points);
  const next = nextTier(points);
  const percent = progressPercent(points);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {m.title}
      </Typography>
      <DashboardPageBody loading={isLoading} loadingLabel={m.loading}>
        {() => (
          <Stack spacing={3}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="loyalty-level-title"
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Typography variant="overline" color="text.secondary" component="p">
                {m.currentLevel}
              </Typography>
              <Typography variant="h5" component="h2" id="loyalty-level-title">
                {level}
              </Typography>
              <Typography sx={{ mt: 1 }}>
                <strong>{formatCount(points)}</strong> {m.points}
              </Typography>
              <Box sx={{ mt: 2 }}>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={m.progressLabel(formatCount(PROGRESS_MAX_POINTS))}
                  sx={{ height: 10, borderRadius: 5 }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {formatCount(Math.min(points, PROGRESS_MAX_POINTS))} /{' '}
                  {formatCount(PROGRESS_MAX_POINTS)} {m.points} ({Math.round(percent)}%)
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {next
                    ? m.moreToReach(formatCount(next.pointsNeeded), next.name)
                    : TOP_LEVEL_MESSAGE}
                </Typography>
              </Box>
            </Paper>

            <Panel title={m.howItWorks}>
              <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
                <li>{m.pointWorth(formatUsd(POINT_VALUE_USD))}</li>
                <li>{m.redeemFrom(formatCount(REDEEMABLE_FROM))}</li>
                <li>{m.autoRedeem(formatCount(AUTO_REDEEM_AT))}</li>
                <li>{levelsText}</li>
              </Box>
            </Panel>

            {transactions.length === 0 ? (
              <Panel title={m.yourActivity}>
                <Typography>{m.noTransactions}</Typography>
              </Panel>
            ) : (
              <>
                <Panel title={m.pointsOverTime} titleId="loyalty-chart-title">
                  {signupOnly || series.length === 0 ? (
                    <Typography>{m.signupOnly}</Typography>
                  ) : (
                    <Suspense fallback={<Box sx={{ height: 280 }} aria-hidden />}>
                      <LoyaltyChart series={series} labelledBy="loyalty-chart-title" />
                    </Suspense>
                  )}
                </Panel>
                <Panel title={m.transactions} titleId="loyalty-transactions-title">
                  <ScrollableTable aria-labelledby="loyalty-transactions-title">
                    <Table
                      size="small"
                      aria-labelledby="loyalty-transactions-title"
                      sx={cardRowsOnPhone(480)}
                    >
                      <TableHead>
                        <TableRow>
                          <TableCell>{txColumns.date}</TableCell>
                          <TableCell>{txColumns.type}</TableCell>
                          <TableCell align="right">{txColumns.points}</TableCell>
                          <TableCell>{txColumns.source}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {rows.map((tx) => {
                          const signed = signedPoints(tx);
                          return (
                            <TableRow key={tx.id}>
                              <TableCell data-label={txColumns.date} sx={{ whiteSpace: 'nowrap' }}>
                                {formatShortDate(tx.date)}
                              </TableCell>
                              <TableCell data-label={txColumns.type}>
                                {transactionTypeLabel(tx.type)}
                              </TableCell>
                              <TableCell
                                data-label={txColumns.points}
                                align="right"
                                sx={{
                                  color: signed < 0 ? 'error.main' : 'success.main',
                                  fontWeight: 600,
                                }}
                              >
                                {signed > 0 ? `+${formatCount(signed)}` : formatCount(signed)}
                              </TableCell>
                              <TableCell data-label={txColumns.source}>
                                {tx.source || m.noSource}
                              </TableCell>
                            </TableRow>
                          );
                        })}
                      </TableBody>
                    </Table>
                  </ScrollableTable>
                </Panel>
              </>
            )}
          </Stack>
        )}
      </DashboardPageBody>
    </Container>
  );
}

/** One customer as the owner sees them: contact, vehicles, bookings, plans, points. */
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetOwnerCustomerQuery } from '../api/endpoints';
import { type OwnerCustomer } from '../api/generated';
import { formatCount } from '../../../lib/formatCount';
import { formatUsd } from '../../../../domain/money';
import { appointmentText, formatShortDate } from '../../../../domain/dates';
import { signedPoints } from '../../../../domain/loyaltyPoints';
import { transactionTypeLabel } from '../../../../domain/loyalty';
import { addressText } from '../../../../domain/address';
import { mailtoHref, telHref } from '../../../../domain/contact';
import { vehicleText } from '../../../../domain/vehicle';
import { PointsAdjustmentForm } from './PointsAdjustmentForm';
import { isApiError } from '../../../api/errors';
import { CUSTOMERS_PATH } from './paths';
import { customerTexts as t } from './messages';
import { Failure } from '../Failure';
import { cardRowsOnPhone, ScrollableTable } from '../../../components/ScrollableTable';
import { CustomerChangeMark } from '../CustomerChangeMark';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The phone and the mobile, each given once: the same number written two ways (`(919) 555-0123`
 * and `9195550123`, one `tel:` link) is one, shown as first written.
 */
function distinctPhones(...phones: (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const phone of phones) {
    const href = phone ? telHref(phone) : '';
    if (phone && href !== 'tel:' && !seen.has(href)) seen.set(href, phone);
  }
  return [...seen.values()];
}

const signed = (points: number) => (points > 0 ? `+${formatCount(points)}` : formatCount(points));

function Details({ customer }: { customer: OwnerCustomer }) {
  const { profile, vehicles, bookings, subscriptions, loyalty } = customer;
  const address = profile.serviceAddress;
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
        {profile.name || profile.email}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {t.customerSince(formatShortDate(customer.createdAt))}
      </Typography>
      <Section title={t.contact}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Link href={mailtoHref(profile.email)}>{t.email(profile.email)}</Link>
        </Typography>
        {distinctPhones(profile.phone, profile.mobile).map((phone) => (
          <Typography key={phone}>
            <Link href={telHref(phone)}>{t.call(phone)}</Link>
          </Typography>
        ))}
        {!profile.phone && !profile.mobile ? <Typography>{t.noPhone}</Typography> : null}
        <Typography sx={{ mt: 1 }}>
          {address ? `${t.address}: ${addressText(address)}` : t.noAddress}
        </Typography>
      </Section>
      <Section title={t.points}>
        <Typography sx={{ mb: 1 }}>{t.balance(formatCount(loyalty.points))}</Typography>
        {loyalty.transactions.length === 0 ? (
          <Typography>{t.noTransactions}</Typography>
        ) : (
          <ScrollableTable aria-label={t.points}>
            <Table size="small" sx={cardRowsOnPhone(480)}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.columns.date}</TableCell>
                  <TableCell>{t.columns.type}</TableCell>
                  <TableCell align="right">{t.columns.points}</TableCell>
                  <TableCell>{t.columns.reason}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...loyalty.transactions].reverse().map((tx) => (
                  <TableRow key={tx.id}>
                    <TableCell data-label={t.columns.date}>{formatShortDate(tx.date)}</TableCell>
                    <TableCell data-label={t.columns.type}>
                      {transactionTypeLabel(tx.type)}
                    </TableCell>
                    <TableCell align="right" data-label={t.columns.points}>
                      {signed(signedPoints(tx))}
                    </TableCell>
                    <TableCell data-label={t.columns.reason} sx={{ overflowWrap: 'anywhere' }}>
                      {tx.source || t.noReason}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        )}
        <PointsAdjustmentForm userId={profile.userId} />
      </Section>
      <Section title={t.bookings}>
        {bookings.length === 0 ? (
          <Typography>{t.noBookings}</Typography>
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {bookings.map((booking) => (
              <Box component="li" key={booking.bookingId} sx={{ listStyle: 'none', py: 1 }}>
                <Typography>
                  {appointmentText(booking) || t.callBack}
                  {' · '}
                  {booking.status} · {booking.vehicleType} · {formatUsd(booking.totalPrice)}
                </Typography>
                {booking.note ? (
                  <Typography variant="body2" color="text.secondary">
                    {t.note(booking.note)}
                  </Typography>
                ) : null}
                <CustomerChangeMark booking={booking} />
              </Box>
            ))}
          </Box>
        )}
      </Section>
      <Section title={t.vehicles}>
        {vehicles.length === 0 ? (
          <Typography>{t.noVehicles}</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {vehicles.map((vehicle) => (
              <li key={vehicle.vehicleId}>{vehicleText(vehicle)}</li>
            ))}
          </Box>
        )}
      </Section>
      <Section title={t.plans}>
        {subscriptions.length === 0 ? (
          <Typography>{t.noPlans}</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {subscriptions.map((plan) => (
              <li key={plan.subscriptionId}>
                {`${t.plan[plan.plan] ?? plan.plan} · ${t.planStatus[plan.status] ?? plan.status} · ${t.planSince(formatShortDate(plan.createdAt))}`}
              </li>
            ))}
          </Box>
        )}
      </Section>
    </>
  );
}

export default function CustomerDetailPage() {
  const { userId = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetOwnerCustomerQuery({ userId });
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3 }}>
      <Link component={RouterLink} to={CUSTOMERS_PATH} sx={{ display: 'inline-block', mb: 2 }}>
        {t.back}
      </Link>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.loading} />
        </Box>
      ) : error || !data ? (
        isApiError(error) && error.status === 404 ? (
          <Alert severity="warning">{t.notFound}</Alert>
        ) : (
          <Failure error={error} fallback={t.error} onRetry={() => void refetch()} />
        )
      ) : (
        <Details customer={data} />
      )}
    </Box>
  );
}

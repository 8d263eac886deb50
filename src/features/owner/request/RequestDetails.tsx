import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DEFAULT_SERVICE_NAME } from '../../../../domain/business';
import { formatUsd } from '../../../../domain/money';
import type { OwnerBooking } from '../api/generated';
import { addressText, appointmentText, mapUrl, receivedText, vehicleText } from '../format';
import { OWNER_TEXT } from '../messages';

const T = OWNER_TEXT.request;

/** Everything the customer sent with the request, and what only the owner sees. */
export function RequestDetails({ booking }: { booking: OwnerBooking }) {
  const address = booking.serviceAddress;
  const rows: [string, ReactNode][] = [
    [T.name, booking.name || '—'],
    [T.email, booking.email],
    [T.phone, booking.phone || '—'],
    [T.received, receivedText(booking.createdAt)],
    [T.status, booking.status],
    [T.appointment, appointmentText(booking) || T.noAppointment],
    [T.service, booking.serviceName || DEFAULT_SERVICE_NAME],
    [T.vehicleType, booking.vehicleType],
    [T.vehicle, vehicleText(booking.vehicle)],
    [T.addons, booking.selectedAddons.length ? booking.selectedAddons.join(', ') : T.noAddons],
    [T.total, formatUsd(booking.totalPrice)],
    [
      T.address,
      address ? (
        <Link href={mapUrl(address)} target="_blank" rel="noopener noreferrer">
          {addressText(address)}
        </Link>
      ) : (
        T.noAddress
      ),
    ],
    [T.message, booking.message || T.noMessage],
    [T.note, booking.note || T.noNote],
  ];
  if (booking.status === 'Cancelled')
    rows.push([T.cancelReason, booking.cancelReason || T.notGiven]);
  return (
    <Paper variant="outlined" component="section" aria-label={T.details} sx={{ p: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.details}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.75 },
          '& dt': { fontWeight: 600, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
        }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

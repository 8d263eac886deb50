import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../lib/money';
import type { OwnerBooking } from '../api/generated';
import { ContactLinks } from '../ContactLinks';
import { StatusChips } from '../StatusChips';
import { appointmentText, receivedText, requestPath, vehicleText } from '../format';
import { OWNER_TEXT } from '../texts';

const T = OWNER_TEXT.inbox;
// Constant styles, plain boxes where MUI's layout components add nothing: the inbox draws a
// card per request, and each component and style object costs its render.
const CARD = { p: 1.5, borderLeft: 4 } as const;
const CARD_NEW = { ...CARD, borderLeftColor: 'primary.main' } as const;
const CARD_SEEN = { ...CARD, borderLeftColor: 'divider' } as const;
const HEADER = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: 1,
  flexWrap: 'wrap',
} as const;
const NAME = { fontSize: '1.1rem' } as const;
const SUMMARY = { m: 0, mt: 0.5 } as const;

/** One request of the inbox: who, when, what, and one tap to call or e-mail them. */
export const RequestCard = memo(function RequestCard({ booking }: { booking: OwnerBooking }) {
  const name = booking.name || booking.email;
  const town = booking.serviceAddress?.city;
  return (
    <Paper component="li" variant="outlined" sx={booking.seen ? CARD_SEEN : CARD_NEW}>
      <Box sx={HEADER}>
        <Typography variant="h6" component="h2" sx={NAME}>
          <Link component={RouterLink} to={requestPath(booking.bookingId)}>
            {name}
          </Link>
        </Typography>
        <StatusChips booking={booking} />
      </Box>
      <Box component="p" sx={SUMMARY}>
        {booking.vehicleType} · {vehicleText(booking.vehicle)} · {formatUsd(booking.totalPrice)}
        {town ? ` · ${town}` : ''}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {T.preferred}: {appointmentText(booking) || T.noPreferred} · {T.received}{' '}
        {receivedText(booking.createdAt)}
      </Typography>
      <ContactLinks booking={booking} />
    </Paper>
  );
});

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useClaimBookingMutation,
  useGetMyProfileQuery,
  useListClaimableBookingsQuery,
} from '../../api/endpoints';
import type { WebsiteBooking } from '../../api/normalize';
import { errorMessage } from '../../api/errors';
import { useToast } from '../../components/toast';
import { Panel } from '../../components/Panel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatUsd } from '../../../domain/money';
import { formatShortDateTime } from '../../../domain/dates';
import { claimMessages } from './messages';

type Decision = 'mine' | 'not-mine';

const CHOICES: { decision: Decision; label: string; variant: 'contained' | 'outlined' }[] = [
  { decision: 'mine', label: claimMessages.mine, variant: 'contained' },
  { decision: 'not-mine', label: claimMessages.notMine, variant: 'outlined' },
];

/** The profile fields a claimed request can fill that are empty now, in words ('' for none). */
function emptyProfileFields(profile: ReturnType<typeof useGetMyProfileQuery>['data']): string {
  if (!profile) return '';
  const empty: string[] = [
    !profile.name.trim() && claimMessages.fieldName,
    !profile.phone.trim() && claimMessages.fieldPhone,
    !profile.serviceAddress.line1.trim() && claimMessages.fieldAddress,
  ].flatMap((field) => (field ? [field] : []));
  return new Intl.ListFormat('en-US', { type: 'conjunction' }).format(empty);
}

/** What a request is, as the rest of the portal writes a booking: type, day and time, price. */
const requestText = (booking: WebsiteBooking) =>
  [booking.vehicleType, booking.startsAt ? formatShortDateTime(booking.startsAt) : '']
    .filter(Boolean)
    .join(' · ');

/**
 * Quote requests sent without signing in with the customer's verified e-mail
 * (docs/product.md §2): never shown as their bookings until they say "This was me". When the
 * profile has empty fields, "This was me" asks "Use these for your profile?": yes fills only
 * those from the request (the server never overwrites a field). Shows nothing while loading,
 * on a failure or when there are none.
 */
export function ClaimableRequests() {
  const { data } = useListClaimableBookingsQuery();
  const { data: profile } = useGetMyProfileQuery();
  const [claim, { isLoading }] = useClaimBookingMutation();
  const [asking, setAsking] = useState<WebsiteBooking | null>(null);
  const toast = useToast();
  if (!data || data.length === 0) return null;
  const emptyFields = emptyProfileFields(profile);

  const answer = async (booking: WebsiteBooking, decision: Decision, fillProfile = false) => {
    setAsking(null);
    try {
      await claim({
        id: booking.bookingId,
        claimDecision: { decision, ...(fillProfile ? { fillProfile: true } : {}) },
      }).unwrap();
      toast.success(decision === 'mine' ? claimMessages.claimed : claimMessages.dismissed);
    } catch (error) {
      toast.error(errorMessage(error, claimMessages.failed));
    }
  };
  const choose = (booking: WebsiteBooking, decision: Decision) => {
    if (decision === 'mine' && emptyFields) setAsking(booking);
    else void answer(booking, decision);
  };

  return (
    <Panel title={claimMessages.title}>
      <Typography sx={{ mb: 2 }}>{claimMessages.intro}</Typography>
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((booking) => (
          <Box
            component="li"
            key={booking.bookingId}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <Typography sx={{ flex: '1 1 16rem' }}>
              {requestText(booking)}
              {` · ${formatUsd(booking.totalPrice)}`}
            </Typography>
            {CHOICES.map(({ decision, label, variant }) => (
              <Button
                key={decision}
                variant={variant}
                size="small"
                disabled={isLoading}
                aria-label={`${label}: ${requestText(booking)}`}
                onClick={() => choose(booking, decision)}
              >
                {label}
              </Button>
            ))}
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={claimMessages.fillTitle}
        message={claimMessages.fillMessage(emptyFields)}
        confirmLabel={claimMessages.fill}
        cancelLabel={claimMessages.noFill}
        confirmColor="primary"
        onConfirm={() => asking && void answer(asking, 'mine', true)}
        onCancel={() => asking && void answer(asking, 'mine')}
      />
    </Panel>
  );
}

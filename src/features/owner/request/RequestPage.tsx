import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { usePageMeta } from '../../../components/usePageMeta';
import { useMarkOwnerRequestSeenMutation } from '../api/endpoints';
import { type OwnerBooking } from '../api/generated';
import { ContactLinks } from '../ContactLinks';
import { StatusChips } from '../StatusChips';
import { Failure } from '../Failure';
import { OWNER_TEXT } from '../messages';
import { RequestDetails } from './RequestDetails';
import {
  CancelForm,
  CompleteJob,
  FinishedJob,
  PictureUpload,
  ScheduleForm,
} from './RequestActions';

const T = OWNER_TEXT.request;

/**
 * A request's page: everything the customer sent, and what the owner does with it. Opening it
 * marks it seen; the server's answer is the request itself, and each change answers with the
 * request as it now is.
 */
export function RequestPage() {
  const { id = '' } = useParams();
  const [markSeen] = useMarkOwnerRequestSeenMutation();
  const [booking, setBooking] = useState<OwnerBooking | null>(null);
  // The failure to open a request, with the request it was about.
  const [failed, setFailed] = useState<{ id: string; error: unknown } | null>(null);
  const loadError = failed?.id === id ? failed.error : null;
  const [attempt, setAttempt] = useState(0);
  // What the last change did, in words (it stays when the change hides its own form).
  const [notice, setNotice] = useState('');
  const changed = (next: OwnerBooking, message: string) => {
    setBooking(next);
    setNotice(message);
  };
  const name = booking ? booking.name || booking.email : '';
  usePageMeta(booking ? T.title(name) : T.loading);

  useEffect(() => {
    let live = true;
    markSeen({ id })
      .unwrap()
      .then(
        (found) => live && setBooking(found),
        (error: unknown) => live && setFailed({ id, error: error ?? new Error(T.failed) }),
      );
    return () => {
      live = false;
    };
  }, [id, markSeen, attempt]);

  const back = (
    <Link component={RouterLink} to="/owner">
      {T.back}
    </Link>
  );
  if (loadError) {
    return (
      <Stack spacing={2}>
        {back}
        <Failure
          error={loadError}
          fallback={T.failed}
          onRetry={() => {
            setFailed(null);
            setAttempt((n) => n + 1);
          }}
        />
      </Stack>
    );
  }
  if (!booking || booking.bookingId !== id) {
    return <LoadingStatus label={T.loading} text={T.loading} />;
  }

  const open = booking.status === 'Booked';
  return (
    <Stack spacing={2.5}>
      {back}
      <Box>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}
        >
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {T.title(name)}
          </Typography>
          <StatusChips booking={booking} />
        </Stack>
        <ContactLinks booking={booking} />
      </Box>
      <RequestDetails booking={booking} />
      <Box role="status">{notice && <Alert severity="success">{notice}</Alert>}</Box>
      {open && (
        <ScheduleForm booking={booking} onChanged={changed} onAttempt={() => setNotice('')} />
      )}
      {open && <CompleteJob booking={booking} onChanged={changed} />}
      {booking.status === 'Completed' && <FinishedJob booking={booking} onChanged={changed} />}
      {booking.status !== 'Cancelled' && <PictureUpload booking={booking} />}
      {open && <CancelForm booking={booking} onChanged={changed} />}
    </Stack>
  );
}

import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { usePageMeta } from '../../../components/usePageMeta';
import { isNetworkFailure } from '../../../api/savedAnswers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatShortDateTime } from '../../../../domain/dates';
import { ON_MY_WAY_MINUTES } from '../../../../domain/texts';
import { errorMessage } from '../../../api/errors';
import { useListOwnerRouteQuery, useSendOwnerOnMyWayMutation } from '../api/endpoints';
import { type OwnerBooking } from '../api/generated';
import { ContactLinks } from '../ContactLinks';
import { CustomerChangeMark } from '../CustomerChangeMark';
import { Failure } from '../Failure';
import {
  addressText,
  dayText,
  mapUrl,
  requestPath,
  summaryText,
  todayInNewYork,
  vehicleText,
} from '../format';
import { OWNER_TEXT } from '../messages';
import { KeptActions, StopActions } from '../offline/StopActions';

const T = OWNER_TEXT.route;

/** "On my way": one tap per arrival time texts the customer (docs/product.md §12). */
function OnMyWay({ booking }: { booking: OwnerBooking }) {
  const [send, { isLoading, isSuccess, error }] = useSendOwnerOnMyWayMutation();
  const [tapped, setTapped] = useState<number | null>(null);
  const name = booking.name || booking.email;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {T.onMyWay}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {ON_MY_WAY_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            size="small"
            variant="outlined"
            disabled={isLoading}
            aria-label={T.onMyWayLabel(minutes, name)}
            onClick={() => {
              setTapped(minutes);
              void send({ id: booking.bookingId, ownerOnMyWay: { minutes } });
            }}
          >
            {T.onMyWayMinutes(minutes)}
          </Button>
        ))}
      </Stack>
      {isSuccess && tapped !== null && (
        <Typography role="status" variant="body2" sx={{ mt: 0.5 }}>
          {T.onMyWaySent(tapped)}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(error, T.onMyWayFailed)}
        </Alert>
      )}
      <SentTexts booking={booking} />
    </Box>
  );
}

/** What was texted about the booking, and when. */
export function SentTexts({ booking }: { booking: OwnerBooking }) {
  const texts = booking.texts ?? [];
  if (texts.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }} aria-label={T.texted}>
      {texts.map((text) => (
        <Typography component="li" variant="body2" key={text.id}>
          {text.status === 'sent' && text.sentAt && text.body
            ? T.textLine(formatShortDateTime(text.sentAt), text.body)
            : text.status === 'failed'
              ? T.textGivenUp(text.kind, text.failure ?? '')
              : T.textWaiting(text.kind)}
        </Typography>
      ))}
    </Box>
  );
}

function Stop({ booking }: { booking: OwnerBooking }) {
  const address = booking.serviceAddress;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
        {booking.time} ·{' '}
        <Link component={RouterLink} to={requestPath(booking.bookingId)}>
          {booking.name || booking.email}
        </Link>
      </Typography>
      <Typography>{summaryText(booking.vehicleType, vehicleText(booking.vehicle))}</Typography>
      <Typography>
        {address ? (
          <Link href={mapUrl(address)} target="_blank" rel="noopener noreferrer">
            {addressText(address)}
          </Link>
        ) : (
          T.noAddress
        )}
      </Typography>
      <ContactLinks booking={booking} />
      <CustomerChangeMark booking={booking} />
      <OnMyWay booking={booking} />
      <StopActions booking={booking} />
    </Paper>
  );
}

/** The appointments of a day or a week, by day and in the order of the day, to plan the drive. */
export function RoutePage() {
  usePageMeta(T.title);
  const headingId = useId();
  // The day and the span live in the address (?from=YYYY-MM-DD&days=7): a reload or a shared
  // link shows the same route.
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? todayInNewYork();
  const days = params.get('days') === '7' ? 7 : 1;
  const show = (next: { from?: string; days?: 1 | 7 }) => {
    const query = { from: next.from ?? from, days: String(next.days ?? days) };
    setParams(query, { replace: true });
  };
  const route = useListOwnerRouteQuery({ from, days }, { skip: !from });
  const stops = route.currentData;

  let body;
  if (!from) {
    body = null;
  } else if (!stops && route.isFetching) {
    body = <LoadingStatus label={T.loading} text={T.loading} />;
  } else if (!stops || (route.isError && !isNetworkFailure(route.error))) {
    // Without a connection the route saved on this device stays (src/api/savedAnswers.ts).
    body = <Failure error={route.error} fallback={T.failed} onRetry={() => void route.refetch()} />;
  } else if (stops.length === 0) {
    body = <Typography sx={{ py: 3 }}>{days === 1 ? T.emptyDay : T.emptyWeek}</Typography>;
  } else {
    const byDay = new Map<string, OwnerBooking[]>();
    for (const stop of stops) {
      const day = stop.date ?? '';
      byDay.set(day, [...(byDay.get(day) ?? []), stop]);
    }
    body = [...byDay].map(([day, list]) => (
      <Box key={day} component="section" aria-label={dayText(day)} sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {dayText(day)}
        </Typography>
        <Box
          component="ol"
          aria-label={T.listLabel(dayText(day))}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {list.map((booking) => (
            <Stop key={booking.bookingId} booking={booking} />
          ))}
        </Box>
      </Box>
    ));
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h1" sx={{ mb: 2 }}>
        {T.title}
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          label={T.from}
          type="date"
          value={from}
          onChange={(event) => show({ from: event.target.value })}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={T.span}
          value={days}
          onChange={(_event, value: 1 | 7 | null) => value && show({ days: value })}
        >
          <ToggleButton value={1}>{T.day}</ToggleButton>
          <ToggleButton value={7}>{T.week}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <KeptActions />
      {body}
    </Box>
  );
}

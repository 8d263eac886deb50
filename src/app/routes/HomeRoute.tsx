import Typography from '@mui/material/Typography';
import { HomePage } from '../../features/marketing/pages/HomePage';
import { CallOrEmail } from '../../features/marketing/components/CallOrEmail';
import { Island } from '../../components/Island';
import { REPLY_WITHIN_HOURS } from '../../config/hours';
import QuoteIsland from '../islands/QuoteIsland';
import { useWorkingWeek } from '../../lib/workingWeek';

/** Without JavaScript, the booking section gives the ways to ask for a quote without the wizard. */
function QuoteWithoutScript() {
  return (
    <noscript>
      <Typography sx={{ mt: 3 }}>
        For a quote, <CallOrEmail />. We reply within {REPLY_WITHIN_HOURS} hours.
      </Typography>
    </noscript>
  );
}

/**
 * The home page composes the marketing sections with the quote wizard (booking section), an
 * island: prerendered at its first step, hydrated when it comes near the viewport.
 */
export function HomeRoute() {
  // The island is hydrated on its own: the working hours travel with it (its hint shows them).
  const week = useWorkingWeek();
  return (
    <HomePage
      bookingSection={
        <>
          <Island name="quote" component={QuoteIsland} props={{ week: JSON.stringify(week) }} />
          <QuoteWithoutScript />
        </>
      }
    />
  );
}

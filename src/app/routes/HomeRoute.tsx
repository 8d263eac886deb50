import { lazy, Suspense } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { HomePage } from '../../features/marketing/pages/HomePage';
import { business, phoneHref } from '../../config/business';
import { useNearViewport } from '../../features/marketing/components/useNearViewport';

/** The quote wizard with what it needs (the API layer, toasts), loaded together. */
const QuoteWizard = lazy(async () => {
  const [{ AppServices }, { QuoteSection }] = await Promise.all([
    import(/* webpackChunkName: "app-services" */ '../AppServices'),
    import(/* webpackChunkName: "quote" */ '../../features/quote/QuoteSection'),
  ]);
  return {
    default: function QuoteWizard() {
      return (
        <AppServices>
          <QuoteSection />
        </AppServices>
      );
    },
  };
});

/** Space kept for the quote wizard while it loads, so nothing below it moves. */
const QUOTE_MIN_HEIGHT = { xs: 640, md: 560 };

/**
 * What the booking section shows before the quote wizard runs (prerendered HTML, no
 * JavaScript, or while its code loads): the ways to ask for a quote without it.
 */
function QuoteFallback() {
  return (
    <Box sx={{ minHeight: QUOTE_MIN_HEIGHT, py: 6 }}>
      <Typography>
        For a quote, call us at{' '}
        <Link href={phoneHref} underline="always">
          {business.phone}
        </Link>{' '}
        or e-mail{' '}
        <Link href={`mailto:${business.email}`} underline="always">
          {business.email}
        </Link>
        . We reply within 24 hours.
      </Typography>
    </Box>
  );
}

/**
 * The home page composes the marketing sections with the quote wizard (booking section).
 * The wizard depends on the browser (today's date, the session), so it is not prerendered;
 * its code loads when the booking section comes near the viewport.
 */
export function HomeRoute() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <HomePage
      bookingSection={
        <Box ref={ref}>
          {near ? (
            <Suspense fallback={<QuoteFallback />}>
              <Box sx={{ minHeight: QUOTE_MIN_HEIGHT }}>
                <QuoteWizard />
              </Box>
            </Suspense>
          ) : (
            <QuoteFallback />
          )}
        </Box>
      }
    />
  );
}

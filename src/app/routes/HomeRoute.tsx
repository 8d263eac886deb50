import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/marketing/pages/HomePage';

const QuoteSection = lazy(() =>
  import('../../features/quote/QuoteSection').then((m) => ({ default: m.QuoteSection })),
);

/** The home page composes the marketing sections with the quote wizard (booking section). */
export function HomeRoute() {
  return (
    <HomePage
      bookingSection={
        <Suspense fallback={<div style={{ minHeight: 480 }} aria-hidden="true" />}>
          <QuoteSection />
        </Suspense>
      }
    />
  );
}

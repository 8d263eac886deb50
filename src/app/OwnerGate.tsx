import { Navigate } from 'react-router-dom';
import { isOwnerSession } from '../api/session/landing';
import { timeZone } from '../../domain/serviceArea';
import { lazyRoute } from '../lib/lazyRoute';

// The owner console: a chunk of its own, requested only once the session is an owner's. The
// build fails when one of its modules is reachable from a public or customer chunk
// (scripts/build/ownerIsolation.ts).
// The console previews the services page with the owner's draft: src/app hands it the page
// (./OfferServicesPreview.tsx), in the console's chunk.
const OwnerRoutes = lazyRoute(() => {
  const loading = Promise.all([
    import(/* webpackChunkName: "owner" */ '../features/owner/OwnerRoutes'),
    import(/* webpackChunkName: "owner" */ './OfferServicesPreview'),
  ]);
  setTimeout(loadFormatData, 0);
  return loading.then(
    ([{ OwnerRoutes: Routes }, { renderServicesPreview }]) =>
      function OwnerConsole() {
        return <Routes offerPreview={renderServicesPreview} />;
      },
  );
});

/**
 * The first Intl formatter of a page loads the browser's locale and time-zone data: tens of
 * milliseconds on a phone. The console writes New York dates and dollar amounts on every request,
 * so that load is done here, while its code is on its way, rather than when the first page of
 * requests has arrived and waits to be drawn (docs/architecture.md, "The owner's inbox when its
 * page arrives"). Formatters made later with other options reuse the data.
 */
function loadFormatData() {
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(0);
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
}

/**
 * /owner/* behind the sign-in guard: the owner console for a member of the owners group, the
 * customer's dashboard for anyone else. It only routes; the API refuses every owner operation
 * to a token outside the group.
 */
export function OwnerGate() {
  return isOwnerSession() ? <OwnerRoutes /> : <Navigate to="/dashboard" replace />;
}

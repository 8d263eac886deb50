import { Navigate } from 'react-router-dom';
import { isOwnerSession } from '../api/session/landing';
import { lazyRoute } from './lazyRoute';

// The owner console: a chunk of its own, requested only once the session is an owner's. The
// build fails when one of its modules is reachable from a public or customer chunk
// (scripts/lib/ownerIsolation.ts).
const OwnerRoutes = lazyRoute(() =>
  import(/* webpackChunkName: "owner" */ '../features/owner/OwnerRoutes').then(
    (m) => m.OwnerRoutes,
  ),
);

/**
 * /owner/* behind the sign-in guard: the owner console for a member of the owners group, the
 * customer's dashboard for anyone else. It only routes; the API refuses every owner operation
 * to a token outside the group.
 */
export function OwnerGate() {
  return isOwnerSession() ? <OwnerRoutes /> : <Navigate to="/dashboard" replace />;
}

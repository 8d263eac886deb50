import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAppDispatch } from '../../api/hooks';
import { useSession } from '../../api/session/hooks';
import { hasValidSession } from '../../api/session/tokenStore';
import { useSessionWatch, verifySession } from '../../api/session/sessionWatch';
import { AUTH_TEXT } from './messages';
import { LoadingStatus } from '../../components/LoadingStatus';

/**
 * Route guard for /dashboard/* (docs/product.md §2): "Checking authentication…", then the dashboard, or
 * the stored tokens are cleared and the user goes to /auth. An expired session with a refresh
 * token is refreshed first. A logout (here, in another tab, or at expiry) sends the user to
 * /auth as well, since the session slice changes.
 */
export function RequireAuth() {
  useSessionWatch();
  const { status } = useSession();
  const dispatch = useAppDispatch();
  const [verified, setVerified] = useState(() => status === 'authenticated' && hasValidSession());

  useEffect(() => {
    if (verified) return;
    let live = true;
    void verifySession(dispatch).then(() => {
      if (live) setVerified(true);
    });
    return () => {
      live = false;
    };
  }, [verified, dispatch]);

  if (!verified) {
    return <LoadingStatus label={AUTH_TEXT.checkingGuard} text={AUTH_TEXT.checkingGuard} />;
  }
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/auth" replace />;
}

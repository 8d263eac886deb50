import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../api/session/hooks';

/** Placeholder guard until the sign-in issue builds it (spec §2 route guard). */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'unknown') return <p role="status">Checking authentication…</p>;
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/auth" replace />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useStaffSelector } from '../app/store';
import { selectSession } from './sessionSlice';
import { signInPathFor } from './returnPath';

/**
 * The pages behind sign-in: shown to an active session only. Anyone else (never signed in, signed out, a session that
 * ended with a 401, or one still in its sign-in steps) goes to the sign-in page, which brings them back here after.
 */
export function RequireSession() {
  const { status } = useStaffSelector(selectSession);
  const location = useLocation();
  if (status === 'active') return <Outlet />;
  return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
}

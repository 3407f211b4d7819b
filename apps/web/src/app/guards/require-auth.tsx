import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { PageLoader } from './page-loader';
import { SignInGate } from './sign-in-gate';

/** The dashboard needs a session; signed-out visitors get the sign-in screen and come back here after. */
export function RequireAuth() {
  const { loaded, user } = useAuth();
  const location = useLocation();
  if (!loaded) return <PageLoader />;
  if (!user) return <SignInGate returnTo={`${location.pathname}${location.search}`} />;
  return <Outlet />;
}

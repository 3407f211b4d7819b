import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { PageLoader } from './page-loader';
import { SignInGate } from './sign-in-gate';

/** Admin area: manager, admin, founder. Other signed-in users go to /dashboard (the server checks too). */
export function RequireStaff() {
  const { loaded, user, isStaff } = useAuth();
  const location = useLocation();
  if (!loaded) return <PageLoader />;
  if (!user) return <SignInGate returnTo={`${location.pathname}${location.search}`} />;
  if (!isStaff) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

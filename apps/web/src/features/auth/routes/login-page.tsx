import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { useAuth } from '@/lib/auth/use-auth';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const [params] = useSearchParams();
  const { loaded, user } = useAuth();
  const redirectTo = safeRedirect(params.get('redirect'));
  if (loaded && user) return <Navigate to={redirectTo} replace />;
  return <LoginForm redirectTo={redirectTo} />;
}

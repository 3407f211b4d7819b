import { useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/safe-redirect';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const [params] = useSearchParams();
  return <LoginForm redirectTo={safeRedirect(params.get('redirect'))} />;
}

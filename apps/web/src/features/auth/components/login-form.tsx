import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { isStaffRole } from '@hookline/shared';
import { authClient } from '@/lib/auth/auth-client';
import { DEFAULT_REDIRECT } from '@/lib/safe-redirect';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from './auth-card';
import { SocialSignIn } from './social-sign-in';

type Notice = { tone: 'error' | 'success'; text: string } | null;

/** Email and password sign-in, forgot password and provider buttons; goes to redirectTo after. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setNotice(null);
    try {
      const { data, error } = await authClient.signIn.email({ email: email.trim(), password });
      if (error) return setNotice({ tone: 'error', text: authErrorMessage(error, 'Sign-in failed') });
      // Staff have no client dashboard: without an explicit target they go to the admin console.
      const staffHome = redirectTo === DEFAULT_REDIRECT && isStaffRole((data?.user as { role?: string } | undefined)?.role);
      navigate(staffHome ? '/admin' : redirectTo, { replace: true });
    } catch {
      setNotice({ tone: 'error', text: 'Sign-in failed' });
    } finally {
      setPending(false);
    }
  };

  const forgotPassword = async () => {
    if (!email.trim()) return setNotice({ tone: 'error', text: 'Enter your email above to reset your password.' });
    setNotice(null);
    try {
      const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/reset-password' });
      if (error) return setNotice({ tone: 'error', text: authErrorMessage(error, 'Failed to send reset email') });
      setNotice({ tone: 'success', text: 'Password reset email sent. Check your inbox.' });
    } catch {
      setNotice({ tone: 'error', text: 'Failed to send reset email' });
    }
  };

  const signupLink = redirectTo === '/dashboard' ? '/signup' : `/signup?redirect=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to your Hookline workspace."
      footer={
        <>
          No account yet?{' '}
          <Link to={signupLink} className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Email" htmlFor="login-email">
          <Input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" htmlFor="login-password">
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="-mt-2 text-right">
          <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={forgotPassword}>
            Forgot password?
          </button>
        </div>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <Button type="submit" size="lg" disabled={pending || !email.trim() || !password}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialSignIn redirectTo={redirectTo} onError={(text) => setNotice({ tone: 'error', text })} />
    </AuthCard>
  );
}

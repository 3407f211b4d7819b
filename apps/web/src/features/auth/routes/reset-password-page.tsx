import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { authClient } from '@/lib/auth/auth-client';
import { authErrorMessage, passwordPolicyError } from '../auth-errors';
import { AuthCard } from '../components/auth-card';

/** Target of the reset mail's link: /reset-password?token=… (or ?error=INVALID_TOKEN when it expired). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const policy = useRuntimeConfig().data?.passwordPolicy;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const policyError = passwordPolicyError(password, policy);
    if (policyError) return setError(policyError);
    if (password !== confirm) return setError('The two passwords do not match.');
    setPending(true);
    setError(null);
    try {
      const { error: resetError } = await authClient.resetPassword({ newPassword: password, token: token ?? '' });
      if (resetError) return setError(authErrorMessage(resetError, 'Failed to reset password'));
      setDone(true);
    } catch {
      setError('Failed to reset password');
    } finally {
      setPending(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Alert tone="error">This reset link is invalid or has expired. Ask for a new one.</Alert>
        <p className="mt-4 text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <div className="grid gap-4">
          <Alert tone="success">Your password has been changed. Sign in with your new password.</Alert>
          <Button asChild size="lg">
            <Link to="/login">Go to sign in</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="New password" htmlFor="reset-password" hint={policy ? `At least ${policy.minLength} characters.` : undefined}>
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Field label="Repeat new password" htmlFor="reset-confirm">
            <Input
              id="reset-confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </Field>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" size="lg" disabled={pending || !password}>
            {pending ? 'Saving…' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { safeRedirect } from '@/lib/safe-redirect';
import { authClient } from '@/lib/auth/auth-client';
import { authErrorMessage, passwordPolicyError } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NewPasswordField } from '../components/new-password-field';

export default function SignupPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const config = useRuntimeConfig().data;
  const policy = config?.passwordPolicy;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const policyError = passwordPolicyError(password, policy);
    if (policyError) return setError(policyError);
    setPending(true);
    setError(null);
    try {
      const { error: signUpError } = await authClient.signUp.email({ name: name.trim(), email: email.trim(), password });
      if (signUpError) return setError(authErrorMessage(signUpError, 'Signup failed'));
      navigate(redirectTo, { replace: true });
    } catch {
      setError('Signup failed');
    } finally {
      setPending(false);
    }
  };

  const loginLink = redirectTo === '/dashboard' ? '/login' : `/login?redirect=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with the self-serve plan. You can upgrade to Managed any time."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginLink} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {config?.allowSelfSignup === false ? (
        <Alert tone="warning" className="mb-4">
          Public sign-up is closed. Ask the Hookline team for an invitation.
        </Alert>
      ) : null}
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <Field label="Name (optional)" htmlFor="signup-name">
          <Input id="signup-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Email" htmlFor="signup-email">
          <Input id="signup-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <NewPasswordField id="signup-password" label="Password" value={password} onChange={setPassword} policy={policy} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" size="lg" disabled={pending || !email.trim() || !password}>
          {pending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}

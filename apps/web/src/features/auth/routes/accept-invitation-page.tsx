import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/look-up-invitation';
import { passwordPolicyError } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NewPasswordField } from '../components/new-password-field';

const signInLink = (
  <Link to="/login" className="font-medium text-brand-700 hover:underline">
    Go to sign in
  </Link>
);

/**
 * Target of the invitation mail's link: /invitation#token=…. The token sits in the fragment, which
 * the browser never sends to the server; the page posts it to the API in a body.
 */
export default function AcceptInvitationPage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get('token');
  const invitation = useInvitation(token);

  if (!token) {
    return (
      <AuthCard title="Your invitation" footer={signInLink}>
        <Alert tone="error">This invitation link is incomplete. Open the link in your invitation mail again.</Alert>
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title="Your invitation">
        <p role="status" className="text-sm text-slate-600">
          Checking your invitation…
        </p>
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title="Your invitation" footer={signInLink}>
        <Alert tone="error">{errorMessage(invitation.error, 'We could not check this invitation. Please try again.')}</Alert>
      </AuthCard>
    );
  }
  const { email, workspaceName } = invitation.data;
  return (
    <AuthCard
      title={`Join ${workspaceName}`}
      subtitle="The Hookline team set up this workspace for you. Choose a password to sign in."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <AcceptInvitationForm token={token} email={email} />
    </AuthCard>
  );
}

function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const policy = useRuntimeConfig().data?.passwordPolicy;
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [policyError, setPolicyError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = passwordPolicyError(password, policy);
    setPolicyError(refused);
    if (refused) return;
    accept.mutate({ token, password, name: name.trim() }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  const error = policyError ?? (accept.isError ? errorMessage(accept.error, 'Joining the workspace failed. Please try again.') : null);
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field label="Email" htmlFor="invitation-email" hint="Your invitation is for this address.">
        {/* Read-only, and named for password managers, which save the new password under it. */}
        <Input id="invitation-email" type="email" autoComplete="username" value={email} readOnly />
      </Field>
      <Field label="Name (optional)" htmlFor="invitation-name">
        <Input id="invitation-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <NewPasswordField id="invitation-password" label="Password" value={password} onChange={setPassword} policy={policy} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" disabled={accept.isPending || accept.isSuccess || !password}>
        {accept.isPending || accept.isSuccess ? 'Setting up your account…' : 'Join workspace'}
      </Button>
    </form>
  );
}

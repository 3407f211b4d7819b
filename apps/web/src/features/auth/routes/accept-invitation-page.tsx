import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TInvitation } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { workspaceUrl } from '@/lib/active-workspace';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { loginPath } from '@/lib/safe-redirect';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useJoinInvitation } from '../api/join-invitation';
import { useInvitation } from '../api/look-up-invitation';
import { passwordPolicyError } from '../auth-errors';
import { AuthCard } from '../components/auth-card';
import { NewPasswordField } from '../components/new-password-field';

const PAGE = '/invitation';

/**
 * A teammate who signs in first leaves this page and comes back to it without the fragment: the
 * token waits in this tab's sessionStorage meanwhile (never in an address, where logs would keep it).
 */
const PENDING_TOKEN_KEY = 'hookline.invitationToken';

function readPendingToken(): string | null {
  try {
    return sessionStorage.getItem(PENDING_TOKEN_KEY);
  } catch {
    return null;
  }
}

function writePendingToken(token: string | null) {
  try {
    if (token === null) sessionStorage.removeItem(PENDING_TOKEN_KEY);
    else sessionStorage.setItem(PENDING_TOKEN_KEY, token);
  } catch {
    // Storage switched off: the teammate opens the mailed link again after signing in.
  }
}

/** Opens the workspace just joined, by a full load, so that the tab works in it from the first page on. */
function openJoinedWorkspace(workspaceId: string) {
  writePendingToken(null);
  window.location.assign(workspaceUrl(workspaceId));
}

const signInLink = (
  <Link to="/login" className="font-medium text-brand-700 hover:underline">
    Go to sign in
  </Link>
);

/**
 * Target of the invitation mail's link: /invitation#token=…. The token sits in the fragment, which
 * the browser never sends to the server; the page posts it to the API in a body. An owner (whose
 * workspace the Hookline team set up) and a teammate without an account choose a password; a
 * teammate whose address has an account signs in with it and joins.
 */
export default function AcceptInvitationPage() {
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? readPendingToken();
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
  const { email, role, workspaceName, invitedBy, accountExists } = invitation.data;
  const subtitle =
    role === 'owner'
      ? 'The Hookline team set up this workspace for you. Choose a password to sign in.'
      : `${invitedBy} invited you to join ${workspaceName} as an ${role}.`;
  return (
    <AuthCard
      title={`Join ${workspaceName}`}
      subtitle={subtitle}
      footer={
        accountExists ? undefined : (
          <>
            Already have an account?{' '}
            <Link to="/login" className="font-medium text-brand-700 hover:underline">
              Sign in
            </Link>
          </>
        )
      }
    >
      {accountExists ? (
        <JoinWithAccount token={token} invitation={invitation.data} />
      ) : (
        <AcceptInvitationForm token={token} email={email} teammate={role !== 'owner'} />
      )}
    </AuthCard>
  );
}

function AcceptInvitationForm({ token, email, teammate }: { token: string; email: string; teammate: boolean }) {
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
    accept.mutate(
      { token, password, name: name.trim() },
      {
        // A teammate opens the workspace they joined; an owner, their own.
        onSuccess: ({ workspaceId }) => (teammate ? openJoinedWorkspace(workspaceId) : navigate('/dashboard', { replace: true })),
      },
    );
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

/**
 * A teammate whose address has an account: signed in with it, one click joins; signed out, or in
 * as someone else, they sign in with the invited address first and come back here.
 */
function JoinWithAccount({ token, invitation }: { token: string; invitation: TInvitation }) {
  const navigate = useNavigate();
  const { loaded, user, signOut } = useAuth();
  const join = useJoinInvitation();
  const { email, workspaceName } = invitation;

  const signInAsInvited = async () => {
    writePendingToken(token);
    if (user) await signOut();
    navigate(loginPath(PAGE));
  };

  if (!loaded) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking your sign-in…
      </p>
    );
  }
  if (user?.email.toLowerCase() === email) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-600">
          You are signed in as <strong className="break-all">{user.email}</strong>.
        </p>
        {join.isError ? <Alert tone="error">{errorMessage(join.error, 'Joining the workspace failed. Please try again.')}</Alert> : null}
        <Button
          size="lg"
          disabled={join.isPending || join.isSuccess}
          onClick={() => join.mutate({ token }, { onSuccess: ({ workspaceId }) => openJoinedWorkspace(workspaceId) })}
        >
          {join.isPending || join.isSuccess ? 'Joining…' : `Join ${workspaceName}`}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        {user ? (
          <>
            You are signed in as <strong className="break-all">{user.email}</strong>, but this invitation is for{' '}
            <strong className="break-all">{email}</strong>.
          </>
        ) : (
          <>
            <strong className="break-all">{email}</strong> already has a Hookline account. Sign in with it to join.
          </>
        )}
      </p>
      <Button size="lg" onClick={() => void signInAsInvited()}>
        Sign in as {email} to join
      </Button>
    </div>
  );
}

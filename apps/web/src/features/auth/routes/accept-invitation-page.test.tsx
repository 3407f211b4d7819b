import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInvitation } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import AcceptInvitationPage from './accept-invitation-page';

const auth = vi.hoisted(() => ({
  loaded: true,
  user: null as { uid: string; email: string } | null,
  refresh: vi.fn(async () => undefined),
  signOut: vi.fn(async () => undefined),
}));
const { refresh } = auth;
vi.mock('@/lib/auth/use-auth', () => ({ useAuth: () => auth }));

const CONFIG = {
  passwordPolicy: { minLength: 8, maxLength: 128 },
  providers: { google: false, apple: false },
  enterpriseCallUrl: '',
  avatarMaxBytes: 5_000_000,
  allowSelfSignup: false,
  brandHue: 212,
  clipper: { enabled: false, baseUrl: '' },
};
const INVITATION: TInvitation = {
  email: 'ada@example.com',
  role: 'owner',
  workspaceName: 'Ada Studio',
  invitedBy: 'manager@hookline.test',
  accountExists: false,
  expiresAt: '2030-01-08T00:00:00.000Z',
};
const TEAMMATE: TInvitation = { ...INVITATION, email: 'ed@example.com', role: 'editor', invitedBy: 'Olga Owner' };

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderAt(path: string) {
  return renderPage(
    <Routes>
      <Route path="/invitation" element={<AcceptInvitationPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      <Route path="/login" element={<Location />} />
    </Routes>,
    path,
  );
}

// One journey waits on a lookup, a mutation and two renders: more than the default 5 s on a busy machine.
describe('accepting an invitation', { timeout: 30_000 }, () => {
  // Keystrokes without a timer between them: typing a password then costs no time of its own.
  const user = userEvent.setup({ delay: null });
  beforeEach(() => {
    vi.clearAllMocks();
    auth.user = null;
    sessionStorage.clear();
  });

  it('shows the workspace and address, and a chosen password leads to the dashboard, signed in', async () => {
    const fetch = stubFetch((path) => {
      if (path === '/api/config') return json(CONFIG);
      if (path === '/api/invitations/lookup') return json(INVITATION);
      if (path === '/api/invitations/accept') return json({ email: INVITATION.email, workspaceId: 'w1' });
      return json({ error: 'Not found' }, 404);
    });
    renderAt('/invitation#token=tok-123');

    expect(await screen.findByRole('heading', { name: 'Join Ada Studio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Name (optional)'), ' Ada ');
    await user.type(screen.getByLabelText('Password'), 'chosen-password-1');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
    const lookup = fetch.mock.calls.find(([url]) => String(url) === '/api/invitations/lookup');
    expect(JSON.parse(String(lookup?.[1]?.body))).toEqual({ token: 'tok-123' });
    const accept = fetch.mock.calls.find(([url]) => String(url) === '/api/invitations/accept');
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ token: 'tok-123', password: 'chosen-password-1', name: 'Ada' });
  });

  it('a password under the policy is refused on the page, in an alert, before anything is sent', async () => {
    const fetch = stubFetch((path) => (path === '/api/config' ? json(CONFIG) : json(INVITATION)));
    renderAt('/invitation#token=tok-123');
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Join workspace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/invitations/accept')).toBe(false);
  });

  it("the server's refusal of a used link is shown in an alert, with the way to sign in", async () => {
    const used = 'This invitation has already been used. Sign in with the password you chose.';
    stubFetch((path) => (path === '/api/config' ? json(CONFIG) : json({ error: used }, 410)));
    renderAt('/invitation#token=tok-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('a link without its token says so and asks nothing of the server', async () => {
    const fetch = stubFetch((path) => (path === '/api/config' ? json(CONFIG) : json(INVITATION)));
    renderAt('/invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is incomplete.');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/invitations'))).toBe(false));
  });
  describe('a teammate’s invitation', () => {
    const assign = vi.fn();
    beforeEach(() => vi.stubGlobal('location', { ...window.location, assign }));
    afterEach(() => vi.unstubAllGlobals());

    /** The API for a teammate's link; join and accept answer the workspace. */
    const serve = (invitation: TInvitation) =>
      stubFetch((path) => {
        if (path === '/api/config') return json(CONFIG);
        if (path === '/api/invitations/lookup') return json(invitation);
        if (path === '/api/invitations/accept' || path === '/api/invitations/join')
          return json({ email: invitation.email, workspaceId: 'w9' });
        return json({ error: 'Not found' }, 404);
      });
    const bodyOf = (fetch: ReturnType<typeof serve>, path: string) =>
      JSON.parse(String(fetch.mock.calls.find(([url]) => String(url) === path)?.[1]?.body));

    it('without an account: who invited, to what and as what; a chosen password opens that workspace', async () => {
      const fetch = serve(TEAMMATE);
      renderAt('/invitation#token=tok-ed');
      expect(await screen.findByRole('heading', { name: 'Join Ada Studio' })).toBeInTheDocument();
      expect(screen.getByText('Olga Owner invited you to join Ada Studio as an editor.')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Password'), 'chosen-password-1');
      await user.click(screen.getByRole('button', { name: 'Join workspace' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard?workspace=w9'));
      expect(bodyOf(fetch, '/api/invitations/accept')).toEqual({ token: 'tok-ed', password: 'chosen-password-1', name: '' });
    });

    it('with an account, signed out: signs in as the invited address, comes back without the token in the address, and joins', async () => {
      const fetch = serve({ ...TEAMMATE, role: 'approver', accountExists: true });
      const { unmount } = renderAt('/invitation#token=tok-ed');
      expect(await screen.findByText('Olga Owner invited you to join Ada Studio as an approver.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign in as ed@example.com to join' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Finvitation');
      expect(auth.signOut).not.toHaveBeenCalled();
      unmount();

      // Signed in, sign-in brings them back to /invitation: the token waited in this tab.
      auth.user = { uid: 'u-ed', email: 'ed@example.com' };
      renderAt('/invitation');
      expect(await screen.findByText(/You are signed in as/)).toHaveTextContent('You are signed in as ed@example.com.');
      await user.click(screen.getByRole('button', { name: 'Join Ada Studio' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard?workspace=w9'));
      expect(bodyOf(fetch, '/api/invitations/join')).toEqual({ token: 'tok-ed' });
      expect(sessionStorage.getItem('hookline.invitationToken')).toBeNull();
    });

    it('signed in as someone else: says whose invitation it is, and signs out to sign in as that address', async () => {
      serve({ ...TEAMMATE, accountExists: true });
      auth.user = { uid: 'u-other', email: 'other@example.com' };
      renderAt('/invitation#token=tok-ed');
      expect(await screen.findByText(/but this invitation is for/)).toHaveTextContent(
        'You are signed in as other@example.com, but this invitation is for ed@example.com.',
      );
      expect(screen.queryByRole('button', { name: 'Join Ada Studio' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Sign in as ed@example.com to join' }));
      await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
      expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Finvitation');
      expect(sessionStorage.getItem('hookline.invitationToken')).toBe('tok-ed');
    });

    it("the server's refusal to join is shown in an alert", async () => {
      stubFetch((path) => {
        if (path === '/api/invitations/lookup') return json({ ...TEAMMATE, accountExists: true });
        if (path === '/api/invitations/join')
          return json({ error: 'This invitation has expired. Ask the owner of Ada Studio to invite you again.' }, 410);
        return json(CONFIG);
      });
      auth.user = { uid: 'u-ed', email: 'ed@example.com' };
      renderAt('/invitation#token=tok-ed');
      await user.click(await screen.findByRole('button', { name: 'Join Ada Studio' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This invitation has expired. Ask the owner of Ada Studio to invite you again.',
      );
      expect(assign).not.toHaveBeenCalled();
    });
  });
});

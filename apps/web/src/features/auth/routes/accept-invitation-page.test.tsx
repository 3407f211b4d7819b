import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import AcceptInvitationPage from './accept-invitation-page';

const refresh = vi.fn(async () => undefined);
vi.mock('@/lib/auth/use-auth', () => ({ useAuth: () => ({ refresh }) }));

const CONFIG = {
  passwordPolicy: { minLength: 8, maxLength: 128 },
  providers: { google: false, apple: false },
  enterpriseCallUrl: '',
  avatarMaxBytes: 5_000_000,
  allowSelfSignup: false,
  brandHue: 212,
  clipper: { enabled: false, baseUrl: '' },
};
const INVITATION = { email: 'ada@example.com', workspaceName: 'Ada Studio', expiresAt: '2030-01-08T00:00:00.000Z' };

function renderAt(path: string) {
  return renderPage(
    <Routes>
      <Route path="/invitation" element={<AcceptInvitationPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    path,
  );
}

// One journey waits on a lookup, a mutation and two renders: more than the default 5 s on a busy machine.
describe('accepting an invitation', { timeout: 30_000 }, () => {
  // Keystrokes without a timer between them: typing a password then costs no time of its own.
  const user = userEvent.setup({ delay: null });

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
});

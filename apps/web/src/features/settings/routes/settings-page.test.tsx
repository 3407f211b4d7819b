import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { TListMembersResponse, TWorkspace } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import SettingsPage from './settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));
const signOut = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ loaded: true, user: { uid: 'u1', email: 'me@x.test', role: 'client' }, isStaff: false, isFounder: false, signOut }),
}));

const WORKSPACE: TWorkspace = {
  id: 'w1',
  name: 'Acme Studio',
  owner: 'me@x.test',
  plan: 'self_serve',
  status: 'active',
  timeZone: null,
  cadence: 'Daily',
  access: 'owner',
  requireApproval: false,
  holdLateMinutes: null,
};

const TEAM: TListMembersResponse = {
  members: [{ userId: 'u1', email: 'me@x.test', name: '', role: 'owner', joinedAt: '2030-01-01T00:00:00.000Z' }],
  invitations: [],
};

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function serve(workspace: TWorkspace | Response = WORKSPACE) {
  let current = workspace;
  return stubFetch((path, init) => {
    if (path === '/api/workspace' && init?.method === 'PATCH') {
      current = { ...(current as TWorkspace), ...JSON.parse(String(init.body)) };
      return json(current);
    }
    if (path === '/api/workspace') return current instanceof Response ? current.clone() : json(current);
    if (path === '/api/social/providers') return json({ providers: ['google'] });
    if (path === '/api/social/connections') return json([]);
    if (path === '/api/workspace/members') return json(TEAM);
    if (path === '/api/workspace/posting-slots') return json({ timeZone: 'UTC', slots: [] });
    if (path === '/api/workspace/api-keys') return json({ keys: [] });
    return json({ error: 'unexpected' }, 404);
  });
}

function renderSettings(path = '/dashboard/settings') {
  renderPage(
    <>
      <SettingsPage />
      <Location />
    </>,
    path,
  );
}

describe('Settings page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the account with the browser time zone, and signs out to /login', async () => {
    serve();
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('me@x.test')).toBeInTheDocument();
    expect(screen.getByText(Intl.DateTimeFormat().resolvedOptions().timeZone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(signOut).toHaveBeenCalled();
  });

  it('notes a workspace time-zone override', async () => {
    const other = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo';
    serve({ ...WORKSPACE, timeZone: other });
    renderSettings();
    expect(await screen.findByText(`Your workspace schedules in ${other} (workspace override).`)).toBeInTheDocument();
  });

  it('shows the success of a connection and takes the result off the URL', async () => {
    serve();
    renderSettings('/dashboard/settings?connected=google');
    expect(await screen.findByText('YouTube channel connected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/settings$/));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('YouTube channel connected.')).not.toBeInTheDocument();
  });

  it('shows the reason a connection failed', async () => {
    serve();
    renderSettings(`/dashboard/settings?channelError=${encodeURIComponent('You cancelled connecting YouTube.')}`);
    expect(await screen.findByText('Could not connect the channel: You cancelled connecting YouTube.')).toBeInTheDocument();
  });

  it('saves the default cadence and the time-zone override', async () => {
    const fetchMock = serve();
    renderSettings();
    const cadence = await screen.findByLabelText('Default cadence');
    expect(cadence).toHaveValue('Daily');
    expect([...(cadence as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Daily', '3x per week', 'Weekly']);
    const zone = screen.getByLabelText('Time zone override');
    expect(zone).toHaveValue('');
    expect((zone as HTMLSelectElement).options[0].text).toMatch(/^Use my own time zone/);
    expect((zone as HTMLSelectElement).options.length).toBeGreaterThan(100);

    await userEvent.selectOptions(cadence, '3x per week');
    await userEvent.selectOptions(zone, 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Preferences saved'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ cadence: '3x per week', timeZone: 'Europe/Berlin' });
    expect(await screen.findByLabelText('Default cadence')).toHaveValue('3x per week');

    await userEvent.selectOptions(screen.getByLabelText('Time zone override'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(2));
    const last = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toEqual({ cadence: '3x per week', timeZone: null });
  });

  it('reports a failed save', async () => {
    stubFetch((path, init) => {
      if (path === '/api/workspace' && init?.method === 'PATCH') return json({ error: 'timeZone must be an IANA time zone' }, 400);
      if (path === '/api/workspace') return json(WORKSPACE);
      if (path === '/api/social/providers') return json({ providers: [] });
      if (path === '/api/workspace/members') return json(TEAM);
      if (path === '/api/workspace/posting-slots') return json({ timeZone: 'UTC', slots: [] });
      if (path === '/api/workspace/api-keys') return json({ keys: [] });
      return json([]);
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Save failed', { description: 'timeZone must be an IANA time zone' }));
  });

  it('shows a workspace load error instead of the preferences', async () => {
    serve(json({ error: 'Database is down' }, 503));
    renderSettings();
    expect(await screen.findByText('Could not load your workspace: Database is down')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
  });
  it('shows the Review and Team cards after the preferences', async () => {
    serve();
    renderSettings();
    expect(await screen.findByRole('switch', { name: 'Require approval before publishing' })).toBeEnabled();
    expect(await screen.findByRole('list', { name: 'Team members' })).toHaveTextContent('me@x.test (you)');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.trim());
    expect(headings).toEqual([
      'Account',
      'Connected channels',
      'Workspace preferences',
      'Review',
      'Publishing',
      'Team',
      'API keys',
      'Danger zone',
    ]);
  });

  it('a teammate sees what only the owner and staff change read-only, each with the reason', async () => {
    serve({ ...WORKSPACE, access: 'editor' });
    renderSettings();
    expect(await screen.findByLabelText('Default cadence')).toBeDisabled();
    expect(screen.getByLabelText('Time zone override')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    for (const reason of [
      'Only the owner of Acme Studio or the Hookline team can change these preferences.',
      'Only the owner of Acme Studio or the Hookline team can connect, refresh or remove channels.',
      'Only the owner of Acme Studio or the Hookline team can change this.',
    ]) {
      expect(await screen.findByText(reason)).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Connect YouTube' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Require approval before publishing' })).toBeDisabled();
    expect(
      await screen.findByText('Only the owner of Acme Studio or the Hookline team can invite, change or remove teammates.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only the client who owns it can delete/)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_PROOF_NEEDED, WORKSPACE_HEADER, type TAccessibleWorkspace, type TWorkspace } from '@hookline/shared';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { stubMatchMedia } from '@/test/match-media';
import { json, renderPage, stubFetch } from '@/test/render';
import { DashboardShell } from './dashboard-shell';

const auth = vi.hoisted(() => ({ role: 'manager' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({
    loaded: true,
    user: { uid: 'u1', email: 'sam@hookline.test', displayName: 'Sam', role: auth.role },
    isStaff: auth.role !== 'client',
    isFounder: false,
    signOut: vi.fn(),
  }),
}));

const WORKSPACE: TWorkspace = {
  id: 'ws-nia',
  name: 'Nia Co',
  owner: 'nia@x.test',
  plan: 'managed',
  status: 'active',
  timeZone: null,
  cadence: 'Daily',
  access: 'staff',
  requireApproval: false,
  holdLateMinutes: null,
};
const LIST: TAccessibleWorkspace[] = [
  { id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access: 'staff' },
  { id: 'ws-bo', name: 'Bo Bakery', owner: 'bo@x.test', access: 'staff' },
];

/** Answers like the server: the workspace, and the switcher's list. */
function stubServer(workspace: Response | (() => Response) = () => json(WORKSPACE), list: TAccessibleWorkspace[] = LIST) {
  return stubFetch((path) => {
    if (path === '/api/workspace') return typeof workspace === 'function' ? workspace() : workspace;
    if (path === '/api/workspaces') return json({ workspaces: list });
    return json({ error: 'unexpected' }, 404);
  });
}

function renderShell(path = '/dashboard') {
  renderPage(
    <Routes>
      <Route path="/dashboard" element={<DashboardShell />}>
        <Route index element={<h1>Overview page</h1>} />
      </Route>
    </Routes>,
    path,
  );
  return userEvent.setup();
}

/** Time for an answered request to reach the screen, before asserting that something did not appear. */
const listSettled = () => new Promise((resolve) => setTimeout(resolve, 50));

const requestsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);

beforeEach(() => {
  auth.role = 'manager';
  stubMatchMedia(['(min-width: 64rem)']);
});
afterEach(() => {
  clearActiveWorkspace();
  vi.unstubAllGlobals();
});

describe('Dashboard shell: staff in a client workspace', () => {
  it("shows whose workspace this is above the page, with the way back to the console, and asks in that workspace's name", async () => {
    openWorkspaceForTest('ws-nia');
    const fetchMock = stubServer();
    renderShell();
    const banner = await screen.findByRole('region', { name: 'Client workspace' });
    await waitFor(() => expect(banner).toHaveTextContent('Working in Nia Co’s workspace'));
    expect(within(banner).getByRole('link', { name: 'Back to console' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
    expect(screen.queryByText(/Client pages need a client account/)).not.toBeInTheDocument();
    const [[, init]] = requestsTo(fetchMock, '/api/workspace');
    expect(new Headers(init?.headers).get(WORKSPACE_HEADER)).toBe('ws-nia');
  });

  it('switches by keyboard: the switcher lists and searches the clients; each opens their workspace in a new page load', async () => {
    openWorkspaceForTest('ws-nia');
    const fetchMock = stubServer();
    const user = renderShell();
    const toggle = await screen.findByRole('button', { name: 'Switch client' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByRole('searchbox', { name: 'Find a client' });
    expect(search).toHaveFocus();

    const list = await screen.findByRole('list', { name: 'Clients' });
    const bo = within(list).getByRole('link', { name: /Bo Bakery/ });
    expect(bo).toHaveAttribute('href', '/dashboard?workspace=ws-bo');
    expect(within(list).getByRole('link', { name: /Nia Co/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('2 clients')).toHaveAttribute('role', 'status');

    await user.type(search, 'bak');
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/workspaces').map(([url]) => new URL(String(url), 'http://localhost').search)).toContain(
        '?limit=20&search=bak',
      ),
    );
    // Escape empties the search first, then closes the switcher and gives the focus back.
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('without an active workspace, staff choose a client instead of seeing a page', async () => {
    const fetchMock = stubServer();
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Choose a client' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overview page' })).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard?workspace=ws-nia', '/dashboard?workspace=ws-bo']);
    expect(screen.getByRole('link', { name: 'Back to console' })).toHaveAttribute('href', '/admin');
    // Nothing asks for a workspace that is not chosen yet.
    expect(requestsTo(fetchMock, '/api/workspace')).toHaveLength(0);
  });

  it('a workspace the server refuses says why and offers the others', async () => {
    openWorkspaceForTest('ws-gone');
    stubServer(() => json({ error: 'You are not assigned to this client' }, 403));
    renderShell();
    expect(await screen.findByRole('heading', { name: 'This workspace cannot be opened' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are not assigned to this client');
    expect(screen.queryByRole('heading', { name: 'Overview page' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Bo Bakery/ })).toHaveAttribute('href', '/dashboard?workspace=ws-bo');
  });
});

describe('Dashboard shell: clients', () => {
  beforeEach(() => {
    auth.role = 'client';
  });

  /** A client's own workspace, as the switcher lists it. */
  const OWN: TAccessibleWorkspace = { id: 'ws-ada', name: 'Ada Bakes', owner: 'ada@x.test', access: 'owner' };
  const ownWorkspace = () => json({ ...WORKSPACE, id: 'ws-ada', name: 'Ada Bakes', owner: 'ada@x.test', access: 'owner' });

  it('an owner with only their own workspace sees the page and nothing more', async () => {
    const fetchMock = stubServer(ownWorkspace, [OWN]);
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, '/api/workspaces')).toHaveLength(1));
    // The list has come and holds one workspace: still no banner and no switcher.
    await listSettled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch workspace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a client' })).not.toBeInTheDocument();
  });

  it('an owner who is also a teammate elsewhere is offered the switch between the two', async () => {
    stubServer(ownWorkspace, [OWN, { id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access: 'editor' }]);
    const user = renderShell();
    const banner = await screen.findByRole('region', { name: 'Your workspace' });
    expect(banner).toHaveTextContent('Working in Ada Bakes, your own workspace');
    expect(within(banner).queryByRole('link', { name: 'Back to console' })).not.toBeInTheDocument();
    await user.click(await within(banner).findByRole('button', { name: 'Switch workspace' }));
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    expect(within(list).getByRole('link', { name: /Ada Bakes/ })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('link', { name: /Nia Co/ })).toHaveAttribute('href', '/dashboard?workspace=ws-nia');
    expect(screen.getByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
  });

  it.each([
    ['editor', 'Working in Nia Co’s workspace as an editor'],
    ['approver', 'Working in Nia Co’s workspace as an approver'],
  ] as const)('a teammate (%s) always sees whose workspace it is, with no switcher while it is their only one', async (access, text) => {
    const fetchMock = stubServer(() => json({ ...WORKSPACE, access }), [{ id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access }]);
    renderShell();
    const banner = await screen.findByRole('region', { name: 'Shared workspace' });
    expect(banner).toHaveTextContent(text);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/workspaces')).toHaveLength(1));
    await listSettled();
    expect(within(banner).queryByRole('button', { name: 'Switch workspace' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Back to console' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
  });

  it("a teammate of two owners switches between their workspaces from the banner, in the opened one's name", async () => {
    openWorkspaceForTest('ws-bo');
    const fetchMock = stubServer(
      () => json({ ...WORKSPACE, id: 'ws-bo', name: 'Bo Bakery', owner: 'bo@x.test', access: 'approver' }),
      [
        { id: 'ws-nia', name: 'Nia Co', owner: 'nia@x.test', access: 'editor' },
        { id: 'ws-bo', name: 'Bo Bakery', owner: 'bo@x.test', access: 'approver' },
      ],
    );
    const user = renderShell();
    const banner = await screen.findByRole('region', { name: 'Shared workspace' });
    await waitFor(() => expect(banner).toHaveTextContent('Working in Bo Bakery’s workspace as an approver'));
    await user.click(await within(banner).findByRole('button', { name: 'Switch workspace' }));
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    expect(within(list).getByRole('link', { name: /Nia Co/ })).toHaveAttribute('href', '/dashboard?workspace=ws-nia');
    const [[, init]] = requestsTo(fetchMock, '/api/workspace');
    expect(new Headers(init?.headers).get(WORKSPACE_HEADER)).toBe('ws-bo');
  });

  it('asks for the address proof when that is why the workspace waits', async () => {
    stubServer(() => json({ error: ADDRESS_PROOF_NEEDED }, 403));
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overview page' })).not.toBeInTheDocument();
  });

  it('a teammate removed from every team reads why, not a request for a link, and has a way out', async () => {
    const removed = 'This account is not a member of any workspace now. To join one, open the link in its invitation mail.';
    stubServer(() => json({ error: removed }, 404), []);
    renderShell();
    expect(await screen.findByRole('heading', { name: 'No workspace to open' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(removed);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to my workspace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Overview page' })).not.toBeInTheDocument();
  });

  it('another 403 on their own workspace says its own words instead of asking for the address proof', async () => {
    stubServer(() => json({ error: 'This workspace is closed' }, 403), []);
    renderShell();
    expect(await screen.findByRole('alert')).toHaveTextContent('This workspace is closed');
    expect(screen.queryByRole('heading', { name: 'Confirm your email address' })).not.toBeInTheDocument();
  });
});

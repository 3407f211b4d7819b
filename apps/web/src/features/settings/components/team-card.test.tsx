import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TListMembersResponse, TWorkspace } from '@hookline/shared';
import { getActiveWorkspaceId } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { json, renderPage, stubFetch } from '@/test/render';
import { TEST_WORKSPACE } from '@/test/workspace';
import TeamCard from './team-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));
const me = vi.hoisted(() => ({ uid: 'u-owner' }));
vi.mock('@/lib/auth/use-auth', () => ({ useAuth: () => ({ user: { uid: me.uid, email: 'me@x.test', role: 'client' } }) }));

const TEAM: TListMembersResponse = {
  members: [
    { userId: 'u-owner', email: 'o@x.test', name: 'Olga Owner', role: 'owner', joinedAt: '2030-01-01T00:00:00.000Z' },
    { userId: 'u-ed', email: 'ed@x.test', name: '', role: 'editor', joinedAt: '2030-01-02T00:00:00.000Z' },
  ],
  invitations: [
    { id: 'i1', email: 'new@x.test', role: 'approver', invitedBy: 'o@x.test', expiresAt: '2999-01-08T00:00:00.000Z' },
    { id: 'i2', email: 'late@x.test', role: 'editor', invitedBy: 'o@x.test', expiresAt: '2000-01-08T00:00:00.000Z' },
  ],
};

/** The members API as the server answers it, changing its list as calls come in. */
function serve(options: { invite?: (body: { email: string; role: string }) => Response } = {}) {
  const team = structuredClone(TEAM);
  return stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/workspace/members' && method === 'GET') return json(team);
    if (path === '/api/workspace/members/invitations' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { email: string; role: 'editor' | 'approver' };
      const refused = options.invite?.(body);
      if (refused) return refused;
      const invitation = { id: 'i3', ...body, invitedBy: 'o@x.test', expiresAt: '2999-01-08T00:00:00.000Z' };
      team.invitations.push(invitation);
      return json(invitation, 201);
    }
    const invitation = /^\/api\/workspace\/members\/invitations\/([^/]+)$/.exec(path);
    if (invitation && method === 'DELETE') {
      team.invitations = team.invitations.filter((i) => i.id !== invitation[1]);
      return new Response(null, { status: 204 });
    }
    const member = /^\/api\/workspace\/members\/([^/]+)$/.exec(path);
    if (member && method === 'PATCH') {
      const found = team.members.find((m) => m.userId === member[1])!;
      found.role = JSON.parse(String(init?.body)).role;
      return json(found);
    }
    if (member && method === 'DELETE') {
      team.members = team.members.filter((m) => m.userId !== member[1]);
      return new Response(null, { status: 204 });
    }
    return json({ error: `unexpected ${method} ${path}` }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://x').pathname === path && (init?.method ?? 'GET') === method);

function renderCard(workspace: TWorkspace = TEST_WORKSPACE) {
  renderPage(<TeamCard workspace={workspace} />, '/dashboard/settings');
}

describe('Team card', { timeout: 30_000 }, () => {
  const user = userEvent.setup({ delay: null });
  beforeEach(() => {
    vi.clearAllMocks();
    me.uid = 'u-owner';
  });

  it('lists the owner first, then teammates with their roles, and the invitations waiting', async () => {
    serve();
    renderCard();
    const list = await screen.findByRole('list', { name: 'Team members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['o@x.test', 'ed@x.test']);
    expect(rows[0]).toHaveTextContent('Olga Owner (you)');
    expect(within(rows[0]).getByText('Owner')).toBeInTheDocument();
    expect(within(rows[1]).getByLabelText('Role of ed@x.test')).toHaveValue('editor');
    const waiting = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(within(waiting).getByRole('listitem', { name: 'new@x.test' })).toHaveTextContent(/Approver · link works until/);
    expect(within(waiting).getByRole('listitem', { name: 'late@x.test' })).toHaveTextContent('Editor · expired: invite them again');
  });

  it('invites by email and role, and shows the invitation waiting', async () => {
    const fetchMock = serve();
    renderCard();
    await user.type(await screen.findByLabelText('Email'), '  pat@x.test ');
    await user.selectOptions(screen.getByLabelText('Role'), 'approver');
    expect(screen.getByText('Approver: drafts posts, comments on them and approves what is published.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Invitation sent', { description: 'pat@x.test can join with the link in their mail.' }),
    );
    const [[, init]] = calls(fetchMock, 'POST', '/api/workspace/members/invitations');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'pat@x.test', role: 'approver' });
    expect(await screen.findByRole('listitem', { name: 'pat@x.test' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it("shows the server's refusal of an invitation under the form", async () => {
    serve({ invite: ({ email }) => json({ error: `${email} is already a member of this workspace.` }, 409) });
    renderCard();
    await user.type(await screen.findByLabelText('Email'), 'ed@x.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ed@x.test is already a member of this workspace.');
    expect(screen.getByLabelText('Email')).toHaveValue('ed@x.test');
  });

  it('changes a role, cancels an invitation, and removes a teammate after confirming', async () => {
    const fetchMock = serve();
    renderCard();
    await user.selectOptions(await screen.findByLabelText('Role of ed@x.test'), 'approver');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Role changed', { description: 'ed@x.test is now approver.' }));
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/api/workspace/members/u-ed')[0][1]?.body))).toEqual({ role: 'approver' });

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation of new@x.test' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'new@x.test' })).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE', '/api/workspace/members/invitations/i1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove ed@x.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove teammate?' });
    expect(dialog).toHaveTextContent('ed@x.test will no longer open Acme.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/workspace/members/u-ed')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove ed@x.test' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove teammate' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'ed@x.test' })).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('Teammate removed', { description: 'ed@x.test' });
  });

  it('staff manage the team as the owner does', async () => {
    serve();
    renderCard({ ...TEST_WORKSPACE, access: 'staff' });
    expect(await screen.findByLabelText('Role of ed@x.test')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
  });

  describe('for a teammate', () => {
    beforeEach(() => {
      me.uid = 'u-ed';
    });
    afterEach(() => vi.unstubAllGlobals());

    it('is a read-only list that says who changes the team', async () => {
      serve();
      renderCard({ ...TEST_WORKSPACE, access: 'editor' });
      const row = await screen.findByRole('listitem', { name: 'ed@x.test' });
      expect(within(row).getByText('Editor')).toBeInTheDocument();
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Cancel the invitation/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
      expect(screen.getByText('Only the owner of Acme or the Hookline team can invite, change or remove teammates.')).toBeInTheDocument();
    });

    it('may leave: after confirming, the tab goes back to its own dashboard', async () => {
      const fetchMock = serve();
      openWorkspaceForTest('w1', '/dashboard/settings');
      expect(getActiveWorkspaceId()).toBe('w1');
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      renderCard({ ...TEST_WORKSPACE, access: 'editor' });
      const row = await screen.findByRole('listitem', { name: 'ed@x.test' });
      await user.click(within(row).getByRole('button', { name: 'Leave workspace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave Acme?' });
      await user.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
      expect(calls(fetchMock, 'DELETE', '/api/workspace/members/u-ed')).toHaveLength(1);
      expect(getActiveWorkspaceId()).toBeNull();
    });
  });
});

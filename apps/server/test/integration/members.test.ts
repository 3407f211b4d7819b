import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { NO_MEMBERSHIP } from '../../src/modules/workspaces/workspace-of-user.ts';
import { createInvitation } from '../../src/modules/invitations/create-invitation.ts';
import {
  apiCaller,
  createAdminTestApp,
  FOUNDER,
  signUpAs,
  within,
  type AdminTestApp,
  type ApiCaller,
  type HttpMethod,
} from '../support/admin.ts';
import { connectChannel, startChannelProvider } from '../support/channel-provider.ts';
import { acceptInvitation, invitationLinkOf, joinInvitation, lookUpInvitation } from '../support/invitation.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { ORIGIN, signUp } from '../support/test-app.ts';
import { clientTimeline } from '../support/workspace-caller.ts';

/**
 * A client owner's teammates: invited by mail (as an editor or an approver) by the owner or staff,
 * they accept through the link (a new account) or join with the account their address has; they
 * work in the owner's workspace in their role, get none of their own by the link (an address that
 * signed up on its own keeps its own), and lose it at the next request once removed. Staff are
 * never teammates. Only the owner and staff change the team, the settings and the channels.
 */

const MANAGE_TEAM = 'Only the workspace owner or Hookline staff can invite, change or remove teammates.';
const MANAGE_SETTINGS = 'Only the workspace owner or Hookline staff can change workspace settings.';
const MANAGE_CHANNELS = 'Only the workspace owner or Hookline staff can connect, refresh or remove channels.';
/** In FOUNDER_EMAIL, with no account yet. */
const COFOUNDER = 'cofounder@members.test';

describe('members: a client owner’s teammates and their invitations', () => {
  let smtp: FakeSmtpServer;
  let idp: OAuth2Server;
  let a: AdminTestApp;
  let counter = 0;
  const uniq = (what: string) => `${what}-${++counter}@members.test`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const provider = await startChannelProvider();
    idp = provider.server;
    a = await createAdminTestApp({ SMTP_URL: smtp.url, FOUNDER_EMAIL: `${FOUNDER},${COFOUNDER}`, ...provider.env });
  });
  afterAll(async () => {
    await a?.t.close();
    await smtp?.close();
    await idp?.stop();
  });

  /** A call naming a workspace in the header, as the dashboard sends it; null sends none. */
  const send = (caller: ApiCaller, method: HttpMethod, url: string, workspaceId: string | null, body?: unknown) =>
    a.t.app.inject({
      method,
      url,
      headers: {
        ...ORIGIN,
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  /** A fresh client and the workspace they own. */
  const newOwner = async () => {
    const owner = await signUpAs(a.t, uniq('owner'));
    const workspace = (await owner.get('/api/workspace')).json() as { id: string; name: string };
    return { owner, workspace };
  };
  /** Invites an address as the caller, in the workspace named; answers the invitation and the token of the mail that arrived. */
  const invite = async (caller: ApiCaller, workspaceId: string, email: string, role: 'editor' | 'approver') => {
    const response = await send(caller, 'POST', '/api/workspace/members/invitations', workspaceId, { email, role });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await within(10_000, `the invitation mail to ${email}`, smtp.waitForMail(email));
    return {
      invitation: response.json() as { id: string; email: string; role: string; expiresAt: string },
      mail,
      ...invitationLinkOf(mail),
    };
  };
  /** Invites a new address and accepts with the link: the teammate, signed in. */
  const newTeammate = async (owner: ApiCaller, workspaceId: string, role: 'editor' | 'approver' = 'editor') => {
    const email = uniq(role);
    const { token } = await invite(owner, workspaceId, email, role);
    const accepted = await acceptInvitation(a.t.app, { token, password: 'teammate-password-1' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    const user = await a.t.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return apiCaller(a.t, { cookie: accepted.cookie, email, userId: user.id });
  };
  const timeline = (workspaceId: string) => clientTimeline(a.t.db, workspaceId);
  const members = async (caller: ApiCaller, workspaceId: string) => {
    const response = await send(caller, 'GET', '/api/workspace/members', workspaceId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      members: Array<{ userId: string; email: string; role: string }>;
      invitations: Array<{ id: string; email: string; role: string; invitedBy: string }>;
    };
  };
  const ownWorkspaces = (email: string) => a.t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', email).execute();

  it('the owner invites an editor; the link makes the account, which works in the owner’s workspace and owns none', async () => {
    const { owner, workspace } = await newOwner();
    const email = uniq('ed');
    const { invitation, mail, token } = await invite(owner, workspace.id, email, 'editor');
    expect(invitation).toEqual({ id: expect.any(String), email, role: 'editor', invitedBy: owner.email, expiresAt: expect.any(String) });
    // An unproven owner is named by address, never by a name anyone can type.
    expect(mail.subject).toBe(`${owner.email} invited you to ${workspace.name} on Hookline`);
    expect(mail.text).toContain(`join the workspace "${workspace.name}" on Hookline as an editor`);

    const lookup = await lookUpInvitation(a.t.app, token);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      email,
      role: 'editor',
      workspaceName: workspace.name,
      invitedBy: owner.email,
      accountExists: false,
      expiresAt: invitation.expiresAt,
    });
    expect((await members(owner, workspace.id)).invitations).toEqual([
      { id: invitation.id, email, role: 'editor', invitedBy: owner.email, expiresAt: invitation.expiresAt },
    ]);

    const accepted = await acceptInvitation(a.t.app, { token, password: 'teammate-password-1', name: 'Eddie' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    expect(accepted.response.json()).toEqual({ email, workspaceId: workspace.id });
    const editor = apiCaller(a.t, { cookie: accepted.cookie, email });

    // Without the header the teammate works in the workspace they joined, as an editor; they own none.
    const plain = await editor.get('/api/workspace');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ id: workspace.id, access: 'editor' });
    expect((await send(editor, 'GET', '/api/workspace', workspace.id)).json()).toMatchObject({ id: workspace.id, access: 'editor' });
    expect(await ownWorkspaces(email)).toEqual([]);
    expect((await editor.get('/api/workspaces')).json()).toEqual({
      workspaces: [{ id: workspace.id, name: workspace.name, owner: owner.email, access: 'editor' }],
    });
    // The link was mailed to the address: it is proven.
    const account = await a.t.db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(Boolean(account.emailVerified)).toBe(true);

    const team = await members(editor, workspace.id);
    expect(team.members).toEqual([
      { userId: owner.userId, email: owner.email, name: '', role: 'owner', joinedAt: expect.any(String) },
      { userId: account.id, email, name: 'Eddie', role: 'editor', joinedAt: expect.any(String) },
    ]);
    expect(team.invitations).toEqual([]);
    expect(await timeline(workspace.id)).toEqual(
      expect.arrayContaining([
        { text: `Teammate invited: ${email} as editor`, who: owner.email },
        { text: `Teammate joined: ${email} as editor`, who: email },
      ]),
    );
    // Used, the link says where to go.
    const again = await lookUpInvitation(a.t.app, token);
    expect([again.statusCode, again.json().error]).toEqual([
      410,
      `This invitation has already been used. Sign in as ${email} to open ${workspace.name}.`,
    ]);
  });

  it('an address with an account joins by signing in with it; another account is told whose invitation it is', async () => {
    const { owner, workspace } = await newOwner();
    const existing = await signUpAs(a.t, uniq('existing'));
    const own = (await existing.get('/api/workspace')).json() as { id: string; name: string };
    const { token } = await invite(owner, workspace.id, existing.email, 'approver');

    const lookup = await lookUpInvitation(a.t.app, token);
    expect(lookup.json()).toMatchObject({ role: 'approver', accountExists: true });
    const accept = await acceptInvitation(a.t.app, { token, password: 'another-password-1' });
    expect([accept.response.statusCode, accept.response.json().error]).toEqual([
      409,
      `An account for ${existing.email} already exists. Sign in with it to join.`,
    ]);
    expect(accept.cookie).toBe('');

    const other = await signUpAs(a.t, uniq('other'));
    const wrong = await joinInvitation(a.t.app, other.cookie, token);
    expect([wrong.statusCode, wrong.json().error]).toEqual([403, `This invitation is for ${existing.email}. Sign in with that address.`]);
    expect((await joinInvitation(a.t.app, '', token)).statusCode).toBe(401);
    expect((await send(other, 'GET', '/api/workspace', workspace.id)).statusCode).toBe(404);

    const joined = await joinInvitation(a.t.app, existing.cookie, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ email: existing.email, workspaceId: workspace.id });
    // Their own workspace stays theirs (and the default); the joined one opens by the header, as an approver.
    expect((await existing.get('/api/workspace')).json()).toMatchObject({ id: own.id, access: 'owner' });
    expect((await send(existing, 'GET', '/api/workspace', workspace.id)).json()).toMatchObject({ id: workspace.id, access: 'approver' });
    const listed = (await existing.get('/api/workspaces')).json().workspaces as Array<{ id: string; access: string }>;
    expect(listed.map(({ id, access }) => ({ id, access })).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: own.id, access: 'owner' },
        { id: workspace.id, access: 'approver' },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect((await joinInvitation(a.t.app, existing.cookie, token)).statusCode).toBe(410);
    expect(await timeline(workspace.id)).toContainEqual({ text: `Teammate joined: ${existing.email} as approver`, who: existing.email });
  });

  it('two owners invite one address: both invitations stand, the teammate joins both, and works first in the earliest', async () => {
    const first = await newOwner();
    const second = await newOwner();
    const email = uniq('shared');
    const one = await invite(first.owner, first.workspace.id, email, 'editor');
    const two = await invite(second.owner, second.workspace.id, email, 'approver');
    expect((await lookUpInvitation(a.t.app, one.token)).statusCode).toBe(200);
    expect((await lookUpInvitation(a.t.app, two.token)).json()).toMatchObject({ accountExists: false });

    const accepted = await acceptInvitation(a.t.app, { token: one.token, password: 'teammate-password-1' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    expect((await lookUpInvitation(a.t.app, two.token)).json()).toMatchObject({ accountExists: true });
    expect((await joinInvitation(a.t.app, accepted.cookie, two.token)).statusCode).toBe(200);

    const teammate = apiCaller(a.t, { cookie: accepted.cookie, email });
    expect((await teammate.get('/api/workspace')).json()).toMatchObject({ id: first.workspace.id, access: 'editor' });
    const listed = (await teammate.get('/api/workspaces')).json().workspaces as Array<{ id: string; access: string }>;
    expect(new Map(listed.map((w) => [w.id, w.access]))).toEqual(
      new Map([
        [first.workspace.id, 'editor'],
        [second.workspace.id, 'approver'],
      ]),
    );
    expect(await ownWorkspaces(email)).toEqual([]);
  });

  it('the owner and staff manage the team; teammates are refused with the reason; others learn nothing', async () => {
    const { owner, workspace } = await newOwner();
    const editor = await newTeammate(owner, workspace.id, 'editor');
    const approver = await newTeammate(owner, workspace.id, 'approver');
    const pending = (await invite(owner, workspace.id, uniq('pending'), 'editor')).invitation;

    for (const teammate of [editor, approver]) {
      for (const [method, url, body] of [
        ['POST', '/api/workspace/members/invitations', { email: uniq('nope'), role: 'editor' }],
        ['DELETE', `/api/workspace/members/invitations/${pending.id}`, undefined],
        ['PATCH', `/api/workspace/members/${editor.userId}`, { role: 'approver' }],
        ['DELETE', `/api/workspace/members/${teammate === editor ? approver.userId : editor.userId}`, undefined],
      ] as const) {
        const response = await send(teammate, method, url, workspace.id, body);
        expect([response.statusCode, response.json().error], `${teammate.email} ${method} ${url}`).toEqual([403, MANAGE_TEAM]);
      }
    }
    const unchanged = await members(owner, workspace.id);
    expect(unchanged.members.map((m) => m.role)).toEqual(['owner', 'editor', 'approver']);
    expect(unchanged.invitations.map((i) => i.id)).toEqual([pending.id]);

    // Staff manage it on the client's behalf: an assigned manager, an admin, a founder; each is named on the timeline.
    expect((await a.founder.post(`/api/admin/clients/${workspace.id}/manager`, { email: a.manager.email })).statusCode).toBe(200);
    const staffInvite = await invite(a.manager, workspace.id, uniq('by-staff'), 'approver');
    expect(staffInvite.mail.subject).toBe(`${a.manager.email} invited you to ${workspace.name} on Hookline`);
    const changed = await send(a.admin, 'PATCH', `/api/workspace/members/${editor.userId}`, workspace.id, { role: 'approver' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ userId: editor.userId, email: editor.email, role: 'approver' });
    expect((await send(a.founder, 'DELETE', `/api/workspace/members/invitations/${pending.id}`, workspace.id)).statusCode).toBe(204);
    expect((await send(a.founder, 'DELETE', `/api/workspace/members/${approver.userId}`, workspace.id)).statusCode).toBe(204);
    expect(await timeline(workspace.id)).toEqual(
      expect.arrayContaining([
        { text: `Teammate invited: ${staffInvite.invitation.email} as approver`, who: a.manager.email },
        { text: `Teammate role changed: ${editor.email} is now approver`, who: a.admin.email },
        { text: `Invitation cancelled: ${pending.email}`, who: a.founder.email },
        { text: `Teammate removed: ${approver.email}`, who: a.founder.email },
      ]),
    );

    // Outside the workspace: another client learns nothing (404), an unassigned manager is told (403).
    const stranger = await signUpAs(a.t, uniq('stranger'));
    const unassigned = await signUpAs(a.t, uniq('unassigned'), 'manager');
    for (const [method, url, body] of [
      ['GET', '/api/workspace/members', undefined],
      ['POST', '/api/workspace/members/invitations', { email: uniq('x'), role: 'editor' }],
      ['PATCH', `/api/workspace/members/${editor.userId}`, { role: 'editor' }],
      ['DELETE', `/api/workspace/members/${editor.userId}`, undefined],
    ] as const) {
      expect((await send(stranger, method, url, workspace.id, body)).statusCode, `stranger ${method} ${url}`).toBe(404);
      expect((await send(unassigned, method, url, workspace.id, body)).statusCode, `unassigned ${method} ${url}`).toBe(403);
      expect((await send(apiCaller(a.t), method, url, workspace.id, body)).statusCode).toBe(401);
    }
    expect((await members(owner, workspace.id)).members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [editor.email, 'approver'],
    ]);
  });

  it('refuses the owner’s own address, a teammate already, and a staff account (409); bad input is a 400 naming the field', async () => {
    const { owner, workspace } = await newOwner();
    const editor = await newTeammate(owner, workspace.id);
    const post = (body: unknown) => send(owner, 'POST', '/api/workspace/members/invitations', workspace.id, body);
    for (const [body, error] of [
      [{ email: owner.email.toUpperCase(), role: 'editor' }, `${owner.email} owns this workspace.`],
      [{ email: editor.email, role: 'approver' }, `${editor.email} is already a member of this workspace.`],
      [
        { email: a.admin.email, role: 'editor' },
        `${a.admin.email} is a Hookline staff account: staff open a client's workspace from the admin console, not as a teammate.`,
      ],
    ] as const) {
      const response = await post(body);
      expect([response.statusCode, response.json().error]).toEqual([409, error]);
    }
    for (const [body, error] of [
      [{ email: uniq('x'), role: 'owner' }, 'role must be editor or approver'],
      [{ email: 'not-an-address', role: 'editor' }, 'email must be an email address'],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(error);
    }
    expect((await members(owner, workspace.id)).invitations).toEqual([]);
  });

  it('a newer invitation to the address replaces the older; a cancelled one stops working', async () => {
    const { owner, workspace } = await newOwner();
    const email = uniq('twice');
    const older = await invite(owner, workspace.id, email, 'editor');
    const newer = await invite(owner, workspace.id, email, 'approver');
    expect((await lookUpInvitation(a.t.app, older.token)).statusCode).toBe(404);
    expect((await lookUpInvitation(a.t.app, newer.token)).json()).toMatchObject({ role: 'approver' });
    expect((await members(owner, workspace.id)).invitations.map((i) => [i.email, i.role])).toEqual([[email, 'approver']]);

    const cancel = () => send(owner, 'DELETE', `/api/workspace/members/invitations/${newer.invitation.id}`, workspace.id);
    expect((await cancel()).statusCode).toBe(204);
    expect((await lookUpInvitation(a.t.app, newer.token)).statusCode).toBe(404);
    expect((await acceptInvitation(a.t.app, { token: newer.token, password: 'teammate-password-1' })).response.statusCode).toBe(404);
    const again = await cancel();
    expect([again.statusCode, again.json().error]).toEqual([404, 'Invitation not found (it may have been accepted or cancelled already).']);

    // Another workspace's invitation, and the owner's own invitation, are not found here.
    const other = await newOwner();
    const theirs = await invite(other.owner, other.workspace.id, uniq('theirs'), 'editor');
    expect((await send(owner, 'DELETE', `/api/workspace/members/invitations/${theirs.invitation.id}`, workspace.id)).statusCode).toBe(404);
    expect((await lookUpInvitation(a.t.app, theirs.token)).statusCode).toBe(200);
  });

  it('a changed role counts at the next request; the owner is no teammate; an unknown one is 404', async () => {
    const { owner, workspace } = await newOwner();
    const teammate = await newTeammate(owner, workspace.id, 'editor');
    expect((await teammate.get('/api/workspace')).json().access).toBe('editor');
    const changed = await send(owner, 'PATCH', `/api/workspace/members/${teammate.userId}`, workspace.id, { role: 'approver' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await teammate.get('/api/workspace')).json().access).toBe('approver');
    // The same role again changes nothing and writes nothing.
    const entries = (await timeline(workspace.id)).length;
    expect((await send(owner, 'PATCH', `/api/workspace/members/${teammate.userId}`, workspace.id, { role: 'approver' })).statusCode).toBe(
      200,
    );
    expect(await timeline(workspace.id)).toHaveLength(entries);

    const ownerRole = await send(owner, 'PATCH', `/api/workspace/members/${owner.userId}`, workspace.id, { role: 'editor' });
    expect([ownerRole.statusCode, ownerRole.json().error]).toEqual([
      400,
      "The workspace owner is not a teammate: the owner's role cannot be changed, nor the owner removed.",
    ]);
    expect((await send(owner, 'DELETE', `/api/workspace/members/${owner.userId}`, workspace.id)).statusCode).toBe(400);
    const unknown = await send(owner, 'PATCH', '/api/workspace/members/no-such-user', workspace.id, { role: 'editor' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Member not found']);
    // A teammate of another workspace is not one here.
    const other = await newOwner();
    const elsewhere = await newTeammate(other.owner, other.workspace.id);
    expect((await send(owner, 'DELETE', `/api/workspace/members/${elsewhere.userId}`, workspace.id)).statusCode).toBe(404);
    expect((await send(owner, 'PATCH', `/api/workspace/members/${teammate.userId}`, workspace.id, { role: 'owner' })).statusCode).toBe(400);
  });

  it('a removed teammate loses the workspace at the next request and gets none of their own; a teammate may leave', async () => {
    const { owner, workspace } = await newOwner();
    const removed = await newTeammate(owner, workspace.id);
    const leaving = await newTeammate(owner, workspace.id, 'approver');
    expect((await send(removed, 'GET', '/api/drafts', workspace.id)).statusCode).toBe(200);

    expect((await send(owner, 'DELETE', `/api/workspace/members/${removed.userId}`, workspace.id)).statusCode).toBe(204);
    const named = await send(removed, 'GET', '/api/workspace', workspace.id);
    expect([named.statusCode, named.json().error]).toEqual([404, 'Workspace not found']);
    expect((await send(removed, 'GET', '/api/drafts', workspace.id)).statusCode).toBe(404);
    const plain = await removed.get('/api/workspace');
    expect([plain.statusCode, plain.json().error]).toEqual([404, NO_MEMBERSHIP]);
    expect(await ownWorkspaces(removed.email)).toEqual([]);
    expect((await removed.get('/api/workspaces')).json()).toEqual({ workspaces: [] });

    expect((await send(leaving, 'DELETE', `/api/workspace/members/${leaving.userId}`, workspace.id)).statusCode).toBe(204);
    expect((await send(leaving, 'GET', '/api/workspace', workspace.id)).statusCode).toBe(404);
    expect(await timeline(workspace.id)).toEqual(
      expect.arrayContaining([
        { text: `Teammate removed: ${removed.email}`, who: owner.email },
        { text: `Teammate left: ${leaving.email}`, who: leaving.email },
      ]),
    );
    expect((await members(owner, workspace.id)).members.map((m) => m.role)).toEqual(['owner']);
  });

  it('a teammate’s invitation waiting holds nothing: the address signs up on its own, owns its workspace, and may still join', async () => {
    const { owner, workspace } = await newOwner();
    const email = uniq('walk-in');
    await invite(owner, workspace.id, email, 'editor');
    // A newer invitation to the address holds it no more than the first did.
    const { token } = await invite(owner, workspace.id, email, 'approver');
    const { cookie, user } = await signUp(a.t.app, { email });
    const walkIn = apiCaller(a.t, { cookie, email, userId: user.id });
    const own = await walkIn.get('/api/workspace');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ owner: email, access: 'owner' });

    const joined = await joinInvitation(a.t.app, cookie, token);
    expect(joined.statusCode, joined.body).toBe(200);
    // A teammate now, whose own workspace stays the default; the team's opens by the header.
    expect((await walkIn.get('/api/workspace')).json()).toMatchObject({ id: own.json().id, access: 'owner' });
    expect((await send(walkIn, 'GET', '/api/workspace', workspace.id)).json()).toMatchObject({ id: workspace.id, access: 'approver' });
    expect((await members(owner, workspace.id)).members).toContainEqual(expect.objectContaining({ email, role: 'approver' }));
  });

  it('a staff address is never a teammate: refused when invited, and when an invitation made earlier is accepted or joined (409)', async () => {
    const { owner, workspace } = await newOwner();
    const staffAccount = (email: string) =>
      `${email} is a Hookline staff account: staff open a client's workspace from the admin console, not as a teammate.`;
    // FOUNDER_EMAIL names the address: its account, once made, is a founder's.
    const invited = await send(owner, 'POST', '/api/workspace/members/invitations', workspace.id, { email: COFOUNDER, role: 'editor' });
    expect([invited.statusCode, invited.json().error]).toEqual([409, staffAccount(COFOUNDER)]);

    // Invitations made before the address was staff's.
    const early = await createInvitation(a.t.db, { workspaceId: workspace.id, email: COFOUNDER, invitedBy: owner.email, role: 'editor' });
    const accepted = await acceptInvitation(a.t.app, { token: early.token, password: 'founder-password-1' });
    expect([accepted.response.statusCode, accepted.response.json().error]).toEqual([409, staffAccount(COFOUNDER)]);
    expect(accepted.cookie).toBe('');
    expect(await a.t.db.selectFrom('user').select('id').where('email', '=', COFOUNDER).execute()).toEqual([]);
    for (const staff of [a.founder, a.admin]) {
      const { token } = await createInvitation(a.t.db, {
        workspaceId: workspace.id,
        email: staff.email,
        invitedBy: owner.email,
        role: 'approver',
      });
      const joined = await joinInvitation(a.t.app, staff.cookie, token);
      expect([joined.statusCode, joined.json().error], staff.email).toEqual([409, staffAccount(staff.email)]);
    }
    expect((await members(owner, workspace.id)).members.map((m) => m.role)).toEqual(['owner']);
  });

  it('teammates do not change settings, channels or the workspace; the owner and staff do', async () => {
    const { owner, workspace } = await newOwner();
    const editor = await newTeammate(owner, workspace.id, 'editor');
    const approver = await newTeammate(owner, workspace.id, 'approver');
    const connection = await connectChannel(a.t, idp, owner, `chan${counter}`);

    for (const teammate of [editor, approver]) {
      for (const body of [{ cadence: 'Weekly' }, { requireApproval: true }]) {
        const response = await send(teammate, 'PATCH', '/api/workspace', workspace.id, body);
        expect([response.statusCode, response.json().error]).toEqual([403, MANAGE_SETTINGS]);
      }
      for (const [method, url] of [
        ['DELETE', `/api/social/${connection}`],
        ['POST', `/api/social/${connection}/refresh`],
      ] as const) {
        const response = await send(teammate, method, url, workspace.id);
        expect([response.statusCode, response.json().error], `${method} ${url}`).toEqual([403, MANAGE_CHANNELS]);
      }
      // Connecting is a navigation: refused with the reason on the way back, before the provider is asked.
      const start = await a.t.app.inject({
        url: `/api/social/google/auth?workspaceId=${workspace.id}`,
        headers: { cookie: teammate.cookie },
      });
      expect(start.statusCode).toBe(302);
      expect(new URL(String(start.headers.location), 'http://x').searchParams.get('channelError')).toBe(MANAGE_CHANNELS);
      expect(start.headers['set-cookie']).toBeUndefined();
      const deleted = await send(teammate, 'DELETE', '/api/workspace', workspace.id, { confirmName: workspace.name });
      expect([deleted.statusCode, deleted.json().error]).toEqual([403, 'Only the owner can delete this workspace.']);
      // Reading is theirs: the channels and the workspace.
      expect((await send(teammate, 'GET', '/api/social/connections', workspace.id)).json()).toHaveLength(1);
    }
    expect((await owner.get('/api/workspace')).json()).toMatchObject({ cadence: 'Daily', requireApproval: false });
  });

  it('requireApproval follows the plan until the owner or staff choose; teammates cannot', async () => {
    const { owner, workspace } = await newOwner();
    const approver = await newTeammate(owner, workspace.id, 'approver');
    const read = async () => (await owner.get('/api/workspace')).json().requireApproval as boolean;
    // Self-serve: off; managed and enterprise: on (the client signs off on what is made for them).
    expect(await read()).toBe(false);
    for (const [plan, expected] of [
      ['managed', true],
      ['enterprise', true],
      ['self_serve', false],
    ] as const) {
      const changed = await a.admin.patch(`/api/admin/clients/${workspace.id}`, {
        plan,
        planMonthlyUsd: plan === 'self_serve' ? null : 900,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await read(), plan).toBe(expected);
    }

    const byOwner = await owner.patch('/api/workspace', { requireApproval: true });
    expect([byOwner.statusCode, byOwner.json().requireApproval]).toEqual([200, true]);
    // Chosen, it no longer follows the plan.
    await a.admin.patch(`/api/admin/clients/${workspace.id}`, { plan: 'managed', planMonthlyUsd: 900 });
    const byStaff = await send(a.admin, 'PATCH', '/api/workspace', workspace.id, { requireApproval: false });
    expect([byStaff.statusCode, byStaff.json().requireApproval]).toEqual([200, false]);
    expect(await read()).toBe(false);
    expect(await timeline(workspace.id)).toContainEqual({ text: 'Workspace settings changed', who: a.admin.email });

    const refused = await send(approver, 'PATCH', '/api/workspace', workspace.id, { requireApproval: true });
    expect([refused.statusCode, refused.json().error]).toEqual([403, MANAGE_SETTINGS]);
    expect(await read()).toBe(false);
    expect((await approver.get('/api/workspace')).json()).toMatchObject({ access: 'approver', requireApproval: false });
  });
});

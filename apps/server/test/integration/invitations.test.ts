import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation, hashInvitationToken } from '../../src/modules/invitations/create-invitation.ts';
import { INVITATION_WAITING_MESSAGE, SIGNUP_CLOSED_MESSAGE } from '../../src/plugins/auth.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createAdminTestApp, within, type AdminTestApp } from '../support/admin.ts';
import { acceptInvitation, invitationLinkOf, lookUpInvitation } from '../support/invitation.ts';
import { ORIGIN, signIn } from '../support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_VALID = 'This invitation link is not valid. If you got a newer invitation mail, use the link in that one.';
const USED = 'This invitation has already been used. Sign in with the password you chose.';
const EXPIRED = 'This invitation has expired. Ask the Hookline team to send you a new one.';

describe('invitations: a client created by staff, its owner invited by mail', () => {
  let smtp: FakeSmtpServer;
  let a: AdminTestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await createAdminTestApp({ SMTP_URL: smtp.url, FOUNDER_EMAIL: 'founder@hookline.test,cofounder@hookline.test' });
  });
  afterAll(async () => {
    await a.t.close();
    await smtp.close();
  });

  /** Staff create a client for a new owner; the owner's invitation mail arrives. */
  const invite = async (owner: string, name = `Client of ${owner}`) => {
    const created = await a.manager.post('/api/admin/clients', { name, owner });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await within(10_000, `the invitation mail to ${owner}`, smtp.waitForMail(owner));
    return { client: created.json() as { id: string; name: string }, mail, ...invitationLinkOf(mail) };
  };
  const signUpRaw = (email: string) =>
    a.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email, password: 'walk-in-password-1', name: '' },
    });
  const setSelfSignup = async (allowSelfSignup: boolean) => {
    const current = (await a.admin.get('/api/admin/settings')).json();
    expect((await a.admin.put('/api/admin/settings', { ...current, allowSelfSignup })).statusCode).toBe(200);
  };
  const usersWith = (email: string) =>
    a.t.db.selectFrom('user').select(['id', 'role', 'emailVerified']).where('email', '=', email).execute();

  it('open the mailed link, see the workspace, choose a password: signed in, in the workspace', async () => {
    const { client, mail, link, token } = await invite('Ada@Example.com', 'Ada Studio');
    expect(mail.subject).toBe("You're invited to Ada Studio on Hookline");
    expect(link.pathname).toBe('/invitation');
    // The token rides in the fragment, which a browser never sends to the server.
    expect(link.search).toBe('');

    // No account exists before the invitation is accepted, and only a hash of the token is stored.
    expect(await usersWith('ada@example.com')).toEqual([]);
    const rows = await a.t.db.selectFrom('invitation').selectAll().where('email', '=', 'ada@example.com').execute();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        workspaceId: client.id,
        email: 'ada@example.com',
        tokenHash: hashInvitationToken(token),
        invitedBy: a.manager.email,
        expiresAt: expect.any(String),
        acceptedAt: null,
        createdAt: expect.any(String),
        // The owner's own invitation; a teammate's names their role.
        role: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(rows[0].expiresAt) - Date.parse(rows[0].createdAt)).toBe(7 * DAY_MS);

    const lookup = await lookUpInvitation(a.t.app, token);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      email: 'ada@example.com',
      role: 'owner',
      workspaceName: 'Ada Studio',
      // The manager's address is not proven, so the invitation names them by it.
      invitedBy: a.manager.email,
      accountExists: false,
      expiresAt: rows[0].expiresAt,
    });

    const accepted = await acceptInvitation(a.t.app, { token, password: 'chosen-password-1', name: '  Ada Lovelace ' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
    expect(accepted.response.json()).toEqual({ email: 'ada@example.com', workspaceId: client.id });
    expect(accepted.cookie).toMatch(/session_token=/);

    // Signed in by the answer's cookie, as the owner of the workspace staff made.
    const me = await a.t.app.inject({ url: '/api/me', headers: { cookie: accepted.cookie } });
    expect(me.json()).toMatchObject({ email: 'ada@example.com', displayName: 'Ada Lovelace', role: 'client' });
    const workspace = await a.t.app.inject({ url: '/api/workspace', headers: { cookie: accepted.cookie } });
    expect(workspace.json()).toMatchObject({ id: client.id, name: 'Ada Studio', owner: 'ada@example.com' });
    expect(await a.t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', 'ada@example.com').execute()).toEqual([
      { id: client.id },
    ]);

    // The mailed token proved the address; the password works for the next sign-in.
    const [user] = await usersWith('ada@example.com');
    expect(Boolean(user.emailVerified)).toBe(true);
    expect((await signIn(a.t.app, { email: 'ada@example.com', password: 'chosen-password-1' })).response.statusCode).toBe(200);
    const row = await a.t.db.selectFrom('invitation').select('acceptedAt').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(row.acceptedAt).toEqual(expect.any(String));
  });

  it('a used link is refused (410), and makes no second account', async () => {
    const { token } = await invite('used@example.com');
    expect((await acceptInvitation(a.t.app, { token, password: 'chosen-password-1' })).response.statusCode).toBe(200);
    for (const response of [
      await lookUpInvitation(a.t.app, token),
      (await acceptInvitation(a.t.app, { token, password: 'another-password-2' })).response,
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ error: USED });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await usersWith('used@example.com')).toHaveLength(1);
    expect((await signIn(a.t.app, { email: 'used@example.com', password: 'another-password-2' })).response.statusCode).toBe(401);
  });

  it('an unknown token is refused (404) and an expired one (410); neither makes an account', async () => {
    for (const token of ['no-such-token', 'x'.repeat(43)]) {
      for (const response of [
        await lookUpInvitation(a.t.app, token),
        (await acceptInvitation(a.t.app, { token, password: 'chosen-password-1' })).response,
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: NOT_VALID });
      }
    }

    const { token } = await invite('late@example.com');
    await a.t.db
      .updateTable('invitation')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@example.com')
      .execute();
    for (const response of [
      await lookUpInvitation(a.t.app, token),
      (await acceptInvitation(a.t.app, { token, password: 'chosen-password-1' })).response,
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ error: EXPIRED });
    }
    expect(await usersWith('late@example.com')).toEqual([]);
  });

  it('a password the policy refuses is a 400 that leaves the link usable', async () => {
    const { token } = await invite('short@example.com');
    const short = await acceptInvitation(a.t.app, { token, password: 'short' });
    expect(short.response.statusCode).toBe(400);
    expect(short.response.json()).toEqual({ error: 'password: must be at least 8 characters' });
    expect(await usersWith('short@example.com')).toEqual([]);
    expect((await acceptInvitation(a.t.app, { token, password: 'long-enough-1' })).response.statusCode).toBe(200);
  });

  it('one link sent twice at once: one account, one session', async () => {
    const { token } = await invite('twice@example.com');
    const answers = await Promise.all([1, 2].map(() => acceptInvitation(a.t.app, { token, password: 'chosen-password-1' })));
    const statuses = answers.map((answer) => answer.response.statusCode).sort();
    expect(statuses[0], answers.map((answer) => answer.response.body).join('\n')).toBe(200);
    expect([409, 410]).toContain(statuses[1]);
    expect(await usersWith('twice@example.com')).toHaveLength(1);
  });

  it('a newer invitation for the address replaces the older one', async () => {
    const { client, token: first } = await invite('again@example.com');
    const { token: second } = await createInvitation(a.t.db, {
      workspaceId: client.id,
      email: 'again@example.com',
      invitedBy: a.admin.email,
    });
    expect((await lookUpInvitation(a.t.app, first)).statusCode).toBe(404);
    expect((await acceptInvitation(a.t.app, { token: first, password: 'chosen-password-1' })).response.statusCode).toBe(404);
    expect((await acceptInvitation(a.t.app, { token: second, password: 'chosen-password-1' })).response.statusCode).toBe(200);
  });

  it('an address that has an account by now: 409, sign in instead', async () => {
    const { client } = await invite('meanwhile@example.com');
    await a.t.db.deleteFrom('invitation').where('email', '=', 'meanwhile@example.com').execute();
    expect((await signUpRaw('meanwhile@example.com')).statusCode).toBe(200);
    const { token } = await createInvitation(a.t.db, { workspaceId: client.id, email: 'meanwhile@example.com', invitedBy: a.admin.email });
    const response = await lookUpInvitation(a.t.app, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account for meanwhile@example.com already exists. Sign in with it instead.' });
  });

  it('an owner invited at a FOUNDER_EMAIL address becomes a founder on accepting', async () => {
    const { token } = await invite('CoFounder@hookline.test', 'Cofounder Lab');
    expect((await acceptInvitation(a.t.app, { token, password: 'chosen-password-1' })).response.statusCode).toBe(200);
    expect((await usersWith('cofounder@hookline.test')).map((u) => u.role)).toEqual(['founder']);
  });

  it('while an invitation waits, the sign-up form cannot take its address, open or closed; the invitation still works', async () => {
    for (const open of [true, false]) {
      await setSelfSignup(open);
      const owner = `waiting-${open ? 'open' : 'closed'}@example.com`;
      const { token } = await invite(owner);
      for (const email of [owner, owner.toUpperCase()]) {
        const refused = await signUpRaw(email);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({ error: INVITATION_WAITING_MESSAGE });
      }
      expect(await usersWith(owner)).toEqual([]);

      // Closed sign-up stays closed for everyone not invited.
      const walkIn = await signUpRaw(`walk-in-${open ? 'open' : 'closed'}@example.com`);
      expect(walkIn.statusCode, walkIn.body).toBe(open ? 200 : 403);
      if (!open) expect(walkIn.json()).toMatchObject({ error: SIGNUP_CLOSED_MESSAGE });

      const accepted = await acceptInvitation(a.t.app, { token, password: 'chosen-password-1' });
      expect(accepted.response.statusCode, accepted.response.body).toBe(200);
      expect((await signIn(a.t.app, { email: owner, password: 'chosen-password-1' })).response.statusCode).toBe(200);
      // Accepted, the address has its account: the form answers as for any taken address.
      expect((await signUpRaw(owner)).statusCode).toBe(open ? 422 : 403);
    }
    await setSelfSignup(true);
  });

  it('refuses a cross-site accept before anything runs', async () => {
    const { token } = await invite('cross@example.com');
    const response = await a.t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { origin: 'https://evil.example' },
      payload: { token, password: 'chosen-password-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(await usersWith('cross@example.com')).toEqual([]);
    expect((await lookUpInvitation(a.t.app, token)).statusCode).toBe(200);
  });
});

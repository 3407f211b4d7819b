import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { SIGNUP_CLOSED_MESSAGE } from '../../src/plugins/auth.ts';
import { apiCaller, createAdminTestApp, signUpAs, within, type AdminTestApp } from '../support/admin.ts';
import { signInWithGoogle, startGoogleIdp } from '../support/google-sign-in.ts';
import { acceptInvitation, invitationLinkOf, joinInvitation } from '../support/invitation.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { ORIGIN } from '../support/test-app.ts';

/**
 * A client owner's invitation of a teammate gives the address no hold over its own account: its
 * owner may still sign up on their own (with Google here: the sign-up form is in members.test.ts)
 * and gets a workspace of their own, as anyone would. Only an owner's invitation (staff made the
 * workspace for the address) keeps the address for itself.
 */
describe('a teammate’s invitation and the address’s own sign-up', () => {
  let smtp: FakeSmtpServer;
  let idp: OAuth2Server;
  let a: AdminTestApp;
  let claims: Record<string, unknown> = {};

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const google = await startGoogleIdp(() => claims);
    idp = google.server;
    a = await createAdminTestApp({ SMTP_URL: smtp.url, ...google.env });
  });
  afterAll(async () => {
    await a?.t.close();
    await smtp?.close();
    await idp?.stop();
  });

  /** A fresh client invites the address as an editor; answers the client's workspace and the mailed token. */
  const inviteEditor = async (email: string) => {
    const owner = await signUpAs(a.t, `owner-of-${email}`);
    const workspace = (await owner.get('/api/workspace')).json().id as string;
    const invited = await owner.post('/api/workspace/members/invitations', { email, role: 'editor' });
    expect(invited.statusCode, invited.body).toBe(201);
    const { token } = invitationLinkOf(await within(10_000, `the invitation mail to ${email}`, smtp.waitForMail(email)));
    return { workspace, token };
  };
  const accountsOf = (email: string) => a.t.db.selectFrom('user').select('id').where('email', '=', email).execute();

  it('Google sign-in for an invited address: a workspace of its own at once; the invitation still joins it to the team', async () => {
    const email = 'invited-google@example.com';
    const { workspace, token } = await inviteEditor(email);
    claims = { sub: 'google-invited-1', email, name: 'Gia Google' };
    const { callback, cookie } = await signInWithGoogle(a.t);
    expect([callback.statusCode, callback.headers.location]).toEqual([302, '/dashboard']);
    const invitee = apiCaller(a.t, { cookie, email });
    const own = await invitee.get('/api/workspace');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ owner: email, access: 'owner' });

    expect((await joinInvitation(a.t.app, cookie, token)).statusCode).toBe(200);
    expect((await invitee.get('/api/workspace')).json()).toMatchObject({ id: own.json().id, access: 'owner' });
    const named = await a.t.app.inject({ url: '/api/workspace', headers: { ...ORIGIN, cookie, [WORKSPACE_HEADER]: workspace } });
    expect(named.json()).toMatchObject({ id: workspace, access: 'editor' });
  });

  it('with sign-up closed, it admits no account of the address’s own making: only its link makes one, a teammate’s', async () => {
    const email = 'invited-closed@example.com';
    const { workspace, token } = await inviteEditor(email);
    const settings = (await a.admin.get('/api/admin/settings')).json();
    expect((await a.admin.put('/api/admin/settings', { ...settings, allowSelfSignup: false })).statusCode).toBe(200);
    try {
      claims = { sub: 'google-invited-2', email, name: 'Cleo Closed' };
      const google = await signInWithGoogle(a.t);
      expect([google.callback.statusCode, google.callback.json().error, google.cookie]).toEqual([403, SIGNUP_CLOSED_MESSAGE, '']);
      const form = await a.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: ORIGIN,
        payload: { email, password: 'walk-in-password-1', name: '' },
      });
      expect([form.statusCode, form.json().error]).toEqual([403, SIGNUP_CLOSED_MESSAGE]);
      expect(await accountsOf(email)).toEqual([]);

      const accepted = await acceptInvitation(a.t.app, { token, password: 'teammate-password-1' });
      expect(accepted.response.statusCode, accepted.response.body).toBe(200);
      const teammate = await apiCaller(a.t, { cookie: accepted.cookie }).get('/api/workspace');
      expect(teammate.json()).toMatchObject({ id: workspace, access: 'editor' });
      expect(await a.t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', email).execute()).toEqual([]);
    } finally {
      await a.admin.put('/api/admin/settings', { ...settings, allowSelfSignup: true });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { createInvitation } from '../../src/modules/invitations/create-invitation.ts';
import { ADDRESS_PROOF_NEEDED } from '../../src/modules/workspaces/workspace-of-user.ts';
import { apiCaller, onboardingData, signUpAs } from '../support/admin.ts';
import { acceptInvitation, invitationLinkOf, joinInvitation } from '../support/invitation.ts';
import { resetLinkIn, startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createTestApp, ORIGIN, signIn, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

/**
 * A workspace made for an address before anyone signed up with it (by the public questionnaire or
 * by staff) opens only to an account that proves the address, by choosing its password with a link
 * mailed to it. Whoever signed up first with that address keeps nothing. A fresh address starts at once.
 */
describe('who may open a workspace made for an address', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, SIGNIN_RATE_LIMIT: '1000', ONBOARDING_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const submitQuestionnaire = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: ORIGIN,
      payload: onboardingData({ email, brand: 'Waiting Brand' }),
    });
  const workspaceAs = (cookie: string) => t.app.inject({ url: '/api/workspace', headers: { cookie } });
  /** Opens the mailed link and chooses a password with it, as the reset page does. */
  const choosePasswordFromMail = async (email: string, password: string) => {
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirm your email address for Hookline');
    const { link, token } = resetLinkIn(mail);
    const landing = await t.app.inject({ url: link.slice(TEST_BASE_URL.length) });
    expect(landing.statusCode).toBe(302);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { newPassword: password, token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    return mail;
  };

  it('whoever signs up first with the address gets nothing of the workspace; the owner chooses the password from the mail and opens it', async () => {
    const email = 'waiting-owner@example.com';
    expect((await submitQuestionnaire(email)).statusCode).toBe(200);
    const workspace = await t.db.selectFrom('workspace').selectAll().where('ownerEmail', '=', email).executeTakeFirstOrThrow();
    expect(workspace.ownerUserId).toBeNull();

    // Anyone can fill in a sign-up form with the address: the account opens nothing that waited for it.
    const squatter = await signUp(t.app, { email, password: 'squatter-password-1', name: 'Call +1 555 0100 now' });
    const refused = await workspaceAs(squatter.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ADDRESS_PROOF_NEEDED });
    for (const [method, url, payload] of [
      ['GET', '/api/drafts', undefined],
      ['DELETE', '/api/workspace', { confirmName: 'Waiting Brand' }],
      ['PATCH', '/api/workspace', { cadence: 'Weekly' }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { ...ORIGIN, cookie: squatter.cookie }, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }

    // The mail goes to the address; it names nobody (the sign-up's name is anyone's text).
    const mail = await choosePasswordFromMail(email, 'owners-own-password-1');
    expect(mail.text).toMatch(/^Hi,\r?\n/);
    expect(mail.text).not.toContain('555');

    // The squatter's password and session are gone; the owner's password opens the workspace.
    expect((await signIn(t.app, { email, password: 'squatter-password-1' })).response.statusCode).toBe(401);
    expect((await workspaceAs(squatter.cookie)).statusCode).toBe(401);
    const owner = await signIn(t.app, { email, password: 'owners-own-password-1' });
    const opened = await workspaceAs(owner.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: workspace.id, owner: email });
    const account = await t.db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(Boolean(account.emailVerified)).toBe(true);
    expect(
      (await t.db.selectFrom('workspace').select('ownerUserId').where('id', '=', workspace.id).executeTakeFirstOrThrow()).ownerUserId,
    ).toBe(account.id);
    const timeline = await t.db.selectFrom('timelineEntry').select('text').where('subjectId', '=', workspace.id).execute();
    expect(timeline.map((e) => e.text)).toContain('Owner account joined the workspace (email address confirmed)');
  });

  it('a fresh address signs up and starts at once, with no mail', async () => {
    const email = 'fresh-start@example.com';
    const { cookie, user } = await signUp(t.app, { email });
    const opened = await workspaceAs(cookie);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ owner: email });
    expect(
      (await t.db.selectFrom('workspace').select('ownerUserId').where('ownerEmail', '=', email).executeTakeFirstOrThrow()).ownerUserId,
    ).toBe(user.id);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(email))).toEqual([]);
  });

  it('the link can be mailed again (the dashboard asks for it); nothing else verifies an address', async () => {
    const email = 'resend-owner@example.com';
    await submitQuestionnaire(email);
    const { cookie } = await signUp(t.app, { email });
    await smtp.waitForMail(email);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    // Better Auth's own email verification is not set up, so no token that signs anyone in can be had.
    const verification = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { ...ORIGIN, cookie },
      payload: { email, callbackURL: '/dashboard' },
    });
    expect(verification.statusCode).toBe(400);
    expect((await workspaceAs(cookie)).statusCode).toBe(403);
    await choosePasswordFromMail(email, 'resend-owner-pass-1');
    const owner = await signIn(t.app, { email, password: 'resend-owner-pass-1' });
    expect((await workspaceAs(owner.cookie)).statusCode).toBe(200);
  });

  it("another account's sign-up opens only its own address", async () => {
    const victim = 'victim-owner@example.com';
    await submitQuestionnaire(victim);
    const attacker = await signUpAs(t, 'attacker@example.com');
    const own = await attacker.get('/api/workspace');
    expect(own.json().owner).toBe('attacker@example.com');
    const workspace = await t.db.selectFrom('workspace').select('ownerUserId').where('ownerEmail', '=', victim).executeTakeFirstOrThrow();
    expect(workspace.ownerUserId).toBeNull();
  });

  it("a teammate's invitation proves the address: the account it makes also opens the workspace waiting for it", async () => {
    const email = 'waiting-teammate@example.com';
    await submitQuestionnaire(email);
    const waiting = await t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', email).executeTakeFirstOrThrow();
    const owner = await signUpAs(t, 'inviting-owner@example.com');
    const team = (await owner.get('/api/workspace')).json().id as string;
    const invited = await owner.post('/api/workspace/members/invitations', { email, role: 'editor' });
    expect(invited.statusCode, invited.body).toBe(201);
    const { token } = invitationLinkOf(await smtp.waitForMail(email));
    const accepted = await acceptInvitation(t.app, { token, password: 'teammate-password-1' });
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);

    // Its own workspace opens without the header; the one it joined, by the header, as an editor.
    expect((await workspaceAs(accepted.cookie)).json()).toMatchObject({ id: waiting.id, access: 'owner' });
    const named = await t.app.inject({ url: '/api/workspace', headers: { cookie: accepted.cookie, [WORKSPACE_HEADER]: team } });
    expect(named.json()).toMatchObject({ id: team, access: 'editor' });
  });

  it('named by the header, a workspace waiting for the proof is refused (403), never swapped for the team the account is on', async () => {
    const email = 'named-waiting@example.com';
    await submitQuestionnaire(email);
    const waiting = await t.db.selectFrom('workspace').select('id').where('ownerEmail', '=', email).executeTakeFirstOrThrow();
    const { cookie } = await signUp(t.app, { email });
    const owner = await signUpAs(t, 'team-of-named@example.com');
    const team = (await owner.get('/api/workspace')).json().id as string;
    const { token } = await createInvitation(t.db, { workspaceId: team, email, invitedBy: owner.email, role: 'editor' });
    expect((await joinInvitation(t.app, cookie, token)).statusCode).toBe(200);
    const inWaiting = (method: 'GET' | 'POST', url: string, session: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url, headers: { ...ORIGIN, cookie: session, [WORKSPACE_HEADER]: waiting.id }, payload });

    // Without the header it works in the team meanwhile; naming its own address's workspace is not that.
    expect((await workspaceAs(cookie)).json()).toMatchObject({ id: team, access: 'editor' });
    for (const [method, url, payload] of [
      ['GET', '/api/workspace', undefined],
      ['POST', '/api/drafts', { channel: 'instagram', type: 'post', text: 'Meant for my own workspace' }],
    ] as const) {
      const refused = await inWaiting(method, url, cookie, payload);
      expect([refused.statusCode, refused.json().error], `${method} ${url}`).toEqual([403, ADDRESS_PROOF_NEEDED]);
    }
    expect(await t.db.selectFrom('draft').select('id').where('workspaceId', 'in', [team, waiting.id]).execute()).toEqual([]);

    // Proven, the named workspace opens as its own.
    await choosePasswordFromMail(email, 'proven-password-1');
    const proven = await signIn(t.app, { email, password: 'proven-password-1' });
    expect((await inWaiting('GET', '/api/workspace', proven.cookie)).json()).toMatchObject({ id: waiting.id, access: 'owner' });
  });

  it('a client account whose address later gets a workspace made for it needs the proof too; its old sign-in is not enough', async () => {
    const email = 'early-account@example.com';
    // The account exists first (its own fresh workspace is deleted), then the address gets a workspace from the form.
    await signUp(t.app, { email });
    await t.db.deleteFrom('workspace').where('ownerEmail', '=', email).execute();
    await submitQuestionnaire(email);
    const { cookie } = await signIn(t.app, { email });
    expect((await apiCaller(t, { cookie }).get('/api/workspace')).statusCode).toBe(403);
  });
});

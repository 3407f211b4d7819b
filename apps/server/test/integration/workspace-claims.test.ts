import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_PROOF_NEEDED } from '../../src/modules/workspaces/workspace-of-user.ts';
import { apiCaller, onboardingData, signUpAs } from '../support/admin.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createTestApp, ORIGIN, sessionCookie, signIn, signUp, type TestApp } from '../support/test-app.ts';

/**
 * A workspace made for an address before anyone signed up with it (by the public questionnaire or
 * by staff) opens only to an account that proves the address. A fresh address starts at once.
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
  const confirmationLink = async (email: string) => {
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Confirm your email address for Hookline');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    return new URL(link!.replaceAll('&amp;', '&'));
  };

  it('a sign-up form with the address of a waiting workspace gets nothing of it until the mailed link is opened', async () => {
    const email = 'waiting-owner@example.com';
    expect((await submitQuestionnaire(email)).statusCode).toBe(200);
    const workspace = await t.db.selectFrom('workspace').selectAll().where('ownerEmail', '=', email).executeTakeFirstOrThrow();
    expect(workspace.ownerUserId).toBeNull();

    const { cookie } = await signUp(t.app, { email, password: 'any-password-1' });
    const refused = await workspaceAs(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ADDRESS_PROOF_NEEDED });
    for (const [method, url, payload] of [
      ['GET', '/api/drafts', undefined],
      ['DELETE', '/api/workspace', { confirmName: 'Waiting Brand' }],
      ['PATCH', '/api/workspace', { cadence: 'Weekly' }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { ...ORIGIN, cookie }, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.db.selectFrom('workspace').select('id').where('id', '=', workspace.id).executeTakeFirst()).toBeDefined();

    // The link in the mail to the address proves it: the account joins the workspace and is signed in.
    const link = await confirmationLink(email);
    const verified = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/dashboard');
    const opened = await workspaceAs(sessionCookie(verified.headers['set-cookie']) || cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: workspace.id, owner: email });
    expect(
      (await t.db.selectFrom('workspace').select('ownerUserId').where('id', '=', workspace.id).executeTakeFirstOrThrow()).ownerUserId,
    ).toBe((await t.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    const timeline = await t.db.selectFrom('timelineEntry').select('text').where('subjectId', '=', workspace.id).execute();
    expect(timeline.map((e) => e.text)).toContain('Owner account joined the workspace (email address confirmed)');
  });

  it('a fresh address signs up and starts at once, with no confirmation mail', async () => {
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

  it('the owner can have the link sent again; a used or forged token opens nothing', async () => {
    const email = 'resend-owner@example.com';
    await submitQuestionnaire(email);
    const { cookie } = await signUp(t.app, { email });
    await confirmationLink(email);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { ...ORIGIN, cookie },
      payload: { email, callbackURL: '/dashboard' },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const again = await confirmationLink(email);
    const forged = await t.app.inject({
      url: `/api/auth/verify-email?token=${again.searchParams.get('token')!.slice(0, -4)}AAAA&callbackURL=%2Fdashboard`,
    });
    expect(forged.statusCode).not.toBe(200);
    expect((await workspaceAs(cookie)).statusCode).toBe(403);
    await t.app.inject({ url: `${again.pathname}${again.search}` });
    expect((await workspaceAs(cookie)).statusCode).toBe(200);
  });

  it("another account's confirmation opens only its own address", async () => {
    const victim = 'victim-owner@example.com';
    await submitQuestionnaire(victim);
    const attacker = await signUpAs(t, 'attacker@example.com');
    const own = await attacker.get('/api/workspace');
    expect(own.json().owner).toBe('attacker@example.com');
    const workspace = await t.db.selectFrom('workspace').select('ownerUserId').where('ownerEmail', '=', victim).executeTakeFirstOrThrow();
    expect(workspace.ownerUserId).toBeNull();
  });

  it('a client account whose address staff later made a workspace for needs the proof too; its old sign-in is not enough', async () => {
    const email = 'early-account@example.com';
    // The account exists first (its own fresh workspace is deleted), then the address gets a workspace from the form.
    await signUp(t.app, { email });
    await t.db.deleteFrom('workspace').where('ownerEmail', '=', email).execute();
    await submitQuestionnaire(email);
    const { cookie } = await signIn(t.app, { email });
    expect((await apiCaller(t, { cookie }).get('/api/workspace')).statusCode).toBe(403);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, resetLinkIn, startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createTestApp, ORIGIN, signIn, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

describe('password reset by email (real SMTP)', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email, redirectTo: '/reset-password' },
    });

  it('mails a reset link that leads to a new password; the old one stops working', async () => {
    const { cookie: oldSession } = await signUp(t.app, { email: 'reset@example.com', name: 'Rita', password: 'old-password-1' });

    const request = await requestReset('reset@example.com');
    expect(request.statusCode).toBe(200);

    const mail = await smtp.waitForMail('reset@example.com');
    expect(mail.envelopeTo).toEqual(['reset@example.com']);
    expect(mail.subject).toBe('Reset your Hookline password');
    expect(mail.headers['to']).toContain('reset@example.com');
    expect(mail.headers['from']).toContain('no-reply@hookline.local');
    // Her address is unproven (a sign-up form anyone could fill in), so the mail to it carries no name typed there.
    expect(mail.text).toMatch(/^Hi,\r?\n/);
    const { link, token } = resetLinkIn(mail);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/reset-password');
    // The HTML part carries the same link.
    expect(mail.parts.map((p) => p.contentType)).toEqual(['text/plain', 'text/html']);
    expect(mail.parts[1].body).toContain(`/api/auth/reset-password/${token}`);

    const landing = await t.app.inject({ url: link.slice(TEST_BASE_URL.length) });
    expect(landing.statusCode).toBe(302);
    const location = new URL(String(landing.headers.location), TEST_BASE_URL);
    expect(location.origin).toBe(TEST_BASE_URL);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('token')).toBe(token);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { newPassword: 'new-password-2', token },
    });
    expect(reset.statusCode).toBe(200);

    const withOld = await signIn(t.app, { email: 'reset@example.com', password: 'old-password-1' });
    expect(withOld.response.statusCode).toBe(401);
    const withNew = await signIn(t.app, { email: 'reset@example.com', password: 'new-password-2' });
    expect(withNew.response.statusCode).toBe(200);

    // Sessions opened before the reset are revoked.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: oldSession } });
    expect(me.statusCode).toBe(401);

    // A token works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { newPassword: 'third-password-3', token },
    });
    expect(again.statusCode).toBe(400);
  });

  it('sends the browser back with an error for an unknown token', async () => {
    const landing = await t.app.inject({ url: '/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password' });
    expect(landing.statusCode).toBe(302);
    const location = new URL(String(landing.headers.location), TEST_BASE_URL);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses a reset with a made-up token', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { newPassword: 'new-password-2', token: 'made-up-token' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_TOKEN');
  });

  it('answers 200 for an unknown email, so accounts cannot be discovered, and sends no mail', async () => {
    const sentBefore = smtp.messages.length;
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(200);

    // A known address mailed afterwards arrives alone: nothing went to the unknown one.
    await signUp(t.app, { email: 'known@example.com' });
    expect((await requestReset('known@example.com')).statusCode).toBe(200);
    await smtp.waitForMail('known@example.com');
    const sent = smtp.messages.slice(sentBefore);
    expect(sent.map((m) => m.envelopeTo)).toEqual([['known@example.com']]);
  });

  // Better Auth turns its own origin and redirect checks off when process.env.NODE_ENV is 'test' (as under
  // vitest) unless advanced.disableOriginCheck is set explicitly; the app must not depend on that.
  it('refuses an off-site redirectTo (open redirect in the mailed link)', async () => {
    await signUp(t.app, { email: 'offsite@example.com' });
    const sentBefore = smtp.messages.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email: 'offsite@example.com', redirectTo: 'https://evil.example/steal' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('INVALID_REDIRECT_URL');
    expect(smtp.messages.length).toBe(sentBefore);
  });
});

describe('password reset mail without SMTP (outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes the mail as an .eml file under DATA_DIR/outbox', async () => {
    await signUp(t.app, { email: 'Outbox.User@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email: 'outbox.user@example.com', redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);

    const outbox = path.join(t.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-outbox\.user@example\.com\.eml$/);
    const mail = parseMail(fs.readFileSync(path.join(outbox, files[0]), 'utf8'));
    expect(mail.subject).toBe('Reset your Hookline password');
    expect(mail.headers['to']).toContain('outbox.user@example.com');
    const { token } = resetLinkIn(mail);

    // The link in the file is a working one.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { newPassword: 'from-the-outbox-1', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, { email: 'outbox.user@example.com', password: 'from-the-outbox-1' })).response.statusCode).toBe(200);
  });
});

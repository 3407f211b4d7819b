import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, sessionCookie, signUp, type TestApp } from '../support/test-app.ts';

describe('identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: 'boss@hookline.test' });
  });
  afterAll(() => t.close());

  it('signs up, reads the profile and signs in again with the same password', async () => {
    const { cookie, user } = await signUp(t.app, { email: 'ana@example.com', name: 'Ana' });
    expect(cookie).toMatch(/session_token=/);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ uid: user.id, email: 'ana@example.com', displayName: 'Ana', photoURL: null, role: 'client' });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: 'ana@example.com', password: 'correct-horse-1' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(sessionCookie(signIn.headers['set-cookie'])).toMatch(/session_token=/);
  });

  it('sets HttpOnly SameSite=Lax session cookies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email: 'cookie@example.com', password: 'correct-horse-1', name: '' },
    });
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('refuses a wrong password with 401 and a duplicate email with 422', async () => {
    await signUp(t.app, { email: 'bo@example.com' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: 'bo@example.com', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email: 'bo@example.com', password: 'correct-horse-1', name: '' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('enforces the password policy on the server', async () => {
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.json().passwordPolicy).toEqual({ minLength: 8, maxLength: 128 });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      payload: { email: 'short@example.com', password: 'seven77', name: '' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('makes FOUNDER_EMAIL accounts founders', async () => {
    const { cookie } = await signUp(t.app, { email: 'Boss@hookline.test' });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('founder');
  });

  it('signs out: the old cookie no longer opens a session', async () => {
    const { cookie } = await signUp(t.app, { email: 'out@example.com' });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'Please sign in to continue.' });
  });
});

describe('identity limits and cookie security', () => {
  it('rate limits sign-in attempts per IP with a 429', async () => {
    const t = await createTestApp({ SIGNIN_RATE_LIMIT: '2' });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: ORIGIN,
          payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('never limits or records session checks: a forged or missing cookie gets null, and no row is written', async () => {
    const t = await createTestApp({ SIGNIN_RATE_LIMIT: '2' });
    try {
      const { cookie } = await signUp(t.app, { email: 'pages@example.com', name: 'Pages' });
      const rateLimitRows = async () => (await t.db.selectFrom('rateLimit').select('id').execute()).length;
      const before = await rateLimitRows();
      const forged = `${cookie.split('=')[0]}=forged.token`;
      for (let i = 0; i < 5; i++) {
        const own = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
        expect(own.statusCode).toBe(200);
        expect(own.json().user.email).toBe('pages@example.com');
        const other = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: forged } });
        expect(other.statusCode).toBe(200);
        expect(other.json()).toBeNull();
      }
      expect(await rateLimitRows()).toBe(before);
    } finally {
      await t.close();
    }
  });

  it('marks the session cookie Secure when the app is served over https', async () => {
    const t = await createTestApp({ BASE_URL: 'https://hookline.example' });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'https://hookline.example' },
        payload: { email: 'secure@example.com', password: 'correct-horse-1', name: '' },
      });
      expect(response.statusCode).toBe(200);
      const cookie = [response.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signUp, type TestApp } from '../support/test-app.ts';

/** What a browser sends with a sign-in from a page: its origin and fetch metadata (which make Better Auth check the origin). */
const fromPage = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000', ...env });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const signInFrom = (t: TestApp, origin: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: fromPage(origin),
    payload: { email, password: 'correct-horse-1' },
  });
const patchProfileFrom = (t: TestApp, origin: string, cookie: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { origin, cookie }, payload: { displayName: 'Moved', photoURL: null } });

describe('trusted origins', () => {
  it('without BASE_URL, every loopback spelling of the own port signs in and makes changes', () =>
    withApp({ BASE_URL: '' }, async (t) => {
      const { cookie } = await signUp(t.app, { email: 'loop@example.com' });
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
        const response = await signInFrom(t, origin, 'loop@example.com');
        expect(response.statusCode, `${origin}: ${response.body}`).toBe(200);
        expect((await patchProfileFrom(t, origin, cookie)).statusCode, origin).toBe(200);
      }
      // Another port on the same machine is another site.
      expect((await signInFrom(t, 'http://127.0.0.1:3001', 'loop@example.com')).statusCode).toBe(403);
    }));

  it('without BASE_URL, a LAN address is refused with a message naming the address to open and the setting', () =>
    withApp({ BASE_URL: '' }, async (t) => {
      await signUp(t.app, { email: 'lan@example.com' });
      const response = await signInFrom(t, 'http://192.168.1.20:3000', 'lan@example.com');
      expect(response.statusCode).toBe(403);
      const message =
        'Invalid origin: this page is at http://192.168.1.20:3000, but Hookline is served at http://localhost:3000. ' +
        'Open http://localhost:3000, or ask the administrator to add http://192.168.1.20:3000 to TRUSTED_ORIGINS.';
      expect(response.json()).toMatchObject({ error: message, message, code: 'INVALID_ORIGIN' });
    }));

  it('with BASE_URL set, another origin (a loopback one too) is refused with the helpful message; TRUSTED_ORIGINS admits one', () =>
    withApp({ BASE_URL: 'http://hookline.example:8080', TRUSTED_ORIGINS: 'http://admin.hookline.example' }, async (t) => {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: fromPage('http://hookline.example:8080'),
        payload: { email: 'set@example.com', password: 'correct-horse-1', name: '' },
      });
      const cookie = sessionCookie(made.headers['set-cookie']);
      const refused = await signInFrom(t, 'http://localhost:8080', 'set@example.com');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        'Invalid origin: this page is at http://localhost:8080, but Hookline is served at http://hookline.example:8080. ' +
          'Open http://hookline.example:8080, or ask the administrator to add http://localhost:8080 to TRUSTED_ORIGINS.',
      );
      expect((await patchProfileFrom(t, 'http://localhost:8080', cookie)).statusCode).toBe(403);
      for (const origin of ['http://hookline.example:8080', 'http://admin.hookline.example']) {
        expect((await signInFrom(t, origin, 'set@example.com')).statusCode, origin).toBe(200);
        expect((await patchProfileFrom(t, origin, cookie)).statusCode, origin).toBe(200);
      }
    }));

  it('a page with the opaque origin "null" (a sandboxed frame, a file: page) can neither sign in nor make changes', () =>
    withApp({ TRUSTED_ORIGINS: 'http://admin.hookline.example' }, async (t) => {
      const { cookie } = await signUp(t.app, { email: 'sandboxed@example.com' });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'null', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
        payload: { email: 'sandboxed@example.com', password: 'correct-horse-1' },
      });
      expect(signIn.statusCode).toBe(403);
      expect((await patchProfileFrom(t, 'null', cookie)).statusCode).toBe(403);
    }));

  it('refuses to start with a TRUSTED_ORIGINS entry that is not an http:// or https:// address', async () => {
    await expect(createTestApp({ TRUSTED_ORIGINS: 'chrome-extension://abcdef' })).rejects.toThrow(
      'TRUSTED_ORIGINS="chrome-extension://abcdef": must be a comma-separated list of http:// or https:// addresses',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAuthStores } from '../../src/plugins/auth-stores.ts';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../support/test-app.ts';

/**
 * The session cache (ADR 034) remembers which session a cookie opened, never whether that session
 * still holds: each of these changes shows on the very next request of a cookie already seen.
 */
describe('session cache: the session is read on every request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '3600' });
  });
  afterAll(() => t.close());

  /** Signs up and uses the cookie twice, so the second request already came from the cache. */
  async function signedInAndCached(email: string) {
    const { cookie, user } = await signUp(t.app, { email });
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    return { cookie, userId: user.id };
  }
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

  it('sign-out ends it', async () => {
    const { cookie } = await signedInAndCached('out@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { ...ORIGIN, cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('a session deleted by another process (another instance, the CLI) ends it', async () => {
    const { cookie, userId } = await signedInAndCached('elsewhere@example.com');
    await t.db.deleteFrom('session').where('userId', '=', userId).execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an expired session ends it', async () => {
    const { cookie, userId } = await signedInAndCached('expired@example.com');
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', userId)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a session that runs out while nothing is written ends it (the user kept for an unchanged database, ADR 048)', async () => {
    const { cookie } = await signedInAndCached('runs-out@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60 * 1000);
      expect((await me(cookie)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a role changed in the database shows at once, in the guards too', async () => {
    const { cookie, userId } = await signedInAndCached('promoted@example.com');
    expect((await t.app.inject({ url: '/api/admin/clients', headers: { cookie } })).statusCode).toBe(403);
    await t.db.updateTable('user').set({ role: 'manager' }).where('id', '=', userId).execute();
    expect((await me(cookie)).json()).toMatchObject({ role: 'manager' });
    expect((await t.app.inject({ url: '/api/admin/clients', headers: { cookie } })).statusCode).toBe(200);
  });

  it("leaves Better Auth's stores disabled once its calls have ended, and signs in again after", async () => {
    const { cookie } = await signedInAndCached('stores@example.com');
    // The three stores exist (a Better Auth upgrade that renames them fails here) and none is left on.
    expect(listAuthStores()).toHaveLength(3);
    expect(listAuthStores().map((store) => (store as unknown as { enabled: boolean }).enabled)).toEqual([false, false, false]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: 'stores@example.com', password: 'correct-horse-1' },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(listAuthStores().every((store) => !(store as unknown as { enabled: boolean }).enabled)).toBe(true);
  });
});

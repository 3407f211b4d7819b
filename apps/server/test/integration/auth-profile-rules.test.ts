import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { createAuth } from '../../src/plugins/auth.ts';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../support/test-app.ts';

const PHOTO_URL_ERROR = 'Photo URL must be an http(s) address';
const NAME_ERROR = 'Display name must be at most 120 characters';

/** Better Auth's own endpoints that set a name or an image follow the profile route's rules (PATCH /api/me/profile). */
describe('profile rules on Better Auth endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const updateUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { ...ORIGIN, cookie }, payload });
  const readMe = async (cookie: string) => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();

  it('POST /update-user refuses a javascript: image with 400 and keeps the old one', async () => {
    const { cookie } = await signUp(t.app, { email: 'img@example.com', name: 'Img' });
    const response = await updateUser(cookie, { image: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`image: ${PHOTO_URL_ERROR}`);
    expect((await readMe(cookie)).photoURL).toBeNull();
  });

  it('POST /update-user refuses a name over 120 characters with 400 and keeps the old one', async () => {
    const { cookie } = await signUp(t.app, { email: 'long@example.com', name: 'Short' });
    const response = await updateUser(cookie, { name: 'n'.repeat(10_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`name: ${NAME_ERROR}`);
    expect((await readMe(cookie)).displayName).toBe('Short');
  });

  it('POST /update-user stores a name and an image that follow the rules, the name trimmed as the profile route does', async () => {
    const { cookie } = await signUp(t.app, { email: 'fine@example.com' });
    const response = await updateUser(cookie, { name: `  ${'f'.repeat(120)}  `, image: 'https://cdn.example/f.png' });
    expect(response.statusCode).toBe(200);
    expect(await readMe(cookie)).toMatchObject({ displayName: 'f'.repeat(120), photoURL: 'https://cdn.example/f.png' });
  });

  it('POST /sign-up/email refuses a 200,000-character name or a javascript: image, and makes no account', async () => {
    const signUpWith = (email: string, extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: ORIGIN,
        payload: { email, password: 'correct-horse-1', name: '', ...extra },
      });
    const longName = await signUpWith('huge@example.com', { name: 'x'.repeat(200_000) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().error).toBe(`name: ${NAME_ERROR}`);
    const badImage = await signUpWith('script@example.com', { image: 'javascript:alert(1)' });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error).toBe(`image: ${PHOTO_URL_ERROR}`);
    const made = await t.db.selectFrom('user').select('email').where('email', 'in', ['huge@example.com', 'script@example.com']).execute();
    expect(made).toEqual([]);
  });

  it('refuses a bad name or image written by any other path, below the endpoints (database hooks); a new account keeps the first 120 characters of a longer name and no bad picture', async () => {
    const { user } = await signUp(t.app, { email: 'below@example.com', name: 'Below' });
    const database = openDatabase(t.target);
    try {
      const auth = createAuth(t.config, database, { mode: 'outbox', send: async () => {}, check: async () => ({ ok: true, detail: '' }) });
      const { internalAdapter } = await auth.$context;
      await expect(internalAdapter.updateUser(user.id, { image: 'javascript:alert(1)' })).rejects.toThrow(PHOTO_URL_ERROR);
      await expect(internalAdapter.updateUser(user.id, { name: 'y'.repeat(121) })).rejects.toThrow(NAME_ERROR);
      // A new account's picture comes from Google or Apple (sign-up forms refuse bad ones first): one the rule refuses is left out.
      const pictured = await internalAdapter.createUser(
        { email: 'script-below@example.com', name: '', image: 'javascript:alert(1)', emailVerified: false },
        { method: 'admin' },
      );
      expect(pictured.image).toBeNull();
      const stored = await t.db.selectFrom('user').select(['name', 'image']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ name: 'Below', image: null });
      // A name this long can only come from Google or Apple (sign-up forms refuse it first), where the person cannot shorten it.
      const made = await internalAdapter.createUser(
        { email: 'made-below@example.com', name: ` ${'z'.repeat(121)}`, emailVerified: false },
        { method: 'admin' },
      );
      expect(made.name).toBe('z'.repeat(120));
    } finally {
      await database.close();
    }
  });
});

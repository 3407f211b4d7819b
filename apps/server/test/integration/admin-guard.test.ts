import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRole } from '../../src/modules/users/set-user-role.ts';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../support/test-app.ts';

describe('admin area guard (/api/admin/*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: 'f@x.test' });
  });
  afterAll(() => t.close());

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ url: '/api/admin/anything' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('answers 401 to a signed-out state-changing call too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/anything', headers: ORIGIN, payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a client, for any path under /api/admin', async () => {
    const { cookie } = await signUp(t.app, { email: 'client@example.com' });
    for (const url of ['/api/admin/anything', '/api/admin/overview?range=7d', '/api/admin']) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: 'This area is for Hookline staff only.' });
    }
  });

  it('lets a FOUNDER_EMAIL account through: an unknown admin path is then a 404', async () => {
    const { cookie } = await signUp(t.app, { email: 'f@x.test' });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('founder');
    const response = await t.app.inject({ url: '/api/admin/anything', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No route for GET /api/admin/anything' });
  });

  it('reads the role from the database: a client promoted to manager passes with the same session', async () => {
    const { cookie } = await signUp(t.app, { email: 'Promoted@Example.com' });
    const before = await t.app.inject({ url: '/api/admin/anything', headers: { cookie } });
    expect(before.statusCode).toBe(403);

    await expect(setUserRole(t.db, 'promoted@example.com', 'manager')).resolves.toBe('manager');

    const after = await t.app.inject({ url: '/api/admin/anything', headers: { cookie } });
    expect(after.statusCode).toBe(404);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().role).toBe('manager');
  });

  it('shuts a demoted staff member out again', async () => {
    const { cookie } = await signUp(t.app, { email: 'demoted@example.com' });
    await setUserRole(t.db, 'demoted@example.com', 'admin');
    expect((await t.app.inject({ url: '/api/admin/anything', headers: { cookie } })).statusCode).toBe(404);
    await setUserRole(t.db, 'demoted@example.com', 'client');
    expect((await t.app.inject({ url: '/api/admin/anything', headers: { cookie } })).statusCode).toBe(403);
  });

  it('setUserRole refuses an unknown role and an unknown email', async () => {
    await expect(setUserRole(t.db, 'client@example.com', 'overlord')).rejects.toMatchObject({ statusCode: 400 });
    await expect(setUserRole(t.db, 'nobody@example.com', 'admin')).rejects.toMatchObject({ statusCode: 404 });
  });
});

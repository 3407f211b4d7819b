import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../support/test-app.ts';

describe('health, readiness and HTTP hygiene', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 {status: "ok"} without a session', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 once the database answers', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('answers an unknown API path with a JSON 404 naming the route', async () => {
    const response = await t.app.inject({ url: '/api/xyz?a=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'No route for GET /api/xyz' });
  });

  it('sends the security headers on API answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http base URL: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('also sends the security headers on error answers', async () => {
    const response = await t.app.inject({ url: '/api/xyz' });
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a state-changing request from a foreign Origin with 403, and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Eve', email: 'eve@evil.example', brand: 'Evil', goals: 'Steal', cadence: 'Daily' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^Invalid origin: this page is at https:\/\/evil\.example, but /) });
    const workspaces = await t.db.selectFrom('workspace').select('id').execute();
    expect(workspaces).toEqual([]);
  });

  it('refuses a foreign Origin on the sign-in service routes too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'eve@evil.example', password: 'correct-horse-1', name: '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('error');
  });

  it('lets a same-origin state-changing request through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: ORIGIN,
      payload: { name: 'Ana', email: 'ana@example.com', brand: 'Ana Co', goals: 'Grow', cadence: 'Weekly' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('publishes an OpenAPI document listing the API routes', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Hookline API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/onboarding/submit', '/api/health', '/api/ready', '/api/me', '/api/me/profile', '/api/config']),
    );
    expect(doc.paths['/api/onboarding/submit']).toHaveProperty('post');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { multipartBody } from '../../support/multipart.ts';
import { collectRoutes, type RegisteredRoute } from '../../support/route-list.ts';
import { createTestApp, sessionCookie, TEST_BASE_URL, type TestApp } from '../../support/test-app.ts';
import { makeTestVideo } from '../../clipper/make-test-video.ts';
import { expectSecurityHeaders } from './expect-security-headers.ts';

const HTTPS_BASE_URL = 'https://hookline.example';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Channel provider settings that only shape redirect URLs: nothing here is ever contacted. */
const CHANNEL_ENV = {
  CHANNEL_GOOGLE_CLIENT_ID: 'id',
  CHANNEL_GOOGLE_CLIENT_SECRET: 'secret',
  CHANNEL_GOOGLE_AUTH_URL: 'https://provider.invalid/authorize',
};

/** A concrete path for a registered URL: params get placeholder values, wildcards a real sub-path. */
function samplePath(route: RegisteredRoute): string {
  const wildcard: Record<string, string> = {
    // Not sign-out: the sweep must keep its session.
    '/api/auth/*': route.method === 'GET' ? 'get-session' : 'sign-in/email',
    '/api/files/*': 'avatars/nobody/1-a.png',
    '/api/docs/static/*': 'swagger-ui.css',
  };
  return route.url
    .replace(':provider', 'google')
    .replace(/:\w+/g, 'missing')
    .replace(/\*$/, wildcard[route.url] ?? 'x');
}

/** A body for a state-changing route: Better Auth validates its body before its origin check, so it gets a real one. */
const samplePayload = (route: RegisteredRoute) =>
  route.url === '/api/auth/*' ? { email: 'someone@headers.test', password: 'correct-horse-1' } : {};

/** Parses Set-Cookie lines into name → lower-cased attribute list. */
function cookieAttributes(setCookie: string | string[] | undefined): Map<string, string[]> {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return new Map(
    lines.map((line) => [
      line.split('=')[0],
      line
        .split(';')
        .slice(1)
        .map((a) => a.trim().toLowerCase()),
    ]),
  );
}

async function signUpFrom(app: FastifyInstance, origin: string, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { email, password: 'correct-horse-1', name: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Calls every registered route once, signed out and signed in, from the app's own origin. */
async function callEveryRoute(app: FastifyInstance, routes: RegisteredRoute[], origin: string, cookie: string) {
  const answers: Array<{ where: string; response: LightMyRequestResponse }> = [];
  for (const route of routes) {
    for (const session of ['', cookie]) {
      const url = samplePath(route);
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin, ...(session ? { cookie: session } : {}) },
        ...(SAFE_METHODS.has(route.method) ? {} : { payload: samplePayload(route) }),
      });
      answers.push({ where: `${route.method} ${url} ${session ? 'signed in' : 'signed out'}`, response });
    }
  }
  return answers;
}

describe('served over https (BASE_URL https://…, behind a proxy)', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let signUp: LightMyRequestResponse;
  beforeAll(async () => {
    ({ result: t, routes } = await collectRoutes(() =>
      createTestApp({ BASE_URL: HTTPS_BASE_URL, TRUST_PROXY: 'true', SIGNIN_RATE_LIMIT: '1000', ...CHANNEL_ENV }),
    ));
    signUp = await signUpFrom(t.app, HTTPS_BASE_URL, 'tls@headers.test');
  });
  afterAll(() => t?.close());

  it('every route answers with the CSP (frame-ancestors none), nosniff and HSTS, signed out and signed in', async () => {
    const answers = await callEveryRoute(t.app, routes, HTTPS_BASE_URL, sessionCookie(signUp.headers['set-cookie']));
    expect(answers.length).toBe(routes.length * 2);
    expect(answers.find((a) => a.where === 'GET /api/me signed in')?.response.statusCode, 'the sweep keeps its session').toBe(200);
    for (const { where, response } of answers) expectSecurityHeaders(response, { https: true, where });
  });

  it('a clip job’s event stream (written outside reply.send) carries them too', async () => {
    const cookie = sessionCookie(signUp.headers['set-cookie']);
    const body = await multipartBody([
      { name: 'async', value: 'true' },
      { name: 'video_file', file: fs.readFileSync((await makeTestVideo()).mp4), filename: 'v.mp4', type: 'video/mp4' },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: { ...body.headers, origin: HTTPS_BASE_URL, cookie },
      payload: body.payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().job_id;
    const headers = { origin: HTTPS_BASE_URL, cookie };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clipper/jobs/${id}`, headers })).statusCode).toBe(204);
    const events = await t.app.inject({ url: `/api/clipper/jobs/${id}/events`, headers });
    expect(events.headers['content-type']).toBe('text/event-stream');
    expectSecurityHeaders(events, { https: true, where: 'clip job events' });
  }, 60_000);

  it('HSTS follows BASE_URL, whatever the proxy says about this request', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expectSecurityHeaders(response, { https: true, where: 'x-forwarded-proto http' });
  });

  it('session cookies are HttpOnly, SameSite=Lax and Secure', () => {
    const cookies = cookieAttributes(signUp.headers['set-cookie']);
    expect([...cookies.keys()]).toContain('__Secure-better-auth.session_token');
    for (const [name, attributes] of cookies) {
      expect(attributes, name).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/']));
    }
  });

  it('the channel connection’s state cookie is HttpOnly, SameSite=Lax, Secure and limited to /api/social', async () => {
    const response = await t.app.inject({
      url: '/api/social/google/auth',
      headers: { cookie: sessionCookie(signUp.headers['set-cookie']) },
    });
    expect(response.statusCode).toBe(302);
    const state = cookieAttributes(response.headers['set-cookie']).get('hookline_channel_google');
    expect(state).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/api/social']));
  });
});

describe('served over http', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let signUp: LightMyRequestResponse;
  let cookie: string;
  beforeAll(async () => {
    ({ result: t, routes } = await collectRoutes(() => createTestApp({ TRUST_PROXY: 'true', SIGNIN_RATE_LIMIT: '1000' })));
    signUp = await signUpFrom(t.app, TEST_BASE_URL, 'plain@headers.test');
    cookie = sessionCookie(signUp.headers['set-cookie']);
  });
  afterAll(() => t?.close());

  it('no HSTS on any answer, even when the proxy says the request came over https', async () => {
    const answers = await callEveryRoute(t.app, routes, TEST_BASE_URL, cookie);
    for (const { where, response } of answers) expectSecurityHeaders(response, { https: false, where });
    const proxied = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expectSecurityHeaders(proxied, { https: false, where: 'x-forwarded-proto https' });
  });

  it('session cookies are HttpOnly and SameSite=Lax, not Secure', () => {
    const cookies = cookieAttributes(signUp.headers['set-cookie']);
    expect([...cookies.keys()]).toContain('better-auth.session_token');
    for (const [name, attributes] of cookies) {
      expect(attributes, name).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(attributes, name).not.toContain('secure');
    }
  });

  it('every state-changing route refuses another origin with 403 and an error, before anything else runs', async () => {
    const changes = routes.filter((route) => !SAFE_METHODS.has(route.method));
    expect(changes.length).toBeGreaterThan(25);
    for (const route of changes) {
      for (const session of ['', cookie]) {
        const url = samplePath(route);
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { origin: 'https://evil.example', ...(session ? { cookie: session } : {}) },
          payload: samplePayload(route),
        });
        const where = `${route.method} ${url} ${session ? 'signed in' : 'signed out'}: ${response.body}`;
        expect(response.statusCode, where).toBe(403);
        // Better Auth checks origins on its own routes; both checks name the address to open.
        expect(response.json(), where).toMatchObject({ error: expect.stringMatching(/^Invalid origin: /) });
        expectSecurityHeaders(response, { https: false, where });
      }
    }
  });

  it.each([
    'https://evil.example',
    'null',
    'http://localhost:3000.evil.example',
    'http://localhost:3001',
    'https://localhost:3000',
    'http://localhost',
    'http://127.0.0.1:3000',
    'http://localhost:3000/',
    'http://user@localhost:3000',
  ])('a change from origin %s is refused and stores nothing', async (origin) => {
    const count = async () =>
      (
        await t.db
          .selectFrom('draft')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const response = await t.app.inject({ method: 'POST', url: '/api/drafts', headers: { origin, cookie }, payload: { type: 'post' } });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({
      error: `Invalid origin: this page is at ${origin}, but Hookline is served at http://localhost:3000. Open http://localhost:3000, or ask the administrator to add ${origin} to TRUSTED_ORIGINS.`,
    });
    expect(await count()).toEqual(before);
  });

  it('the same change from the app’s own origin, or without an Origin header (curl, server to server), passes', async () => {
    for (const headers of [{ origin: TEST_BASE_URL, cookie }, { cookie }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/drafts', headers, payload: { type: 'post' } });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('compresses API answers of 1 kB or more for browsers that accept it, and leaves small ones alone', async () => {
    const addDrafts = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/drafts',
          headers: { cookie },
          payload: { type: 'post', text: 'Long '.repeat(200) },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
    };
    // A few kB, compressed in one call; then over 64 kB, streamed through zlib.
    for (const more of [3, 60]) {
      await addDrafts(more);
      const plain = await t.app.inject({ url: '/api/drafts', headers: { cookie } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const compressed = await t.app.inject({ url: '/api/drafts', headers: { cookie, 'accept-encoding': encoding } });
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(plain.json());
        expectSecurityHeaders(compressed, { https: false, where: `compressed ${encoding}, ${plain.rawPayload.length} bytes` });
      }
    }
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('Better Auth refuses cross-site sign-in and sign-up (login CSRF) and cross-site changes to a session', async () => {
    const attempts: Array<[string, Record<string, unknown>, string]> = [
      ['/api/auth/sign-in/email', { email: 'plain@headers.test', password: 'correct-horse-1' }, ''],
      ['/api/auth/sign-up/email', { email: 'csrf@headers.test', password: 'correct-horse-1', name: '' }, ''],
      ['/api/auth/sign-out', {}, cookie],
      ['/api/auth/update-user', { name: 'Hijacked' }, cookie],
      ['/api/auth/change-password', { currentPassword: 'correct-horse-1', newPassword: 'another-horse-2' }, cookie],
      ['/api/auth/revoke-sessions', {}, cookie],
    ];
    for (const [url, payload, session] of attempts) {
      for (const origin of ['https://evil.example', 'null']) {
        const response = await t.app.inject({ method: 'POST', url, headers: { origin, ...(session ? { cookie: session } : {}) }, payload });
        expect(response.statusCode, `${url} from ${origin}: ${response.body}`).toBe(403);
        expect(response.json().error, url).toEqual(expect.any(String));
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
    }
    // The session still works and nothing changed.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().displayName).not.toBe('Hijacked');
    expect(await t.db.selectFrom('user').select('id').where('email', '=', 'csrf@headers.test').executeTakeFirst()).toBeUndefined();
  });
});

describe('the web app’s pages and files', () => {
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let dir: string;
  beforeAll(async () => {
    // A small stand-in for apps/web/dist, which exists only after `npm run build`.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-headers-'));
    const web = path.join(dir, 'web');
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>Hookline</title><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>',
    );
    fs.writeFileSync(path.join(web, 'assets', 'app-1a2b3c.js'), 'console.log("hookline")');
    fs.writeFileSync(path.join(web, 'assets', 'app-1a2b3c.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(web, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync('console.log("hookline")'));
    fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const config = loadConfig({ DATA_DIR: dir, BASE_URL: HTTPS_BASE_URL, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    // Headers do not depend on the database, so this app keeps SQLite in both integration projects.
    ({ result: app, routes } = await collectRoutes(() =>
      buildApp(config, {
        databaseTarget: { kind: 'sqlite', file: path.join(dir, 'web.db') },
        serveWeb: true,
        webDistDir: web,
        runJobs: false,
      }),
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every page, static file and unknown path carries the headers', async () => {
    const files = routes.filter((route) => !route.url.startsWith('/api/')).map((route) => route.url);
    expect(files).toEqual(expect.arrayContaining(['/index.html', '/favicon.svg', '/assets/app-1a2b3c.js', '/assets/app-1a2b3c.css']));
    const pages = ['/', '/login', '/dashboard', '/dashboard/content?channel=instagram', '/admin/clients/123', '/clipper', '/no/such/page'];
    for (const url of [...files, ...pages, '/assets/missing.js', '/api/nope']) {
      const response = await app.inject({ url });
      expectSecurityHeaders(response, { https: true, where: url });
      if (pages.includes(url)) {
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      }
    }
    // The build's brotli copy goes to browsers that accept it, with the same headers.
    const compressed = await app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("hookline")');
    expectSecurityHeaders(compressed, { https: true, where: 'compressed asset' });
    expect((await app.inject({ url: '/assets/app-1a2b3c.js' })).headers['content-encoding']).toBeUndefined();
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No route for GET /api/nope' });
  });
});

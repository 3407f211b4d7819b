import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, sessionCookie, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

/** A local OpenID Connect provider whose id tokens carry the claims claimsFor() gives at signing time. */
async function startIdp(claimsFor: () => Record<string, unknown>): Promise<OAuth2Server> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { email_verified: true, ...claimsFor() });
  });
  return idp;
}

/** Runs the authorization-code flow up to the app's callback; returns the callback's answer. */
async function runFlow(t: TestApp, idp: OAuth2Server, callbackURL: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: ORIGIN,
    payload: { provider: 'google', callbackURL },
  });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json().url);
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${idp.issuer.url}/authorize`);
  expect(authorizeUrl.searchParams.get('client_id')).toBe('hookline-test');
  expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${TEST_BASE_URL}/api/auth/callback/google`);
  expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  const stateCookies = sessionCookie(start.headers['set-cookie']);

  // The browser's trip to the identity provider, over real HTTP.
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_BASE_URL}/api/auth/callback/google`);
  expect(back.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));
  expect(back.searchParams.get('code')).toBeTruthy();

  return t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: stateCookies } });
}

describe('sign-in with an external OpenID Connect provider (Google slot, local mock IdP)', () => {
  let idp: OAuth2Server;
  let t: TestApp;
  let claims: { email: string; name: string; sub: string; email_verified?: unknown };

  beforeAll(async () => {
    idp = await startIdp(() => claims);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'hookline-test',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER_URL: idp.issuer.url!,
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('GET /api/config shows google configured and apple not', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().providers).toEqual({ google: true, apple: false });
  });

  it('runs the authorization-code flow with PKCE and opens a session for the id token email', async () => {
    claims = { sub: 'oidc-user-1', email: 'oidc.user@example.com', name: 'Olivia Oidc' };
    const callback = await runFlow(t, idp, '/dashboard');
    expect(callback.statusCode, callback.headers.location as string).toBe(302);
    const location = new URL(String(callback.headers.location), TEST_BASE_URL);
    expect(location.origin).toBe(TEST_BASE_URL);
    expect(location.pathname).toBe('/dashboard');
    expect(location.searchParams.get('error')).toBeNull();
    const cookie = sessionCookie(callback.headers['set-cookie']);
    expect(cookie).toMatch(/session_token=/);

    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'oidc.user@example.com', displayName: 'Olivia Oidc', role: 'client' });

    const account = await t.db
      .selectFrom('account')
      .innerJoin('user', 'user.id', 'account.userId')
      .select(['account.providerId', 'account.accountId', 'user.email'])
      .where('user.email', '=', 'oidc.user@example.com')
      .execute();
    expect(account).toEqual([{ providerId: 'google', accountId: 'oidc-user-1', email: 'oidc.user@example.com' }]);
  });

  it('signs the same person in again without creating a second account', async () => {
    claims = { sub: 'oidc-user-1', email: 'oidc.user@example.com', name: 'Olivia Oidc' };
    const callback = await runFlow(t, idp, '/dashboard');
    expect(callback.statusCode).toBe(302);
    const cookie = sessionCookie(callback.headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().email).toBe('oidc.user@example.com');
    const users = await t.db.selectFrom('user').select('id').where('email', '=', 'oidc.user@example.com').execute();
    expect(users).toHaveLength(1);
  });

  it('refuses a callback whose state does not match the browser (no cookies): no session', async () => {
    claims = { sub: 'oidc-user-2', email: 'intruder@example.com', name: 'Ivy' };
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: ORIGIN,
      payload: { provider: 'google', callbackURL: '/dashboard' },
    });
    const authorize = await fetch(start.json().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).searchParams.get('error')).toBe('state_mismatch');
    expect(sessionCookie(callback.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
    const users = await t.db.selectFrom('user').select('id').where('email', '=', 'intruder@example.com').execute();
    expect(users).toEqual([]);
  });
});

describe('Apple sign-in (OpenID Connect with response_mode=form_post, local mock IdP)', () => {
  let idp: OAuth2Server;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startIdp(() => ({ sub: 'apple-user-1', email: 'apple.user@example.com' }));
    t = await createTestApp({
      APPLE_CLIENT_ID: 'com.hookline.web',
      APPLE_CLIENT_SECRET: 'apple-client-secret-jwt',
      APPLE_ISSUER_URL: idp.issuer.url!,
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('accepts the cross-site form POST Apple sends back, then finishes the flow with the browser cookies', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json().providers).toEqual({ google: false, apple: true });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: ORIGIN,
      payload: { provider: 'apple', callbackURL: '/dashboard' },
    });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().url);
    expect(authorizeUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'name']));
    const stateCookies = sessionCookie(start.headers['set-cookie']);

    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    // Apple's page posts code and state from its own origin; SameSite=Lax cookies do not come along.
    const formPost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/apple',
      headers: { origin: 'https://appleid.apple.com', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }).toString(),
    });
    expect(formPost.statusCode, formPost.body).toBe(302);
    const getBack = new URL(String(formPost.headers.location), TEST_BASE_URL);
    expect(getBack.pathname).toBe('/api/auth/callback/apple');

    // The browser follows that redirect as a same-site GET, now with its cookies.
    const callback = await t.app.inject({ url: `${getBack.pathname}${getBack.search}`, headers: { cookie: stateCookies } });
    expect(callback.statusCode).toBe(302);
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).pathname).toBe('/dashboard');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(callback.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ email: 'apple.user@example.com', role: 'client' });
  });
});

describe('OpenID Connect sign-in and a workspace made for the address before the account', () => {
  // Its own app: Better Auth allows three social sign-ins per ten seconds from one address.
  let idp: OAuth2Server;
  let t: TestApp;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    idp = await startIdp(() => claims);
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'hookline-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER_URL: idp.issuer.url! });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  const questionnaire = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/onboarding/submit',
      headers: ORIGIN,
      payload: { name: 'Waiting', email, brand: `Brand of ${email}`, goals: 'Grow', cadence: 'Daily' },
    });
  const workspaceAfterSignIn = async () => {
    const callback = await runFlow(t, idp, '/dashboard');
    expect(callback.statusCode).toBe(302);
    return t.app.inject({ url: '/api/workspace', headers: { cookie: sessionCookie(callback.headers['set-cookie']) } });
  };

  it('opens to a provider that vouches for the address', async () => {
    await questionnaire('vouched@example.com');
    claims = { sub: 'oidc-vouched', email: 'vouched@example.com', name: 'Vera' };
    const workspace = await workspaceAfterSignIn();
    expect(workspace.statusCode, workspace.body).toBe(200);
    expect(workspace.json()).toMatchObject({ owner: 'vouched@example.com', name: 'Brand of vouched@example.com' });
  });

  it('stays shut when the provider says "false" as text (as Apple does)', async () => {
    await questionnaire('unvouched@example.com');
    claims = { sub: 'oidc-unvouched', email: 'unvouched@example.com', name: 'Uma', email_verified: 'false' };
    const workspace = await workspaceAfterSignIn();
    expect(workspace.statusCode).toBe(403);
  });
});

describe('OpenID Connect sign-in with a name longer than a profile name may be', () => {
  // Its own app: Better Auth allows three social sign-ins per ten seconds from one address.
  let idp: OAuth2Server;
  let t: TestApp;
  const name = `Maria ${'de la '.repeat(40)}Cruz`;
  beforeAll(async () => {
    idp = await startIdp(() => ({ sub: 'oidc-long-name', email: 'long.name@example.com', name }));
    t = await createTestApp({ GOOGLE_CLIENT_ID: 'hookline-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER_URL: idp.issuer.url! });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('signs the person in, keeping the first 120 characters: they cannot shorten it at the provider', async () => {
    const callback = await runFlow(t, idp, '/dashboard');
    expect(callback.statusCode).toBe(302);
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).searchParams.get('error')).toBeNull();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(callback.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ email: 'long.name@example.com', displayName: name.slice(0, 120).trimEnd() });
  });
});

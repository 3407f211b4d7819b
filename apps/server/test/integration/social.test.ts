import type { IncomingMessage } from 'node:http';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../src/lib/secret-box.ts';
import { setUserRole } from '../../src/modules/users/set-user-role.ts';
import { signUpAs } from '../support/admin.ts';
import { createTestApp, ORIGIN, sessionCookie, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';
import { addTeammate } from '../support/workspace-caller.ts';

/** A local OAuth 2 server standing in for Google (YouTube) and LinkedIn: /authorize, /token, /userinfo. */
async function startProvider(): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  return provider;
}

const channelEnv = (prefix: 'GOOGLE' | 'LINKEDIN', url: string) => ({
  [`CHANNEL_${prefix}_CLIENT_ID`]: `hookline-${prefix.toLowerCase()}`,
  [`CHANNEL_${prefix}_CLIENT_SECRET`]: `${prefix.toLowerCase()}-secret`,
  [`CHANNEL_${prefix}_AUTH_URL`]: `${url}/authorize`,
  [`CHANNEL_${prefix}_TOKEN_URL`]: `${url}/token`,
  [`CHANNEL_${prefix}_PROFILE_URL`]: `${url}/userinfo`,
  // The OAuth server answers nothing else: listing LinkedIn pages finds none (404), and the member connects alone.
  [`CHANNEL_${prefix}_API_URL`]: url,
});

const youtubeChannel = (id: string, customUrl: string, title = 'A Channel') => ({ items: [{ id, snippet: { title, customUrl } }] });

interface IssuedTokens {
  access_token?: string;
  refresh_token?: string;
}

describe('channel connections (/api/social) against a local OAuth 2 server', () => {
  let idp: OAuth2Server;
  let t: TestApp;
  let alice: string;
  let bob: string;
  /** The token responses the provider sent, newest last. */
  const issued: IssuedTokens[] = [];

  beforeAll(async () => {
    idp = await startProvider();
    idp.service.on('beforeResponse', (response: MutableResponse) => {
      if (response.statusCode === 200 && response.body) issued.push({ ...(response.body as IssuedTokens) });
    });
    t = await createTestApp(channelEnv('GOOGLE', idp.issuer.url!));
    alice = (await signUp(t.app, { email: 'alice@channels.test', name: 'Alice' })).cookie;
    bob = (await signUp(t.app, { email: 'bob@channels.test', name: 'Bob' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  const list = async (cookie: string) => {
    const response = await t.app.inject({ url: '/api/social/connections', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Array<{ id: string; provider: string; handle: string; status: string; lastError: string | null }>;
  };
  const refresh = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/social/${id}/refresh`, headers: { ...ORIGIN, cookie } });
  const storedRow = (id: string) => t.db.selectFrom('socialConnection').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Starts the flow in the app; answers the redirect and the state cookie it set. */
  async function start(cookie: string, query = '') {
    const response = await t.app.inject({ url: `/api/social/google/auth${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(302);
    return {
      authorizeUrl: new URL(String(response.headers.location)),
      stateCookie: sessionCookie(response.headers['set-cookie']),
      response,
    };
  }

  /** The browser's trip to the provider (over real HTTP): the provider's redirect back to the app. */
  async function authorize(authorizeUrl: URL): Promise<URL> {
    const response = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  /** The whole flow; answers the app's final redirect. */
  async function connect(cookie: string, profile: Record<string, unknown>, query = '') {
    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = profile;
    });
    const { authorizeUrl, stateCookie } = await start(cookie, query);
    const back = await authorize(authorizeUrl);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `${cookie}; ${stateCookie}` } });
    expect(callback.statusCode, callback.body).toBe(302);
    return new URL(String(callback.headers.location), TEST_BASE_URL);
  }

  it('lists only the configured providers', async () => {
    const response = await t.app.inject({ url: '/api/social/providers', headers: { cookie: alice } });
    expect(response.statusCode).toBe(200);
    expect(response.json().providers).toEqual(['google', 'mastodon', 'bluesky']);
    expect(response.json().networks).toContainEqual({ provider: 'twitter', label: 'X', configured: false, connectWith: 'oauth' });
    expect(response.json().networks).toContainEqual({ provider: 'mastodon', label: 'Mastodon', configured: true, connectWith: 'instance' });
  });

  it('needs a session for the JSON endpoints', async () => {
    for (const url of ['/api/social/providers', '/api/social/connections']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('sends a signed-out browser to sign in, and refuses unknown or unconfigured providers', async () => {
    const signedOut = await t.app.inject({ url: '/api/social/google/auth' });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe('/login?redirect=%2Fdashboard%2Fsettings');

    const unconfigured = await t.app.inject({ url: '/api/social/linkedin/auth', headers: { cookie: alice } });
    expect(unconfigured.statusCode).toBe(503);
    expect(unconfigured.json().error).toMatch(/LinkedIn channels are not set up on this server \(CHANNEL_LINKEDIN_CLIENT_ID/);

    const unknown = await t.app.inject({ url: '/api/social/myspace/auth', headers: { cookie: alice } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'Unknown channel provider "myspace". Use one of: google, linkedin, twitter, instagram, mastodon, bluesky.',
    });
  });

  it("starts only from Hookline's own pages: a navigation from another site connects nothing", async () => {
    for (const site of ['cross-site', 'same-site']) {
      const forged = await t.app.inject({ url: '/api/social/google/auth', headers: { cookie: alice, 'sec-fetch-site': site } });
      expect(forged.statusCode, site).toBe(403);
      expect(forged.json()).toEqual({ error: "Connect channels from Hookline's settings page." });
      expect(forged.headers['set-cookie']).toBeUndefined();
    }
    for (const site of ['same-origin', 'none']) {
      const own = await t.app.inject({ url: '/api/social/google/auth', headers: { cookie: alice, 'sec-fetch-site': site } });
      expect(own.statusCode, site).toBe(302);
    }
  });

  it('redirects to the provider with PKCE, the YouTube scopes and offline access, in a short-lived HttpOnly cookie', async () => {
    const { authorizeUrl, response } = await start(alice);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${idp.issuer.url}/authorize`);
    const params = authorizeUrl.searchParams;
    expect(params.get('client_id')).toBe('hookline-google');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${TEST_BASE_URL}/api/social/google/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('scope')?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/youtube.upload',
      'https://www.googleapis.com/auth/youtube.readonly',
      'openid',
      'email',
    ]);
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('prompt')).toBe('consent');

    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^hookline_channel_google=v1:[A-Za-z0-9_-]+;/);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/social/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // Neither the state nor the verifier can be read from the cookie.
    expect(cookie).not.toContain(params.get('state'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('connects a YouTube channel: back on settings with ?connected=google, listed with its handle, tokens encrypted', async () => {
    const location = await connect(alice, youtubeChannel('UC-alice', '@alicemakes', 'Alice Makes'));
    expect(`${location.pathname}${location.search}`).toBe('/dashboard/settings?connected=google');

    const connections = await list(alice);
    expect(connections).toEqual([
      {
        id: expect.any(String),
        provider: 'google',
        handle: '@alicemakes',
        instanceUrl: null,
        status: 'connected',
        connectedAt: expect.any(String),
        lastError: null,
        demo: false,
      },
    ]);
    const tokens = issued.at(-1)!;
    expect(tokens.access_token && tokens.refresh_token).toBeTruthy();
    const listed = JSON.stringify(connections);
    expect(listed).not.toContain(tokens.access_token);
    expect(listed).not.toContain(tokens.refresh_token);

    const row = await storedRow(connections[0].id);
    expect(row).toMatchObject({ accountId: 'UC-alice', provider: 'google', status: 'connected' });
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    expect(row.accessToken).not.toContain(tokens.access_token!);
    expect(row.refreshToken).not.toContain(tokens.refresh_token!);
    expect(new Date(row.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    // The app's own key opens them.
    const box = secretBoxFor(t.config);
    expect(box.open(row.accessToken, 'social-access-token')).toBe(tokens.access_token);
    expect(box.open(row.refreshToken!, 'social-refresh-token')).toBe(tokens.refresh_token);
  });

  it('connecting the same channel again updates it instead of adding a second one', async () => {
    const [before] = await list(alice);
    await connect(alice, youtubeChannel('UC-alice', '@alicemakes2'));
    const after = await list(alice);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before.id, handle: '@alicemakes2', status: 'connected' });
  });

  it('refresh keeps the old refresh token when the provider sends none, and stores a new one when it does', async () => {
    const [connection] = await list(alice);
    const before = await storedRow(connection.id);

    idp.service.once('beforeResponse', (response: MutableResponse) => {
      if (response.body) delete response.body.refresh_token;
    });
    const kept = await refresh(alice, connection.id);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ id: connection.id, status: 'connected', lastError: null });
    const afterKept = await storedRow(connection.id);
    expect(afterKept.refreshToken).toBe(before.refreshToken);
    expect(afterKept.accessToken).not.toBe(before.accessToken);
    expect(secretBoxFor(t.config).open(afterKept.accessToken, 'social-access-token')).toBe(issued.at(-1)!.access_token);

    const rotated = await refresh(alice, connection.id);
    expect(rotated.statusCode).toBe(200);
    const afterRotated = await storedRow(connection.id);
    expect(secretBoxFor(t.config).open(afterRotated.refreshToken!, 'social-refresh-token')).toBe(issued.at(-1)!.refresh_token);
  });

  it('a provider error (500) keeps the channel connected, records lastError and answers 502', async () => {
    const [connection] = await list(alice);
    idp.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 500;
      response.body = { error: 'server_error' };
    });
    const response = await refresh(alice, connection.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('Could not reach YouTube to refresh @alicemakes2 (HTTP 500). Please try again later.');
    const [after] = await list(alice);
    expect(after).toMatchObject({ status: 'connected', lastError: response.json().error });

    // The next successful refresh clears it.
    expect((await refresh(alice, connection.id)).statusCode).toBe(200);
    expect((await list(alice))[0]).toMatchObject({ status: 'connected', lastError: null });
  });

  it('invalid_grant marks the channel needs_reauth (409); connecting again restores it', async () => {
    const [connection] = await list(alice);
    idp.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
    });
    const response = await refresh(alice, connection.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'YouTube @alicemakes2 no longer accepts this connection (invalid_grant: Token has been expired or revoked.). Reconnect the channel.',
    );
    expect((await list(alice))[0]).toMatchObject({ id: connection.id, status: 'needs_reauth', lastError: response.json().error });

    await connect(alice, youtubeChannel('UC-alice', '@alicemakes2'));
    expect(await list(alice)).toEqual([expect.objectContaining({ id: connection.id, status: 'connected', lastError: null })]);
  });

  it('a 401 without an OAuth error body also means reconnecting', async () => {
    const [connection] = await list(alice);
    idp.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 401;
      response.body = '';
    });
    const response = await refresh(alice, connection.id);
    expect(response.statusCode).toBe(409);
    expect((await list(alice))[0].status).toBe('needs_reauth');
    await connect(alice, youtubeChannel('UC-alice', '@alicemakes2'));
  });

  it('refuses a callback whose state does not match the cookie: redirect with channelError, nothing stored', async () => {
    const before = await list(bob);
    const first = await start(bob);
    const second = await start(bob);
    const back = await authorize(first.authorizeUrl);
    // The cookie of another attempt, no cookie, and a forged state.
    const attempts = [
      { url: `${back.pathname}${back.search}`, cookie: `${bob}; ${second.stateCookie}` },
      { url: `${back.pathname}${back.search}`, cookie: bob },
      { url: `${back.pathname}?code=${back.searchParams.get('code')}&state=forged`, cookie: `${bob}; ${first.stateCookie}` },
    ];
    for (const attempt of attempts) {
      const callback = await t.app.inject({ url: attempt.url, headers: { cookie: attempt.cookie } });
      expect(callback.statusCode).toBe(302);
      const location = new URL(String(callback.headers.location), TEST_BASE_URL);
      expect(location.pathname).toBe('/dashboard/settings');
      expect(location.searchParams.get('connected')).toBeNull();
      expect(location.searchParams.get('channelError')).toBe(
        'The YouTube connection could not be verified: it expired or was started in another browser. Please try again.',
      );
      // The state cookie is spent either way.
      expect(String(callback.headers['set-cookie'])).toMatch(/^hookline_channel_google=;.*Expires=Thu, 01 Jan 1970/);
    }
    expect(await list(bob)).toEqual(before);
  });

  it("refuses to finish another user's flow in this session", async () => {
    const { authorizeUrl, stateCookie } = await start(alice);
    const back = await authorize(authorizeUrl);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `${bob}; ${stateCookie}` } });
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).searchParams.get('channelError')).toMatch(/could not be verified/);
    expect(await list(bob)).toEqual([]);
  });

  it('says so when the user cancels at the provider', async () => {
    idp.service.once('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const { authorizeUrl, stateCookie } = await start(bob);
    const back = await authorize(authorizeUrl);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `${bob}; ${stateCookie}` } });
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).searchParams.get('channelError')).toBe(
      'You cancelled connecting YouTube.',
    );
  });

  it('reports a profile the provider will not share', async () => {
    idp.service.once('beforeUserinfo', (response: MutableResponse, _req: IncomingMessage) => {
      response.statusCode = 403;
      response.body = { error: 'forbidden' };
    });
    const { authorizeUrl, stateCookie } = await start(bob);
    const back = await authorize(authorizeUrl);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `${bob}; ${stateCookie}` } });
    expect(new URL(String(callback.headers.location), TEST_BASE_URL).searchParams.get('channelError')).toBe(
      'YouTube refused the request (HTTP 403).',
    );
    expect(await list(bob)).toEqual([]);
  });

  it('returns to the requested dashboard page, never elsewhere', async () => {
    const overview = await connect(bob, youtubeChannel('UC-bob', '@bob'), '?returnTo=/dashboard');
    expect(`${overview.pathname}${overview.search}`).toBe('/dashboard?connected=google');
    const elsewhere = await connect(bob, youtubeChannel('UC-bob', '@bob'), `?returnTo=${encodeURIComponent('https://evil.test/x')}`);
    expect(`${elsewhere.origin}${elsewhere.pathname}`).toBe(`${TEST_BASE_URL}/dashboard/settings`);
  });

  it("keeps workspaces apart: Bob can neither see, refresh nor delete Alice's channel", async () => {
    const [aliceChannel] = await list(alice);
    const bobs = await list(bob);
    expect(bobs.map((c) => c.handle)).toEqual(['@bob']);
    expect(bobs.map((c) => c.id)).not.toContain(aliceChannel.id);

    const refreshed = await refresh(bob, aliceChannel.id);
    expect(refreshed.statusCode).toBe(404);
    expect(refreshed.json()).toEqual({ error: 'Channel connection not found' });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/social/${aliceChannel.id}`, headers: { ...ORIGIN, cookie: bob } });
    expect(deleted.statusCode).toBe(404);
    expect(await list(alice)).toEqual([aliceChannel]);
  });

  it('refuses at the callback a caller who may no longer connect channels there: staff made a teammate meanwhile', async () => {
    const aliceWorkspace = (await t.app.inject({ url: '/api/workspace', headers: { cookie: alice } })).json().id as string;
    const before = await list(alice);
    const staff = await signUpAs(t, 'former.admin@channels.test', 'admin');
    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = youtubeChannel('UC-late', '@late');
    });
    const { authorizeUrl, stateCookie } = await start(staff.cookie, `?workspaceId=${aliceWorkspace}`);
    await setUserRole(t.db, staff.email, 'client');
    await addTeammate(t, aliceWorkspace, staff, 'editor');
    const back = await authorize(authorizeUrl);
    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: `${staff.cookie}; ${stateCookie}` } });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location), TEST_BASE_URL);
    expect(location.pathname).toBe('/dashboard/settings');
    expect(location.searchParams.get('channelError')).toBe(
      'Only the workspace owner or Hookline staff can connect, refresh or remove channels.',
    );
    expect(await list(alice)).toEqual(before);
  });

  it('removes a channel (204), then it is gone', async () => {
    const [connection] = await list(alice);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/social/${connection.id}`, headers: { ...ORIGIN, cookie: alice } });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await list(alice)).toEqual([]);
    expect(await t.db.selectFrom('socialConnection').select('id').where('id', '=', connection.id).execute()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/social/${connection.id}`, headers: { ...ORIGIN, cookie: alice } });
    expect(again.statusCode).toBe(404);
    expect((await refresh(alice, connection.id)).statusCode).toBe(404);
  });

  it('refuses cross-site refresh and delete', async () => {
    const [connection] = await list(bob);
    const headers = { origin: 'https://evil.test', cookie: bob };
    expect((await t.app.inject({ method: 'POST', url: `/api/social/${connection.id}/refresh`, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/social/${connection.id}`, headers })).statusCode).toBe(403);
  });
});

describe('LinkedIn channels (client credentials in the form body)', () => {
  let idp: OAuth2Server;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    idp = await startProvider();
    t = await createTestApp({ ...channelEnv('GOOGLE', idp.issuer.url!), ...channelEnv('LINKEDIN', idp.issuer.url!) });
    cookie = (await signUp(t.app, { email: 'lee@channels.test', name: 'Lee' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('lists both providers when both are configured', async () => {
    const response = await t.app.inject({ url: '/api/social/providers', headers: { cookie } });
    expect(response.json().providers).toEqual(['google', 'linkedin', 'mastodon', 'bluesky']);
  });

  it('connects with the LinkedIn scopes, the secret in the body, and the userinfo name as handle', async () => {
    const tokenRequests: Array<{ body: Record<string, unknown>; authorization?: string }> = [];
    idp.service.on('beforeResponse', (_response: MutableResponse, req: TokenRequestIncomingMessage) => {
      tokenRequests.push({ body: { ...req.body }, authorization: req.headers.authorization });
    });
    idp.service.once('beforeUserinfo', (response: MutableResponse) => {
      response.body = { sub: 'li-lee', name: 'Lee Linked', email: 'lee@linkedin.test' };
    });
    const start = await t.app.inject({ url: '/api/social/linkedin/auth', headers: { cookie } });
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid profile email w_member_social');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${TEST_BASE_URL}/api/social/linkedin/callback`);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
    const callback = await t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
    });
    expect(callback.headers.location).toBe('/dashboard/settings?connected=linkedin');

    const connections = (await t.app.inject({ url: '/api/social/connections', headers: { cookie } })).json();
    expect(connections).toEqual([expect.objectContaining({ provider: 'linkedin', handle: 'Lee Linked', status: 'connected' })]);
    expect(tokenRequests.at(-1)).toEqual({
      body: expect.objectContaining({ grant_type: 'authorization_code', client_id: 'hookline-linkedin', client_secret: 'linkedin-secret' }),
      authorization: undefined,
    });

    idp.service.once('beforeResponse', (response: MutableResponse) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/social/${connections[0].id}/refresh`,
      headers: { ...ORIGIN, cookie },
    });
    expect(refreshed.statusCode).toBe(409);
    expect(refreshed.json().error).toBe('LinkedIn Lee Linked no longer accepts this connection (invalid_grant). Reconnect the channel.');
    expect(tokenRequests.at(-1)?.body).toMatchObject({ grant_type: 'refresh_token', client_secret: 'linkedin-secret' });
  });
});

describe('a channel provider that cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 1 refuses connections: the network failure of a token refresh.
    t = await createTestApp({ ...channelEnv('GOOGLE', 'http://127.0.0.1:1') });
  });
  afterAll(() => t?.close());

  it('keeps the channel connected, records lastError and answers 502', async () => {
    const { cookie } = await signUp(t.app, { email: 'nora@channels.test', name: 'Nora' });
    await t.app.inject({ url: '/api/social/connections', headers: { cookie } });
    const workspace = await t.db
      .selectFrom('workspace')
      .select('id')
      .where('ownerEmail', '=', 'nora@channels.test')
      .executeTakeFirstOrThrow();
    const box = secretBoxFor(t.config);
    const now = new Date().toISOString();
    await t.db
      .insertInto('socialConnection')
      .values({
        id: 'conn-nora',
        workspaceId: workspace.id,
        provider: 'google',
        accountId: 'UC-nora',
        handle: '@nora',
        accessToken: box.seal('old-access', 'social-access-token'),
        refreshToken: box.seal('old-refresh', 'social-refresh-token'),
        expiresAt: now,
        scope: null,
        status: 'connected',
        lastError: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const response = await t.app.inject({ method: 'POST', url: '/api/social/conn-nora/refresh', headers: { ...ORIGIN, cookie } });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/^Could not reach YouTube to refresh @nora \(network error/);
    const [listed] = (await t.app.inject({ url: '/api/social/connections', headers: { cookie } })).json();
    expect(listed).toMatchObject({ id: 'conn-nora', status: 'connected', lastError: response.json().error });
  });
});

import { OAuth2Server, type MutableResponse } from 'oauth2-mock-server';
import type { ApiCaller } from './admin.ts';
import { sessionCookie, type TestApp } from './test-app.ts';

/** A local OAuth 2 server in the YouTube (google) channel slot: /authorize, /token (with refresh), /userinfo. */
export async function startChannelProvider(): Promise<{ server: OAuth2Server; env: Record<string, string> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!;
  return {
    server,
    env: {
      CHANNEL_GOOGLE_CLIENT_ID: 'hookline-google',
      CHANNEL_GOOGLE_CLIENT_SECRET: 'google-secret',
      CHANNEL_GOOGLE_AUTH_URL: `${url}/authorize`,
      CHANNEL_GOOGLE_TOKEN_URL: `${url}/token`,
      CHANNEL_GOOGLE_PROFILE_URL: `${url}/userinfo`,
    },
  };
}

/**
 * Connects a YouTube channel for a signed-in client through the whole flow (the app's redirect, the
 * provider's authorization over real HTTP, the callback with the state cookie); answers the
 * connection's id.
 */
export async function connectChannel(t: TestApp, provider: OAuth2Server, caller: ApiCaller, channelId: string): Promise<string> {
  provider.service.once('beforeUserinfo', (response: MutableResponse) => {
    response.body = { items: [{ id: channelId, snippet: { title: channelId, customUrl: `@${channelId}` } }] };
  });
  const start = await t.app.inject({ url: '/api/social/google/auth', headers: { cookie: caller.cookie } });
  if (start.statusCode !== 302) throw new Error(`channel auth: ${start.statusCode} ${start.body}`);
  const authorized = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(authorized.headers.get('location') ?? '');
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${caller.cookie}; ${sessionCookie(start.headers['set-cookie'])}` },
  });
  if (!String(callback.headers.location).includes('connected=google')) throw new Error(`channel callback: ${callback.headers.location}`);
  const list = (await caller.get('/api/social/connections')).json() as Array<{ id: string; handle: string }>;
  const connection = list.find((c) => c.handle === `@${channelId}`);
  if (!connection) throw new Error(`connection @${channelId} not listed`);
  return connection.id;
}

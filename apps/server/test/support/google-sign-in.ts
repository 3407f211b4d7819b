import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { ORIGIN, sessionCookie, type TestApp } from './test-app.ts';

/**
 * A local OpenID Connect provider in the Google sign-in slot; each id token it signs carries the
 * claims claimsFor() gives at that moment (the address vouched for unless they say otherwise).
 * env is what the app needs to sign in with it.
 */
export async function startGoogleIdp(
  claimsFor: () => Record<string, unknown>,
): Promise<{ server: OAuth2Server; env: Record<string, string> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, { email_verified: true, ...claimsFor() });
  });
  return {
    server,
    env: { GOOGLE_CLIENT_ID: 'hookline-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER_URL: server.issuer.url! },
  };
}

/**
 * "Continue with Google" through the whole flow (the provider's page over real HTTP); answers the
 * app's answer to the provider's callback and the session cookie it set ('' when it refused).
 */
export async function signInWithGoogle(t: TestApp): Promise<{ callback: LightMyRequestResponse; cookie: string }> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: ORIGIN,
    payload: { provider: 'google', callbackURL: '/dashboard' },
  });
  if (start.statusCode !== 200) throw new Error(`google sign-in start: ${start.statusCode} ${start.body}`);
  const authorized = await fetch(start.json().url as string, { redirect: 'manual' });
  const back = new URL(authorized.headers.get('location') ?? '');
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: sessionCookie(start.headers['set-cookie']) },
  });
  const cookie = sessionCookie(callback.headers['set-cookie']);
  return { callback, cookie: /session_token=[^;]/.test(cookie) ? cookie : '' };
}

import { OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_TEST_USER = { email: 'google-user@e2e.test', name: 'Gia Google' };

/** A real OpenID Connect server standing in for Google (discovery, authorize, token, JWKS). */
export async function startOidcProvider(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { email: GOOGLE_TEST_USER.email, email_verified: true, name: GOOGLE_TEST_USER.name });
  });
  await server.start(0, '127.0.0.1');
  return { url: server.issuer.url!, close: () => server.stop() };
}

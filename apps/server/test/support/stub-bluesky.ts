import http from 'node:http';
import type { AddressInfo } from 'node:net';

const APP_PASSWORD = /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/;
const jwt = (payload: object) =>
  ['{"alg":"ES256K","typ":"at+jwt"}', JSON.stringify(payload), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');

/**
 * A Bluesky service for suites that check who may reach the connect route and what bad input does
 * there (the adapter itself is tested against a real PDS): com.atproto.server.createSession signs
 * in any identifier whose password has an app password's shape, with an app-password session as
 * Bluesky issues one, and refuses the rest in Bluesky's words. It must be allowed as a private
 * instance (CHANNEL_ALLOW_PRIVATE_INSTANCES=true).
 */
export async function startStubBluesky(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const password = (() => {
        try {
          return String((JSON.parse(body) as { password?: unknown }).password ?? '');
        } catch {
          return '';
        }
      })();
      if (!request.url?.startsWith('/xrpc/com.atproto.server.createSession') || !APP_PASSWORD.test(password)) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'AuthenticationRequired', message: 'Invalid identifier or password' }));
        return;
      }
      const did = 'did:plc:stubstubstubstubstubstub';
      const exp = Math.floor(Date.now() / 1000) + 7200;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          did,
          handle: 'stub.bsky.test',
          accessJwt: jwt({ scope: 'com.atproto.appPass', sub: did, exp }),
          refreshJwt: jwt({ scope: 'com.atproto.refresh', sub: did, exp: exp + 86_400 }),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

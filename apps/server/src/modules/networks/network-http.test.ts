import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelAuthError, PublishError } from '../publishing/channel-publisher.ts';
import { callNetwork } from './network-http.ts';

/** A network whose answer each path decides; it counts what reached it. */
let url = '';
const hits: string[] = [];
const server = http.createServer((request, response) => {
  hits.push(request.url ?? '');
  if (request.url === '/slow') return void setTimeout(() => response.writeHead(201).end('{}'), 1000);
  if (request.url === '/redirect') return void response.writeHead(303, { location: `${url}/internal` }).end();
  const status = Number(request.url?.slice(1)) || 200;
  response.writeHead(status, { 'retry-after': '7', 'content-type': 'application/json' }).end(JSON.stringify({ error: `status ${status}` }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (path: string, createsPost = false) =>
  callNetwork(`${url}${path}`, { method: 'POST' }, { label: 'Net', signal: AbortSignal.timeout(10_000), timeoutMs: 300, createsPost }).then(
    () => null,
    (error: unknown) => error as PublishError,
  );

describe('callNetwork', () => {
  it('retries what was not taken: 429 and 503 with the network’s wait, a request that never left', async () => {
    expect(await call('/429', true)).toMatchObject({ temporary: true, retryAfterMs: 7000, platformError: '{"error":"status 429"}' });
    expect(await call('/503', true)).toMatchObject({ temporary: true, retryAfterMs: 7000 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await callNetwork(
      `http://127.0.0.1:${port}/`,
      {},
      { label: 'Net', signal: AbortSignal.timeout(5000), createsPost: true },
    ).catch((error: unknown) => error as PublishError);
    expect(refused).toMatchObject({ temporary: true });
  });

  it('does not retry a post whose answer was lost: it may be on the network already', async () => {
    const lost = await call('/slow', true);
    expect(lost).toBeInstanceOf(PublishError);
    expect(lost).toMatchObject({ temporary: false });
    expect(lost!.message).toMatch(/^Net did not confirm the post \(.*\), and it may have been published\. Check the account/);
    expect(await call('/500', true)).toMatchObject({ temporary: false, platformError: '{"error":"status 500"}' });
    // Any other call is simply tried again.
    expect(await call('/slow')).toMatchObject({ temporary: true });
    expect(await call('/500')).toMatchObject({ temporary: true });
  });

  it('keeps refusals word for word; 401 asks to reconnect', async () => {
    expect(await call('/422')).toMatchObject({
      temporary: false,
      message: 'Net refused the request (HTTP 422).',
      platformError: '{"error":"status 422"}',
    });
    expect(await call('/401')).toBeInstanceOf(ChannelAuthError);
  });

  it('never follows a redirect (a server a user named could point Hookline inside its network)', async () => {
    hits.length = 0;
    expect(await call('/redirect')).toMatchObject({ temporary: false, message: expect.stringMatching(/redirect \(HTTP 303\)/) });
    expect(hits).toEqual(['/redirect']);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart.ts';
import { createTestApp, signUp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

describe('graceful shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets a request that is in flight finish, then stops accepting connections', async () => {
    const { cookie } = await signUp(t.app, { email: 'inflight@example.com' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody([{ name: 'file', file: image, filename: 'slow.png', type: 'image/png' }]);

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/me/avatar', headers: { ...headers, origin: TEST_BASE_URL, cookie } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      // Half the upload now; shutdown starts; the other half after.
      request.write(payload.subarray(0, payload.length / 2));
      setTimeout(() => {
        closed = t.app.close();
        setTimeout(() => request.end(payload.subarray(payload.length / 2)), 100);
      }, 100);
    });
    let closed: Promise<undefined> | undefined;

    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body).url).toMatch(/^\/api\/files\/avatars\/.+-slow\.png$/);
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

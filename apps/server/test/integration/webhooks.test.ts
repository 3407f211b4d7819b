import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../support/test-app.ts';

const FOUNDER = 'founder@hooks.test';

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  answered: number;
}

/** A webhook receiver that fails the first attempts of every event, then accepts. */
async function startReceiver(failFirst: number) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const earlier = received.filter((r) => r.id === id).length;
      const answered = earlier < failFirst ? 500 : 200;
      received.push({
        id,
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body,
        answered,
      });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Standard Webhooks verification, written from the spec, independent of the app's signer. */
function verify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${r.id}.${r.timestamp}.${r.body}`).digest('base64');
  const fresh = Math.abs(Date.now() / 1000 - Number(r.timestamp)) < 300;
  return fresh && r.signature.split(' ').includes(`v1,${expected}`);
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('outgoing webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let cookie: string;
  const admin = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...ORIGIN, cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    receiver = await startReceiver(2);
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20', JOB_POLL_MS: '20' });
    ({ cookie } = await signUp(t.app, { email: FOUNDER }));
    const saved = await admin('PUT', '/api/admin/settings', {
      supportEmail: 'help@hooks.test',
      webhookUrl: receiver.url,
      brandHue: 212,
      allowSelfSignup: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('delivers each event, signed, exactly once after retries with backoff, and logs every attempt', async () => {
    const created = await admin('POST', '/api/admin/clients', { name: 'Hook Co', owner: 'owner@hook.test', status: 'active' });
    expect(created.statusCode).toBe(201);
    const client = created.json();
    const requests = await admin('GET', '/api/admin/requests?search=Hook%20Co');
    const requestId = requests.json().rows[0].id as string;
    expect((await admin('PATCH', `/api/admin/requests/${requestId}`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await admin('POST', `/api/admin/requests/${requestId}/notes`, { note: 'Kick-off call booked' })).statusCode).toBe(201);
    const onboarding = { name: 'Olga', email: 'owner@hook.test', brand: 'Hook Co', goals: 'Grow', cadence: 'Daily' };
    // A new address: its workspace and record are made, so the form's event goes out.
    const newcomer = { ...onboarding, email: 'newcomer@hook.test', brand: 'Newcomer Co' };
    expect((await t.app.inject({ method: 'POST', url: '/api/onboarding/submit', headers: ORIGIN, payload: newcomer })).statusCode).toBe(
      200,
    );
    expect((await admin('PUT', `/api/admin/clients/${client.id}/onboarding`, { ...onboarding, goals: 'Grow faster' })).statusCode).toBe(
      200,
    );

    const expectedTypes = [
      'client.created',
      'request.created',
      'request.status_changed',
      'request.note_added',
      'onboarding.submitted',
      'request.created',
      'onboarding.updated',
    ];
    const successes = () => receiver.received.filter((r) => r.answered === 200);
    await waitFor(() => successes().length === expectedTypes.length, 'every event to be delivered');
    // A little longer: nothing is delivered twice.
    await new Promise((r) => setTimeout(r, 300));

    const { secret } = (await admin('GET', '/api/admin/webhooks/secret')).json();
    expect(receiver.received.every((r) => verify(secret, r))).toBe(true);
    const delivered = successes();
    expect(new Set(delivered.map((r) => r.id)).size).toBe(delivered.length);
    expect(delivered.map((r) => JSON.parse(r.body).type).sort()).toEqual([...expectedTypes].sort());
    for (const { id } of delivered) expect(receiver.received.filter((r) => r.id === id).map((r) => r.answered)).toEqual([500, 500, 200]);

    const created0 = JSON.parse(delivered.find((r) => JSON.parse(r.body).type === 'client.created')!.body);
    expect(created0.data.client).toMatchObject({ id: client.id, name: 'Hook Co', owner: 'owner@hook.test' });
    const changed = JSON.parse(delivered.find((r) => JSON.parse(r.body).type === 'request.status_changed')!.body);
    expect(changed.data).toMatchObject({ previousStatus: 'open', request: { id: requestId, status: 'in_progress' } });

    const log = (await admin('GET', '/api/admin/webhooks/deliveries')).json() as Array<{
      eventId: string;
      attempt: number;
      status: string;
      responseStatus: number;
    }>;
    const firstEvent = log.filter((d) => d.eventId === delivered[0].id).sort((a, b) => a.attempt - b.attempt);
    expect(firstEvent.map((d) => [d.attempt, d.status, d.responseStatus])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'succeeded', 200],
    ]);
  });

  it('a rotated secret signs the next deliveries', async () => {
    const { secret } = (await admin('POST', '/api/admin/webhooks/secret/rotate')).json();
    expect(secret).toMatch(/^whsec_/);
    const before = receiver.received.length;
    expect(
      (await admin('POST', '/api/admin/requests', { type: 'support', subject: 'After rotation', requester: 'x@hook.test' })).statusCode,
    ).toBe(201);
    await waitFor(() => receiver.received.slice(before).some((r) => r.answered === 200), 'the delivery after rotation');
    expect(receiver.received.slice(before).every((r) => verify(secret, r))).toBe(true);
  });
});

describe('webhook targets', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER });
    ({ cookie } = await signUp(t.app, { email: FOUNDER }));
  });
  afterAll(() => t?.close());

  const saveWebhookUrl = (webhookUrl: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...ORIGIN, cookie },
      payload: { supportEmail: 'help@hooks.test', webhookUrl, brandHue: 212, allowSelfSignup: true },
    });

  for (const url of [
    'http://127.0.0.1:9/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://10.0.0.8/',
    'http://192.168.1.1/',
    'http://172.16.5.4/',
    'http://0.0.0.0/',
    'http://[64:ff9b:1::a00:8]/',
    'http://[64:ff9b::a00:8]/',
    'http://[::ffff:a00:8]/',
    'http://no-such-host.invalid/',
  ]) {
    it(`refuses the target ${url} unless WEBHOOK_ALLOW_PRIVATE is set, in words that tell nothing of how it resolves`, async () => {
      const response = await saveWebhookUrl(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error:
          'webhookUrl must point at a public host that this server can resolve; set WEBHOOK_ALLOW_PRIVATE=true to allow private, loopback or link-local targets',
      });
    });
  }

  it('refuses file: and gopher: URLs', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:25/']) {
      const response = await saveWebhookUrl(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/must be an http\(s\) URL or empty/);
    }
  });
});

/** Listens on a free loopback port with the given server; returns the port and a way to stop. */
async function listenOnLoopback(server: net.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the delivery log', () => {
  it('says why an attempt failed without the addresses the host name resolved to', async () => {
    const t = await createTestApp({
      FOUNDER_EMAIL: FOUNDER,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '20',
      JOB_POLL_MS: '20',
    });
    const plain = await listenOnLoopback(http.createServer((_req, res) => res.end()));
    const hangUp = await listenOnLoopback(net.createServer((socket) => socket.destroy()));
    const closed = await listenOnLoopback(net.createServer());
    await closed.close();
    try {
      const { cookie } = await signUp(t.app, { email: FOUNDER });
      const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { ...ORIGIN, cookie }, ...(payload ? { payload } : {}) });
      const cases = [
        { url: `http://localhost:${closed.port}/hook`, error: 'connection refused' },
        { url: `http://localhost:${hangUp.port}/hook`, error: 'connection reset by the target' },
        { url: `https://localhost:${plain.port}/hook`, error: 'TLS error: wrong version number' },
      ];
      for (const { url, error } of cases) {
        const saved = await admin('PUT', '/api/admin/settings', {
          supportEmail: 'help@hooks.test',
          webhookUrl: url,
          brandHue: 212,
          allowSelfSignup: true,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect((await admin('POST', '/api/admin/requests', { type: 'support', subject: url, requester: 'x@hook.test' })).statusCode).toBe(
          201,
        );
        const errors = async () =>
          ((await admin('GET', '/api/admin/webhooks/deliveries')).json() as Array<{ url: string; error: string | null }>)
            .filter((d) => d.url === url)
            .map((d) => d.error);
        await expect.poll(errors, { timeout: 10_000 }).not.toEqual([]);
        expect(new Set(await errors()), url).toEqual(new Set([error]));
      }
    } finally {
      await t.close();
      await plain.close();
      await hangUp.close();
    }
  });
});

describe('job runner health', () => {
  it('turns degraded when deliveries keep failing and a job waits, healthy when nothing is late', async () => {
    // Checks every 100 ms in the background: the overview shows the next run's report.
    const t = await createTestApp({ FOUNDER_EMAIL: FOUNDER, JOB_POLL_MS: '60000', HEALTH_CHECK_MS: '100' });
    try {
      const { cookie } = await signUp(t.app, { email: FOUNDER });
      const health = async () =>
        (
          (await t.app.inject({ url: '/api/admin/overview', headers: { cookie } })).json().health as Array<{
            name: string;
            status: string;
            detail: string;
          }>
        ).find((h) => h.name === 'Job runner');
      expect(await health()).toMatchObject({ status: 'healthy' });
      const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
      await t.db
        .insertInto('job')
        .values({
          id: 'late-job',
          type: 'webhook.deliver',
          payload: '{}',
          status: 'pending',
          maxAttempts: 1,
          runAt: twoMinutesAgo,
          createdAt: twoMinutesAgo,
          updatedAt: twoMinutesAgo,
        })
        .execute();
      await vi.waitFor(
        async () => expect(await health()).toMatchObject({ status: 'degraded', detail: '1 job(s) waiting for over a minute' }),
        {
          timeout: 10_000,
          interval: 50,
        },
      );
    } finally {
      await t.close();
    }
  });
});

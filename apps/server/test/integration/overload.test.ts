import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onboardingData } from '../support/admin.ts';
import { createTestApp, ORIGIN, type TestApp } from '../support/test-app.ts';
import { expectSecurityHeaders } from './security/expect-security-headers.ts';

/** Holds the event loop for `ms` at a time, as a request stuck in synchronous work would. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs meanwhile
  }
}

describe('load shedding beyond capacity', () => {
  describe('over the heap threshold', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Any running server uses more than 1 MB of heap: under pressure from the first sample on.
      t = await createTestApp({ OVERLOAD_MAX_HEAP_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' });
      await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), { timeout: 10_000, interval: 50 });
    });
    afterAll(() => t.close());

    it('answers 503 { error } with Retry-After, before the route does any work', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/onboarding/submit', headers: ORIGIN, payload: onboardingData() });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('7');
      expect(response.json()).toEqual({ error: 'The server is busy. Please try again in 7 seconds.' });
      expect(await t.db.selectFrom('workspace').select('id').execute()).toEqual([]);
    });

    it('sheds signed-out and unknown requests alike, and readiness says not ready', async () => {
      for (const url of ['/api/admin/clients', '/api/ready', '/api/xyz']) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe('7');
        expectSecurityHeaders(response, { https: false, where: url });
      }
    });

    it('keeps answering /api/health', async () => {
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('over the event-loop delay threshold', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20' });
    });
    afterAll(() => t.close());

    it('sheds the requests that wait behind a long turn of the loop, at once, but answers /api/health', async () => {
      // Both requests are dispatched after the synchronous block, in the same turn of the loop.
      const ready = t.app.inject({ url: '/api/ready' });
      const health = t.app.inject({ url: '/api/health' });
      blockEventLoop(100);
      const shed = await ready;
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ error: 'The server is busy. Please try again in 5 seconds.' });
      expect((await health).statusCode).toBe(200);
    });

    it('lets requests through again once the loop keeps time, and never flags the sampled delay', async () => {
      blockEventLoop(100);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await vi.waitFor(async () => expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200), { timeout: 10_000 });
      // The sampled mean delay is left to the live check (ADR 045): under-pressure reports no pressure.
      expect(t.app.isUnderPressure()).toBe(false);
    });
  });
});

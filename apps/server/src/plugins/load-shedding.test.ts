import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { registerErrorHandling } from './errors.ts';
import { registerLoadShedding } from './load-shedding.ts';

/** A Fastify app with the real shedding and error handling, over a database whose pool queue the test sets. */
async function appWithWaitingQueries(env: Record<string, string>) {
  const pool = { waiting: 0 };
  const database = { waitingQueries: () => pool.waiting } as unknown as DatabaseHandle;
  const app = Fastify();
  registerErrorHandling(app);
  await registerLoadShedding(app, loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...env }), database);
  app.get('/work', async () => ({ ok: true }));
  app.get('/health', { config: { answerUnderPressure: true } }, async () => ({ status: 'ok' }));
  return { app, pool };
}

describe('registerLoadShedding: queries waiting for a PostgreSQL connection', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('sheds above OVERLOAD_MAX_DB_WAITING, never /health, and serves again once the queue is back under it', async () => {
    const { app, pool } = await appWithWaitingQueries({ OVERLOAD_MAX_DB_WAITING: '100' });
    close = () => app.close();
    pool.waiting = 100;
    expect((await app.inject({ url: '/work' })).statusCode).toBe(200);

    pool.waiting = 101;
    const shed = await app.inject({ url: '/work' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({ error: 'The server is busy. Please try again in 5 seconds.' });
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);

    pool.waiting = 3;
    expect((await app.inject({ url: '/work' })).statusCode).toBe(200);
  });

  it('never sheds on the queue when OVERLOAD_MAX_DB_WAITING=0', async () => {
    const { app, pool } = await appWithWaitingQueries({ OVERLOAD_MAX_DB_WAITING: '0' });
    close = () => app.close();
    pool.waiting = 1_000_000;
    expect((await app.inject({ url: '/work' })).statusCode).toBe(200);
  });
});

describe('registerLoadShedding: event-loop lateness', () => {
  it('sheds a request that was let in on time but reaches its handler late', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const database = { waitingQueries: () => 0 } as unknown as DatabaseHandle;
    await registerLoadShedding(app, loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20', OVERLOAD_MAX_DB_WAITING: '0' }), database);
    let handled = 0;
    let slowSteps = 0;
    // A slow step between the checks (as a session look-up can be, behind other requests).
    const slowStep = async () => {
      slowSteps++;
      const until = performance.now() + 100;
      while (performance.now() < until) {
        // busy: the loop falls behind
      }
    };
    app.get('/work', { onRequest: slowStep }, async () => ({ handled: ++handled }));
    try {
      const response = await app.inject({ url: '/work' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      // Let in when read, refused before its handler.
      expect(slowSteps).toBe(1);
      expect(handled).toBe(0);
    } finally {
      await app.close();
    }
  });
});

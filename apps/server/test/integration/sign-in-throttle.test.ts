import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APIError } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import {
  FREE_FAILURES,
  findSignInLock,
  recordSignInFailure,
  recordSignInOutcome,
  signInLockedMessage,
} from '../../src/modules/auth/sign-in-throttle.ts';
import { createTestApp, createTestDatabase, ORIGIN, signIn, signUp, testConfig, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'correct-horse-1';
const WRONG = 'not-the-password';
// The per-IP limit is ADR 024's; these tests are about the per-account one.
const ENV = { SIGNIN_RATE_LIMIT: '100000' };

const failTimes = async (app: FastifyInstance, email: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await signIn(app, { email, password: WRONG })).response.statusCode).toBe(401);
};

describe('per-account sign-in throttle (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  const storedFailure = (email: string) => t.db.selectFrom('signInFailure').selectAll().where('email', '=', email).executeTakeFirst();
  /** Ends the address's lock now, as if its time had passed. */
  const endLock = (email: string) =>
    t.db
      .updateTable('signInFailure')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
  const retryAfterOf = async (email: string, password: string) => {
    const { response } = await signIn(t.app, { email, password });
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(response.json()).toMatchObject({ error: signInLockedMessage(seconds), code: 'TOO_MANY_FAILED_SIGN_INS' });
    return seconds;
  };

  it('locks the address after five free failures and then refuses even the right password, without counting', async () => {
    const email = 'locked@example.com';
    await signUp(t.app, { email, password: PASSWORD });
    await failTimes(t.app, email, FREE_FAILURES);
    expect((await signIn(t.app, { email, password: PASSWORD })).response.statusCode).toBe(200);
    // The success cleared the count: five more are free again, the sixth locks.
    await failTimes(t.app, email, FREE_FAILURES + 1);
    const seconds = await retryAfterOf(email, PASSWORD);
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
    await retryAfterOf(email, WRONG);
    expect((await storedFailure(email))?.failures).toBe(FREE_FAILURES + 1);
  });

  it('locks longer after each further failure, and a right password once the lock is over signs in and clears it', async () => {
    const email = 'Grows@Example.com';
    await signUp(t.app, { email, password: PASSWORD });
    await failTimes(t.app, email, FREE_FAILURES + 1);
    expect(await retryAfterOf(email, PASSWORD)).toBeLessThanOrEqual(30);
    await endLock('grows@example.com');
    await failTimes(t.app, email, 1);
    const second = await retryAfterOf(email.toLowerCase(), PASSWORD);
    expect(second).toBeGreaterThan(30);
    expect(second).toBeLessThanOrEqual(60);
    await endLock('grows@example.com');
    expect((await signIn(t.app, { email, password: PASSWORD })).response.statusCode).toBe(200);
    expect(await storedFailure('grows@example.com')).toBeUndefined();
  });

  it('a lock on one address leaves another alone', async () => {
    await signUp(t.app, { email: 'one@example.com', password: PASSWORD });
    await signUp(t.app, { email: 'other@example.com', password: PASSWORD });
    await failTimes(t.app, 'one@example.com', FREE_FAILURES + 1);
    await retryAfterOf('one@example.com', PASSWORD);
    expect((await signIn(t.app, { email: 'other@example.com', password: PASSWORD })).response.statusCode).toBe(200);
  });

  it('a password reset clears the lock', async () => {
    const email = 'forgot@example.com';
    await signUp(t.app, { email, password: PASSWORD });
    await failTimes(t.app, email, FREE_FAILURES + 1);
    await retryAfterOf(email, PASSWORD);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    // The mailed token is the identifier Better Auth stored for it.
    const { identifier } = await t.db
      .selectFrom('verification')
      .select('identifier')
      .where('identifier', 'like', 'reset-password:%')
      .executeTakeFirstOrThrow();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { token: identifier.slice('reset-password:'.length), newPassword: 'brand-new-horse-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await storedFailure(email)).toBeUndefined();
    expect((await signIn(t.app, { email, password: 'brand-new-horse-2' })).response.statusCode).toBe(200);
  });
});

describe('per-account sign-in throttle (the policy, on an injected clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  it('locks for 30 s at the sixth failure, doubling with each further one up to 15 minutes; nothing after the lock ends', async () => {
    const email = 'clock@example.com';
    let now = new Date('2030-01-01T00:00:00.000Z');
    const locks: number[] = [];
    for (let failure = 1; failure <= 12; failure++) {
      await recordSignInFailure(t.db, email, now);
      const seconds = await findSignInLock(t.db, email, now);
      locks.push(seconds);
      // The next try comes as soon as the lock allows.
      now = new Date(now.getTime() + seconds * 1000);
    }
    expect(locks).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900]);
    expect(await findSignInLock(t.db, email, now)).toBe(0);
  });

  it('counts every one of many failures arriving together', async () => {
    const email = 'together@example.com';
    const now = new Date('2030-01-01T00:00:00.000Z');
    await Promise.all(Array.from({ length: 20 }, () => recordSignInFailure(t.db, email, now)));
    const row = await t.db.selectFrom('signInFailure').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.failures).toBe(20);
    // The lock of the 20th failure (capped at 15 minutes), never a shorter one from a slower request.
    expect(row.lockedUntil).toBe('2030-01-01T00:15:00.000Z');
  });

  it('a refusal that says nothing about the password changes nothing', async () => {
    const email = 'unverified@example.com';
    const now = new Date('2030-01-01T00:00:00.000Z');
    await recordSignInOutcome(t.db, email, new APIError('FORBIDDEN', { message: 'Email not verified' }), now);
    await recordSignInOutcome(t.db, email, new APIError('BAD_REQUEST', { message: 'Invalid email' }), now);
    expect(await t.db.selectFrom('signInFailure').selectAll().where('email', '=', email).execute()).toEqual([]);
  });
});

describe('per-account sign-in throttle across app instances', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-throttle-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('two instances on one database share the count and the lock', async () => {
    const { target, drop } = await createTestDatabase(dataDir);
    cleanups.push(drop);
    const config = testConfig(dataDir, ENV);
    const start = async () => {
      const app = await buildApp(config, { databaseTarget: target, serveWeb: false, runJobs: false });
      cleanups.push(() => app.close());
      return app;
    };
    // One after the other: the first migrates the fresh database.
    const a = await start();
    const b = await start();
    const email = 'shared@example.com';
    await signUp(a, { email, password: PASSWORD });
    await failTimes(a, email, 3);
    await failTimes(b, email, FREE_FAILURES - 3 + 1);
    const onA = await signIn(a, { email, password: PASSWORD });
    expect(onA.response.statusCode).toBe(429);
    expect(Number(onA.response.headers['retry-after'])).toBeGreaterThan(0);
    const inspector = openDatabase(target);
    cleanups.push(() => inspector.close());
    await inspector.db
      .updateTable('signInFailure')
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await signIn(b, { email, password: PASSWORD })).response.statusCode).toBe(200);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APIError } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import {
  FAILURE_RUN_SECONDS,
  FREE_FAILURES,
  findSignInLock,
  reserveSignInAttempt,
  settleSignInAttempt,
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
/** How many of `times` wrong-password sign-ins sent together get each status. */
const failTogether = async (app: FastifyInstance, email: string, times: number) => {
  const answers = await Promise.all(Array.from({ length: times }, () => signIn(app, { email, password: WRONG })));
  const counts: Record<number, number> = {};
  for (const { response } of answers) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
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

  it('of many wrong passwords sent together only the allowance is checked, and each lock end lets one more through', async () => {
    const email = 'burst@example.com';
    await signUp(t.app, { email, password: PASSWORD });
    expect(await failTogether(t.app, email, 30)).toEqual({ 401: FREE_FAILURES + 1, 429: 30 - FREE_FAILURES - 1 });
    await endLock(email);
    expect(await failTogether(t.app, email, 30)).toEqual({ 401: 1, 429: 29 });
    // Refused attempts were never counted: the lock is the second one's, one minute.
    expect((await storedFailure(email))?.failures).toBe(FREE_FAILURES + 2);
    expect(await retryAfterOf(email, PASSWORD)).toBeGreaterThan(30);
  });

  it('a run of failures an hour old is over: the next failure starts again from zero', async () => {
    const email = 'decay@example.com';
    await signUp(t.app, { email, password: PASSWORD });
    await failTimes(t.app, email, FREE_FAILURES + 1);
    // As if the run had gone on to the longest lock and then stopped an hour ago.
    const hourAgo = new Date(Date.now() - FAILURE_RUN_SECONDS * 1000);
    await t.db
      .updateTable('signInFailure')
      .set({ failures: FREE_FAILURES + 6, lockedUntil: hourAgo.toISOString(), lastFailureAt: hourAgo.toISOString() })
      .where('email', '=', email)
      .execute();
    await failTimes(t.app, email, FREE_FAILURES);
    expect(await storedFailure(email)).toMatchObject({ failures: FREE_FAILURES, lockedUntil: null });
    expect((await signIn(t.app, { email, password: PASSWORD })).response.statusCode).toBe(200);
  });

  it('a refusal that is not about the password gives its attempt back', async () => {
    const email = 'toolong@example.com';
    await signUp(t.app, { email, password: PASSWORD });
    await failTimes(t.app, email, 2);
    expect((await signIn(t.app, { email, password: 'x'.repeat(200) })).response.statusCode).toBe(400);
    expect((await storedFailure(email))?.failures).toBe(2);
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

  /** Reserves attempts as fast as the locks allow, each one failing; answers the lock after each. */
  const failInTurn = async (email: string, times: number, start: Date) => {
    let now = start;
    const locks: number[] = [];
    for (let failure = 1; failure <= times; failure++) {
      expect(await reserveSignInAttempt(t.db, email, now)).toBe(true);
      const seconds = await findSignInLock(t.db, email, now);
      locks.push(seconds);
      now = new Date(now.getTime() + seconds * 1000);
    }
    return { locks, now };
  };

  it('locks for 30 s at the sixth failure, doubling with each further one up to 15 minutes; nothing after the lock ends', async () => {
    const email = 'clock@example.com';
    const { locks, now } = await failInTurn(email, 12, new Date('2030-01-01T00:00:00.000Z'));
    expect(locks).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900]);
    expect(await findSignInLock(t.db, email, now)).toBe(0);
    expect(await reserveSignInAttempt(t.db, email, new Date(now.getTime() - 1000))).toBe(false);
  });

  it('lets exactly the allowance through of many attempts reserved together, and locks with the last of them', async () => {
    const email = 'together@example.com';
    const now = new Date('2030-01-01T00:00:00.000Z');
    const admitted = await Promise.all(Array.from({ length: 20 }, () => reserveSignInAttempt(t.db, email, now)));
    expect(admitted.filter(Boolean)).toHaveLength(FREE_FAILURES + 1);
    const row = await t.db.selectFrom('signInFailure').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: FREE_FAILURES + 1, lockedUntil: '2030-01-01T00:00:30.000Z' });
  });

  it('a trickle slower than one failure an hour never locks; a faster one is held at the longest lock', async () => {
    const slow = 'trickle@example.com';
    let now = new Date('2030-01-01T00:00:00.000Z');
    for (let failure = 1; failure <= 20; failure++) {
      expect(await reserveSignInAttempt(t.db, slow, now)).toBe(true);
      expect(await findSignInLock(t.db, slow, now)).toBe(0);
      now = new Date(now.getTime() + FAILURE_RUN_SECONDS * 1000);
    }
    const { locks } = await failInTurn('steady@example.com', 20, new Date('2030-01-01T00:00:00.000Z'));
    expect(Math.max(...locks)).toBe(900);
  });

  it('a refusal that says nothing about the password gives its attempt back, without lifting a lock', async () => {
    const email = 'unverified@example.com';
    const { now } = await failInTurn(email, FREE_FAILURES, new Date('2030-01-01T00:00:00.000Z'));
    expect(await reserveSignInAttempt(t.db, email, now)).toBe(true);
    await settleSignInAttempt(t.db, email, new APIError('FORBIDDEN', { message: 'Email not verified' }));
    const row = await t.db.selectFrom('signInFailure').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.failures).toBe(FREE_FAILURES);
    expect(await findSignInLock(t.db, email, now)).toBe(30);
    await settleSignInAttempt(t.db, email, new APIError('UNAUTHORIZED', { message: 'Invalid email or password' }));
    expect((await t.db.selectFrom('signInFailure').select('failures').where('email', '=', email).executeTakeFirstOrThrow()).failures).toBe(
      FREE_FAILURES,
    );
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

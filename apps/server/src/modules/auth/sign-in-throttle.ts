import { APIError, isAPIError } from 'better-auth/api';
import type { Db } from '../../db/database.ts';

/**
 * A per-account throttle of failed password sign-ins, kept in the database so every instance on
 * it sees the same count. The first FREE_FAILURES consecutive failures cost nothing (typos); each
 * further failure locks the address, 30 seconds at first and twice as long each time up to
 * 15 minutes. A successful sign-in or a password reset clears the count. While an address is
 * locked its sign-ins are refused without checking the password, so a guesser learns nothing and
 * the locked account's owner is told how long to wait or to reset the password.
 */
export const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;
const LONGEST_LOCK_SECONDS = 15 * 60;

export const SIGN_IN_LOCKED_CODE = 'TOO_MANY_FAILED_SIGN_INS';

export const signInLockedMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${seconds} seconds, or reset your password.`;

/** Addresses are one account whatever their case, as Better Auth stores them. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How long the failure numbered `failures` (counted since the last success) locks the address for. */
export function computeLockSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES - 1), LONGEST_LOCK_SECONDS);
}

/** Whole seconds until the address may try again; 0 when it is not locked. */
export async function findSignInLock(db: Db, email: string, now: Date): Promise<number> {
  const row = await db.selectFrom('signInFailure').select('lockedUntil').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  const left = row?.lockedUntil ? Date.parse(row.lockedUntil) - now.getTime() : 0;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Counts one failure and locks the address when it is past the free ones. The count is one
 * upsert that adds to the stored value, so failures arriving together on several instances are
 * all counted; the lock is written only while the count is still the one it was computed from,
 * so a slower request never shortens the lock a later failure set.
 */
export async function recordSignInFailure(db: Db, email: string, now: Date): Promise<void> {
  const address = normalizeEmail(email);
  const at = now.toISOString();
  const { failures } = await db
    .insertInto('signInFailure')
    .values({ email: address, failures: 1, lockedUntil: null, lastFailureAt: at })
    .onConflict((oc) => oc.column('email').doUpdateSet((eb) => ({ failures: eb('signInFailure.failures', '+', 1), lastFailureAt: at })))
    .returning('failures')
    .executeTakeFirstOrThrow();
  const seconds = computeLockSeconds(failures);
  if (!seconds) return;
  await db
    .updateTable('signInFailure')
    .set({ lockedUntil: new Date(now.getTime() + seconds * 1000).toISOString() })
    .where('email', '=', address)
    .where('failures', '=', failures)
    .execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('signInFailure').where('email', '=', normalizeEmail(email)).execute();
}

/** Before a password sign-in: a 429 with Retry-After while the address is locked. */
export async function refuseLockedSignIn(db: Db, email: unknown, now: Date): Promise<void> {
  if (typeof email !== 'string') return;
  const seconds = await findSignInLock(db, email, now);
  if (!seconds) return;
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { message: signInLockedMessage(seconds), code: SIGN_IN_LOCKED_CODE },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * After a password sign-in: a wrong email or password (401) counts as a failure, a session
 * clears the count. Other refusals (a malformed request, an unverified address) say nothing
 * about the password and change nothing.
 */
export async function recordSignInOutcome(db: Db, email: unknown, outcome: unknown, now: Date): Promise<void> {
  if (typeof email !== 'string') return;
  if (!isAPIError(outcome)) return clearSignInFailures(db, email);
  if (outcome.statusCode === 401) await recordSignInFailure(db, email, now);
}

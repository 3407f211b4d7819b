import { APIError, isAPIError } from 'better-auth/api';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * A per-account throttle of password sign-ins, kept in the database so every instance on it sees
 * the same count. Each sign-in first reserves an attempt, as if it were going to fail, in one
 * statement that also refuses it while the address is locked; only then is the password checked.
 * So requests arriving together cannot all slip past one check. The first FREE_FAILURES attempts of
 * a run cost nothing (typos); each further one locks the address, 30 seconds at first and twice as
 * long each time up to 15 minutes. A run ends with a successful sign-in, a password reset, or an hour
 * without a failure. While an address is locked its sign-ins are refused without checking the
 * password, so a guesser learns nothing and the locked account's owner is told how long to wait or
 * to reset the password.
 */
export const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;
const LONGEST_LOCK_SECONDS = 15 * 60;
/** A run of failures with none for this long is over: a slow trickle starts again from zero. */
export const FAILURE_RUN_SECONDS = 60 * 60;

export const SIGN_IN_LOCKED_CODE = 'TOO_MANY_FAILED_SIGN_INS';

export const signInLockedMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${seconds} seconds, or reset your password.`;

/** Addresses are one account whatever their case, as Better Auth stores them. */
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** How long the failure numbered `failures` (counted in the current run) locks the address for. */
export function computeLockSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES - 1), LONGEST_LOCK_SECONDS);
}

const addSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/** When the lock the failure numbered `failures` brings ends, if it brings one. */
const computeLockEnd = (failures: number, now: Date) =>
  computeLockSeconds(failures) ? addSeconds(now, computeLockSeconds(failures)) : null;

/**
 * The end of the lock an attempt numbered `count` brings, as SQL over a count known only inside the
 * statement: one branch per step of the doubling, the last one for every count from the longest lock on.
 */
function computeLockEndSql(count: Expression<number>, now: Date): RawBuilder<string | null> {
  const branches: RawBuilder<unknown>[] = [];
  for (let failures = FREE_FAILURES + 1; ; failures++) {
    const seconds = computeLockSeconds(failures);
    const longest = seconds === LONGEST_LOCK_SECONDS;
    branches.push(sql`when ${count} ${sql.raw(longest ? '>=' : '=')} ${failures} then ${computeLockEnd(failures, now)}`);
    if (longest) return sql<string | null>`case ${sql.join(branches, sql` `)} else null end`;
  }
}

/** Whole seconds until the address may try again; 0 when it is not locked. */
export async function findSignInLock(db: Db, email: string, now: Date): Promise<number> {
  const row = await db.selectFrom('signInFailure').select('lockedUntil').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  const left = row?.lockedUntil ? Date.parse(row.lockedUntil) - now.getTime() : 0;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Counts one attempt as a failure before its password is checked, and sets the lock that failure
 * brings, unless the address is locked: then nothing changes and it answers false. It is one upsert
 * whose update applies only while no lock holds, so of requests arriving together (on one instance or
 * several) exactly those the policy allows get through: the one that reaches a locking count locks
 * out the rest. A run whose last failure is older than FAILURE_RUN_SECONDS starts again at one.
 */
export async function reserveSignInAttempt(db: Db, email: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const runStart = addSeconds(now, -FAILURE_RUN_SECONDS);
  const reserved = await db
    .insertInto('signInFailure')
    .values({ email: normalizeEmail(email), failures: 1, lockedUntil: computeLockEnd(1, now), lastFailureAt: at })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet((eb) => {
          const count = eb
            .case()
            .when('signInFailure.lastFailureAt', '<=', runStart)
            .then(1)
            .else(eb('signInFailure.failures', '+', 1))
            .end();
          return { failures: count, lockedUntil: computeLockEndSql(count, now), lastFailureAt: at };
        })
        .where((eb) => eb.or([eb('signInFailure.lockedUntil', 'is', null), eb('signInFailure.lockedUntil', '<=', at)])),
    )
    .returning('failures')
    .executeTakeFirst();
  return reserved !== undefined;
}

/**
 * Takes back one reserved attempt whose password turned out not to be the problem. Only the count
 * goes down: a lock stays until it ends, so a request that never had its password checked cannot
 * lift the lock that holds back guesses sent beside it.
 */
export async function giveBackSignInAttempt(db: Db, email: string): Promise<void> {
  await db
    .updateTable('signInFailure')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('email', '=', normalizeEmail(email))
    .where('failures', '>', 0)
    .execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('signInFailure').where('email', '=', normalizeEmail(email)).execute();
}

/** Before a password sign-in: reserves the attempt, or answers 429 with Retry-After while the address is locked. */
export async function admitSignInAttempt(db: Db, email: unknown, now: Date): Promise<void> {
  if (typeof email !== 'string') return;
  if (await reserveSignInAttempt(db, email, now)) return;
  // The lock may end between the refusal and this read; the answer still asks for a wait.
  const seconds = Math.max(await findSignInLock(db, email, now), 1);
  throw new APIError(
    'TOO_MANY_REQUESTS',
    { message: signInLockedMessage(seconds), code: SIGN_IN_LOCKED_CODE },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * After a password sign-in that was admitted: a session ends the run, a wrong email or password (401)
 * keeps the attempt counted, and any other refusal (a malformed request, an address not yet
 * verified) gives it back, since Better Auth answers 401 to every wrong password.
 */
export async function settleSignInAttempt(db: Db, email: unknown, outcome: unknown): Promise<void> {
  if (typeof email !== 'string') return;
  if (!isAPIError(outcome)) return clearSignInFailures(db, email);
  if (outcome.statusCode !== 401) await giveBackSignInAttempt(db, email);
}

// Hookline's list routes against the bare route running the same SQL: rounds of the two alternate,
// so both see the same machine (shared, its load drifts) and the ratio is taken over the same minutes.
import type { AutocannonResult } from 'autocannon';
import type { ListRoute } from './api-lists.ts';
import { failureCount, runClosedLoop, summarize, type Call, type LoadResult, type User } from './api-load.ts';
import { BROWSER_ACCEPT_ENCODING } from './api-workload.ts';
import type { Figure } from './support/print-figures.ts';

/** The users of the target level (p99 ≤ 100 ms at 32), each cycling through the route's variants. */
export const LIST_USERS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);

export interface Paired {
  app: LoadResult[];
  bare: LoadResult[];
}

function cyclingUsers(route: ListRoute, call: (n: number) => Call): User[] {
  return Array.from({ length: LIST_USERS }, (_, user) => {
    let n = user;
    return () => call(n++ % route.variants.length);
  });
}

/** A warm-up of each side (JIT, page cache), then ROUNDS × (bare, Hookline) of ROUND_SECONDS each. */
export async function measureAgainstBare(route: ListRoute, appUrl: string, bareUrl: string): Promise<Paired> {
  const get = (path: string, headers: Record<string, string>): Call => ({ name: route.name, method: 'GET', path, headers, write: false });
  const appUsers = () =>
    cyclingUsers(route, (n) =>
      get(route.variants[n].path, { cookie: route.variants[n].cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
    );
  const bareUsers = () => cyclingUsers(route, (n) => get(`/${route.slug}/${n}`, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }));
  await runClosedLoop(bareUrl, bareUsers(), 1);
  await runClosedLoop(appUrl, appUsers(), 1);
  const paired: Paired = { app: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    paired.bare.push(await runClosedLoop(bareUrl, bareUsers(), ROUND_SECONDS));
    paired.app.push(await runClosedLoop(appUrl, appUsers(), ROUND_SECONDS));
  }
  return paired;
}

export const describeRounds = () => `${LIST_USERS} users, ${ROUNDS} rounds of ${ROUND_SECONDS} s, each after a round of the bare route`;

const rpsOf = (results: LoadResult[]) =>
  results.reduce((sum, r) => sum + r.latencies.length, 0) / results.reduce((sum, r) => sum + r.seconds, 0);
const ms = (value: number) => Number(value.toFixed(1));

/**
 * One line of the comparison: Hookline's requests per second over all rounds as a share of the bare
 * route's (with the lowest and highest round's share), and both sides' p50 and p99 over all rounds.
 */
export function pairedFigure(name: string, paired: Paired): Figure {
  const [appRps, bareRps] = [rpsOf(paired.app), rpsOf(paired.bare)];
  const roundRatios = paired.app.map((r, i) => r.latencies.length / paired.bare[i].latencies.length);
  const app = summarize(
    paired.app.flatMap((r) => r.latencies),
    1,
  );
  const bare = summarize(
    paired.bare.flatMap((r) => r.latencies),
    1,
  );
  return {
    name,
    values: {
      'req/s': Math.round(appRps),
      'bare req/s': Math.round(bareRps),
      ratio: (appRps / bareRps).toFixed(2),
      rounds: `${Math.min(...roundRatios).toFixed(2)}–${Math.max(...roundRatios).toFixed(2)}`,
      'p50 ms': ms(app.p50),
      'p99 ms': ms(app.p99),
      'bare p50': ms(bare.p50),
      'bare p99': ms(bare.p99),
      failed: [...paired.app, ...paired.bare].reduce((sum, r) => sum + failureCount(r), 0),
    },
  };
}

export function countStatus(result: AutocannonResult, match: (status: number) => boolean): number {
  return Object.entries(result.statusCodeStats)
    .filter(([status]) => match(Number(status)))
    .reduce((sum, [, { count }]) => sum + count, 0);
}

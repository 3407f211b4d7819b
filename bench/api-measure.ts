// Paired measurement for the API benchmark: rounds of the baseline and of the route alternate, so
// both see the same machine (shared, its load drifts) and the ratio is taken over the same minutes.
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import type { Figure } from './support/print-figures.ts';

export const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);

export interface Paired {
  app: AutocannonResult[];
  baseline: AutocannonResult[];
}

const run = (options: AutocannonOptions, duration: number) => autocannon({ connections: CONNECTIONS, pipelining: 1, ...options, duration });

/** A warm-up of the route (JIT, caches), then ROUNDS × (baseline, route) of ROUND_SECONDS each. */
export async function measurePaired(baselineUrl: string, options: AutocannonOptions): Promise<Paired> {
  await run(options, 1);
  const paired: Paired = { app: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    paired.baseline.push(await run({ url: baselineUrl }, ROUND_SECONDS));
    paired.app.push(await run(options, ROUND_SECONDS));
  }
  return paired;
}

export const describeRounds = () => `${ROUNDS} rounds of ${ROUND_SECONDS} s, each after a baseline round of the same length`;

export function countStatus(result: AutocannonResult, match: (status: number) => boolean): number {
  return Object.entries(result.statusCodeStats)
    .filter(([status]) => match(Number(status)))
    .reduce((sum, [, { count }]) => sum + count, 0);
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/**
 * One line of the throughput table: requests per second over all rounds and as a share of the
 * baseline's in the same rounds (with the lowest and highest round's share), the median round's
 * p50 and p99, and the requests that failed.
 */
export function pairedFigure(name: string, paired: Paired): Figure {
  const rps = mean(paired.app.map((r) => r.requests.average));
  const baselineRps = mean(paired.baseline.map((r) => r.requests.average));
  const roundRatios = paired.app.map((r, i) => r.requests.average / paired.baseline[i].requests.average);
  return {
    name,
    values: {
      'req/s': Math.round(rps),
      'baseline req/s': Math.round(baselineRps),
      'vs baseline': percent(rps / baselineRps),
      rounds: `${percent(Math.min(...roundRatios))}–${percent(Math.max(...roundRatios))}`,
      'p50 ms': median(paired.app.map((r) => r.latency.p50)),
      'p99 ms': median(paired.app.map((r) => r.latency.p99)),
      failed: paired.app.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    },
  };
}

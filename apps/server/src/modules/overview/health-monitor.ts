import type { TOverviewResponse } from '@hookline/shared';

type HealthReport = Pick<TOverviewResponse, 'health' | 'healthCheckedAt'>;

/**
 * System health (checkHealth), checked in the background rather than on each look at the overview:
 * a check writes, reads and deletes a file in the store (three S3 requests on a bucket), asks the
 * mail server to verify (a TCP and TLS handshake) and counts jobs, so running it per view made every
 * overview wait for those round trips and sent the store three requests per view. The overview
 * answers the latest report with the time it was made. The first call runs the checks and waits for
 * them; from then on they run every `everyMs` until stop(), and a report replaces the previous one
 * once it is complete.
 */
export function createHealthMonitor(checkHealth: () => Promise<HealthReport['health']>, everyMs: number) {
  let latest: Promise<HealthReport> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async (): Promise<HealthReport> => ({ health: await checkHealth(), healthCheckedAt: new Date().toISOString() });
  const checkAgainLater = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      check().then(
        (report) => {
          latest = Promise.resolve(report);
          checkAgainLater();
        },
        // Each check answers its own failure and time-out; should a run still fail, the last report stands.
        () => checkAgainLater(),
      );
    }, everyMs);
    timer.unref();
  };
  return {
    latestReport(): Promise<HealthReport> {
      if (!latest) {
        const first = check();
        latest = first;
        // With no report to stand, the next look at the overview runs the checks again.
        first.then(checkAgainLater, () => (latest = null));
      }
      return latest;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type HealthMonitor = ReturnType<typeof createHealthMonitor>;

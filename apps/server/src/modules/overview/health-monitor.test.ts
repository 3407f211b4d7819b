import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createHealthMonitor, type HealthMonitor } from './health-monitor.ts';

type Check = { name: string; status: 'healthy' | 'degraded' | 'down'; detail: string };

describe('createHealthMonitor', () => {
  let monitor: HealthMonitor | undefined;
  afterEach(() => monitor?.stop());

  /** Checks that say which run they are, each taking `ms`. */
  function countingChecks(ms: number) {
    const runs = { started: 0 };
    const check = async (): Promise<Check[]> => {
      const run = ++runs.started;
      await sleep(ms);
      return [{ name: 'Database', status: 'healthy', detail: `run ${run}` }];
    };
    return { runs, check };
  }

  it('runs the checks on the first ask, then in the background, never once per ask', async () => {
    const { runs, check } = countingChecks(5);
    monitor = createHealthMonitor(check, 40);
    expect(runs.started).toBe(0);
    const before = Date.now();
    const first = await monitor.latestReport();
    expect(first.health[0].detail).toBe('run 1');
    expect(Date.parse(first.healthCheckedAt)).toBeGreaterThanOrEqual(before);
    for (let i = 0; i < 20; i++) expect(await monitor.latestReport()).toBe(first);
    expect(runs.started).toBe(1);

    await sleep(150);
    const later = await monitor.latestReport();
    expect(runs.started).toBeGreaterThanOrEqual(2);
    expect(later.health[0].detail).toBe(`run ${runs.started}`);
    expect(Date.parse(later.healthCheckedAt)).toBeGreaterThan(Date.parse(first.healthCheckedAt));
  });

  it('answers the last complete report while a slow check runs, and stops with stop()', async () => {
    const { runs, check } = countingChecks(100);
    monitor = createHealthMonitor(check, 10);
    const first = await monitor.latestReport();
    // The second run has started and is not complete: asking does not wait for it.
    await sleep(40);
    expect(runs.started).toBe(2);
    const asked = Date.now();
    expect(await monitor.latestReport()).toBe(first);
    expect(Date.now() - asked).toBeLessThan(50);

    monitor.stop();
    await sleep(250);
    const stoppedAt = runs.started;
    await sleep(150);
    expect(runs.started).toBe(stoppedAt);
  });

  /** Checks whose run number `failing` throws; the others find nothing to report. */
  function checksFailingOnRun(failing: number) {
    const runs = { started: 0 };
    const check = async (): Promise<Check[]> => {
      runs.started += 1;
      if (runs.started === failing) throw new Error(`run ${failing} failed`);
      return [];
    };
    return { runs, check };
  }

  it('runs the checks again on the next ask when the first run fails', async () => {
    const { runs, check } = checksFailingOnRun(1);
    monitor = createHealthMonitor(check, 10_000);
    await expect(monitor.latestReport()).rejects.toThrow('run 1 failed');
    expect((await monitor.latestReport()).health).toEqual([]);
    expect(runs.started).toBe(2);
  });

  it('keeps checking after a run that fails', async () => {
    const { runs, check } = checksFailingOnRun(2);
    monitor = createHealthMonitor(check, 10);
    await monitor.latestReport();
    await sleep(120);
    expect(runs.started).toBeGreaterThanOrEqual(3);
  });
});

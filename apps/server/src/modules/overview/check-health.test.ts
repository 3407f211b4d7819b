import { describe, expect, it } from 'vitest';
import { answerWithin } from './check-health.ts';

describe('answerWithin', () => {
  it("answers the check's own result when it comes in time", async () => {
    const healthy = { name: 'Mail', status: 'healthy', detail: 'SMTP server answers' } as const;
    expect(await answerWithin('Mail', Promise.resolve(healthy), 50)).toBe(healthy);
  });

  it('reports a check that stalls as down, so a run of the checks always ends', async () => {
    const started = Date.now();
    const stalled = new Promise<never>(() => {});
    expect(await answerWithin('File store', stalled, 30)).toEqual({
      name: 'File store',
      status: 'down',
      detail: 'No answer within 0.03 s',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

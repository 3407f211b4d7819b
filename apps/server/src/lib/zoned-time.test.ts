import { describe, expect, it } from 'vitest';
import { instantOfLocalTime } from './zoned-time.ts';

describe('instantOfLocalTime', () => {
  it.each([
    // An ordinary time, on either side of the changes.
    ['2026-03-28T09:00', 'Europe/Berlin', '2026-03-28T08:00:00.000Z'],
    ['2026-03-30T09:00', 'Europe/Berlin', '2026-03-30T07:00:00.000Z'],
    ['2026-06-01T09:00', 'UTC', '2026-06-01T09:00:00.000Z'],
    // Spring forward: 02:00–03:00 is skipped; a time in it moves forward by the gap, to 03:30.
    ['2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29T03:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // Fall back: 02:00–03:00 (Berlin) and 01:00–02:00 (New York) happen twice; the first counts.
    ['2026-10-25T02:30', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25T03:30', 'Europe/Berlin', '2026-10-25T02:30:00.000Z'],
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01T02:30', 'America/New_York', '2026-11-01T07:30:00.000Z'],
    // A half-hour change (Lord Howe Island falls back from +11 to +10:30 at 02:00): 01:45 is repeated.
    ['2026-04-05T01:45', 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(instantOfLocalTime(local, zone).toISOString()).toBe(instant);
  });

  it('refuses a date that does not exist and an unknown zone, with a 400 naming them', () => {
    expect(() => instantOfLocalTime('2026-02-30T09:00', 'Europe/Berlin')).toThrow(
      expect.objectContaining({ statusCode: 400, message: '2026-02-30T09:00 is not a date and time' }),
    );
    expect(() => instantOfLocalTime('2026-02-03T09:00', 'Mars/Olympus')).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Mars/Olympus is not a known time zone' }),
    );
  });
});

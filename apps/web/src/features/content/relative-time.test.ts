import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelative } from './relative-time';

const NOW = new Date('2030-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('formatRelative', () => {
  it('says just now under a minute, also for a time slightly ahead', () => {
    expect(formatRelative(ago(30_000), 'UTC', NOW)).toBe('just now');
    expect(formatRelative(ago(-5_000), 'UTC', NOW)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelative(ago(5 * 60_000), 'UTC', NOW)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3_600_000), 'UTC', NOW)).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3_600_000), 'UTC', NOW)).toBe('yesterday');
    expect(formatRelative(ago(4 * 86_400_000), 'UTC', NOW)).toBe('4 days ago');
  });

  it('gives the date from a week on, in the zone', () => {
    expect(formatRelative('2030-02-01T23:30:00.000Z', 'Asia/Tokyo', NOW)).toMatch(/^Feb 2, 8:30\sAM$/);
  });
});

describe('formatDuration', () => {
  it.each([
    [59, '0 minutes'],
    [60, '1 minute'],
    [125 * 60, '2 hours'],
    [3600, '1 hour'],
    [50 * 3600, '2 days'],
  ])('%i seconds read %j', (seconds, words) => {
    expect(formatDuration(seconds)).toBe(words);
  });
});

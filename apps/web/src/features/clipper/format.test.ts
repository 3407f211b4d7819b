import { describe, expect, it } from 'vitest';
import { formatBytes, formatClipTime, formatExpiry, formatScore } from './format';

describe('formatClipTime', () => {
  it('shows seconds with one decimal under a minute', () => {
    expect(formatClipTime(0)).toBe('0.0s');
    expect(formatClipTime(12.5)).toBe('12.5s');
    expect(formatClipTime(12.54)).toBe('12.5s');
    expect(formatClipTime(30)).toBe('30.0s');
    expect(formatClipTime(59.9)).toBe('59.9s');
  });

  it('shows minutes and two-digit seconds from a minute on', () => {
    expect(formatClipTime(60)).toBe('1m 00s');
    expect(formatClipTime(65)).toBe('1m 05s');
    expect(formatClipTime(65.4)).toBe('1m 05s');
    expect(formatClipTime(119.6)).toBe('2m 00s');
    expect(formatClipTime(754)).toBe('12m 34s');
    expect(formatClipTime(3725)).toBe('62m 05s');
  });

  it('does not show 60.0s for times just under a minute', () => {
    expect(formatClipTime(59.96)).toBe('1m 00s');
  });

  it('shows nonsense as zero', () => {
    expect(formatClipTime(-3)).toBe('0.0s');
    expect(formatClipTime(Number.NaN)).toBe('0.0s');
    expect(formatClipTime(Number.POSITIVE_INFINITY)).toBe('0.0s');
  });
});

describe('formatBytes', () => {
  it('uses the largest fitting unit with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(40.1 * 1024 * 1024)).toBe('40.1 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});

describe('formatExpiry', () => {
  it('rounds to hours, minutes, or less than a minute', () => {
    expect(formatExpiry(7200)).toBe('about 2 hours');
    expect(formatExpiry(3600)).toBe('about 1 hour');
    expect(formatExpiry(2700)).toBe('about 45 minutes');
    expect(formatExpiry(60)).toBe('about 1 minute');
    expect(formatExpiry(10)).toBe('less than a minute');
  });
});

describe('formatScore', () => {
  it('keeps at most one decimal within 0..10', () => {
    expect(formatScore(8)).toBe('8');
    expect(formatScore(7.46)).toBe('7.5');
    expect(formatScore(12)).toBe('10');
    expect(formatScore(-1)).toBe('0');
  });
});

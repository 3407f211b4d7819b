import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextUpdatedAt } from './draft-row.ts';

describe('nextUpdatedAt: every change gives a draft a version it never had', () => {
  afterEach(() => vi.useRealTimers());

  it('is now when the clock has moved on', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T10:00:00.500Z') });
    expect(nextUpdatedAt('2030-01-01T10:00:00.000Z')).toBe('2030-01-01T10:00:00.500Z');
  });

  it('is a millisecond past the last change made within the same millisecond (or ahead of this clock)', () => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T10:00:00.000Z') });
    expect(nextUpdatedAt('2030-01-01T10:00:00.000Z')).toBe('2030-01-01T10:00:00.001Z');
    expect(nextUpdatedAt('2030-01-01T10:00:05.000Z')).toBe('2030-01-01T10:00:05.001Z');
  });
});

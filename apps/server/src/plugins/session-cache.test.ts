import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

/** A cache on a clock the test moves by hand. */
function cacheAt(ttlMs: number) {
  const clock = { now: 1_000_000 };
  return { clock, cache: createSessionCache<string>(ttlMs, () => clock.now) };
}

describe('createSessionCache', () => {
  it('keeps a token for the time to live, then forgets it', () => {
    const { clock, cache } = cacheAt(5000);
    cache.set('cookie-a', 'token-a', Infinity);
    clock.now += 4999;
    expect(cache.get('cookie-a')).toBe('token-a');
    clock.now += 1;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('never keeps a token past the session expiry', () => {
    const { clock, cache } = cacheAt(5000);
    cache.set('cookie-a', 'token-a', clock.now + 1000);
    clock.now += 1000;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('forgets a deleted token, and keeps nothing when the time to live is 0', () => {
    const { cache } = cacheAt(5000);
    cache.set('cookie-a', 'token-a', Infinity);
    cache.delete('cookie-a');
    expect(cache.get('cookie-a')).toBeUndefined();
    const off = cacheAt(0).cache;
    off.set('cookie-a', 'token-a', Infinity);
    expect(off.get('cookie-a')).toBeUndefined();
  });
});

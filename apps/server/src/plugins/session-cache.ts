/**
 * A short-lived map from the exact credentials of a request (its cookie and authorization headers)
 * to the session token Better Auth found for them. A hit spares Better Auth's session look-up (its
 * endpoint pipeline and the cookie signature check). The session and its user are read again from
 * the database unless, on SQLite, nothing at all has changed since they were (ADR 048), so sign-out,
 * revocation and role changes take effect at once. NOTE: ADR 043.
 */
export interface SessionCache<T> {
  get(key: string): T | undefined;
  /** Keeps the value until the earlier of now + time to live and `validUntil` (the session's own expiry). */
  set(key: string, value: T, validUntil: number): void;
  delete(key: string): void;
}

/** Enough for every signed-in browser of a busy instance; beyond it the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export function createSessionCache<T>(ttlMs: number, now: () => number = Date.now): SessionCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, validUntil) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES && !entries.has(key)) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, until: Math.min(now() + ttlMs, validUntil) });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}

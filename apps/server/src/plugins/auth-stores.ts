import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Better Auth keeps its request state in AsyncLocalStorage stores. On Node 20 an enabled store hooks
 * every promise the process creates, which cost a tenth to a fifth of a simple request's time, and
 * a store once used stays enabled for good (docs/performance.md). Its stores are read only inside its own calls,
 * so they are disabled whenever none of those calls is running: the next call's run() enables them
 * again. NOTE: the global and the store names are Better Auth's (1.7); session-cache.test.ts
 * (integration) fails when they change.
 */
const STORE_NAMES = ['adapterAsyncStorage', 'requestStateAsyncStorage', 'endpointContextAsyncStorage'] as const;

export function listAuthStores(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, AsyncLocalStorage<unknown> | undefined> }>)[
    Symbol.for('better-auth:global')
  ];
  return STORE_NAMES.flatMap((name) => global?.context?.[name] ?? []);
}

/** Runs Better Auth calls through `run`, and disables its stores when the last one running has ended. */
export function createAuthCallTracker() {
  let running = 0;
  return async function run<T>(call: () => Promise<T>): Promise<T> {
    running++;
    try {
      return await call();
    } finally {
      if (--running === 0) for (const store of listAuthStores()) store.disable();
    }
  };
}

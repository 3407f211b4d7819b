import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCallTracker, listAuthStores } from './auth-stores.ts';

const GLOBAL = Symbol.for('better-auth:global');
const globals = globalThis as Record<symbol, unknown>;

describe('Better Auth store tracking', () => {
  const saved = globals[GLOBAL];
  afterEach(() => {
    globals[GLOBAL] = saved;
  });

  it('disables the stores when the last running call ends, not before', async () => {
    const store = new AsyncLocalStorage<string>();
    globals[GLOBAL] = { context: { requestStateAsyncStorage: store } };
    const run = createAuthCallTracker();
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const first = run(() =>
      store.run('first', async () => {
        await gate;
        return store.getStore();
      }),
    );
    // A second call ends while the first still runs: the first keeps its state.
    await run(async () => store.run('second', async () => store.getStore()));
    openGate();
    expect(await first).toBe('first');
    expect(listAuthStores()).toEqual([store]);
    expect((store as unknown as { enabled: boolean }).enabled).toBe(false);
    // The next call's run() enables it again.
    expect(await run(async () => store.run('third', async () => store.getStore()))).toBe('third');
  });

  it('disables them after a failed call too, and passes the failure on', async () => {
    const store = new AsyncLocalStorage<string>();
    globals[GLOBAL] = { context: { adapterAsyncStorage: store } };
    const run = createAuthCallTracker();
    await expect(run(() => store.run('x', async () => Promise.reject(new Error('refused'))))).rejects.toThrow('refused');
    expect((store as unknown as { enabled: boolean }).enabled).toBe(false);
  });
});

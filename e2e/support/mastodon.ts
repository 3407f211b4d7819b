import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 30_000;

/** A status as the fake Mastodon stores it. */
export interface MastodonStatus {
  id: string;
  text: string;
  visibility: string;
  favourites: number;
  reblogs: number;
  replies: number;
}

export interface MastodonFakeProcess {
  /** The server's address (http://127.0.0.1:port), what a user types as their Mastodon server. */
  url: string;
  /** What points the app at it. */
  env: Record<string, string>;
  account: { id: string; username: string };
  status(id: string): Promise<MastodonStatus | null>;
  /** Other people liking or boosting a status. */
  like(id: string, count: number): Promise<void>;
  boost(id: string, count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The server's fake Mastodon (apps/server/test/networks/mastodon-fake.ts) in a process of its own,
 * driven through its CLI's calls on standard input. Not imported here: the journeys' type check
 * includes the browser's DOM types, which the fake's Node-typed request bodies do not meet.
 */
export async function startMastodonFakeProcess(): Promise<MastodonFakeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/networks/mastodon-fake-cli.ts'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const answers = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;

  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const { id, result, error } = JSON.parse(line) as { id: number; result?: unknown; error?: string };
      const answer = answers.get(id);
      answers.delete(id);
      if (error === undefined) answer?.resolve(result);
      else answer?.reject(new Error(`The fake Mastodon: ${error}`));
    });
    void exited.then((code) => reject(new Error(`The fake Mastodon stopped (exit ${code}) before it listened.`)));
    setTimeout(() => reject(new Error(`The fake Mastodon did not listen within ${READY_TIMEOUT_MS} ms.`)), READY_TIMEOUT_MS).unref();
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  const call = <T>(name: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      answers.set(id, { resolve: resolve as (result: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ id, call: name, args })}\n`);
    });

  return {
    url,
    env: await call<Record<string, string>>('env'),
    account: await call<{ id: string; username: string }>('account'),
    status: (id) => call<MastodonStatus | null>('status', id),
    like: (id, count) => call('like', id, count),
    boost: (id, count) => call('boost', id, count),
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

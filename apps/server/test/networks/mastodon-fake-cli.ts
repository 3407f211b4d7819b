/**
 * The fake Mastodon as a process of its own, for Playwright: `PORT=4010 npx tsx
 * apps/server/test/networks/mastodon-fake-cli.ts` prints its address once it listens (PORT unset
 * or 0 takes a free port) and stops on SIGINT or SIGTERM, or when its standard input closes (so a
 * test run that dies never leaves it running).
 *
 * Calls come in on standard input, one JSON line each ({"id": 1, "call": "like", "args":
 * ["<status id>", 3]}), and are answered on standard output, one JSON line each ({"id": 1,
 * "result": …} or {"id": 1, "error": "…"}): like, boost and reply (what other people do to a
 * status), status (a status as stored, or null), account and env (the fake's account, and what
 * points the app at it).
 */
import { createInterface } from 'node:readline';
import { startMastodonFake } from './mastodon-fake.ts';

const port = Number(process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}".`);
const fake = await startMastodonFake({ port });
console.log(fake.url);

const calls: Record<string, (...args: never[]) => unknown> = {
  like: fake.like,
  boost: fake.boost,
  reply: fake.reply,
  status: (id: string) => fake.statuses.get(id) ?? null,
  account: () => fake.account,
  env: () => fake.env,
};

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let id: unknown = null;
  try {
    const request = JSON.parse(line) as { id?: unknown; call?: string; args?: unknown[] };
    id = request.id ?? null;
    const call = calls[request.call ?? ''];
    if (!call) throw new Error(`No call "${request.call}"; there are ${Object.keys(calls).join(', ')}.`);
    console.log(JSON.stringify({ id, result: call(...((request.args ?? []) as never[])) ?? null }));
  } catch (error) {
    console.log(JSON.stringify({ id, error: error instanceof Error ? error.message : String(error) }));
  }
});

const stop = () => void fake.close().then(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
process.stdin.once('end', stop);

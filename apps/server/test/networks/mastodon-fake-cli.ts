/**
 * The fake Mastodon as a process of its own, for Playwright: `PORT=4010 npx tsx
 * apps/server/test/networks/mastodon-fake-cli.ts` prints its address once it listens (PORT unset
 * or 0 takes a free port) and stops on SIGINT or SIGTERM.
 */
import { startMastodonFake } from './mastodon-fake.ts';

const port = Number(process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}".`);
const fake = await startMastodonFake({ port });
console.log(fake.url);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}

// One scheduler process for the scheduler benchmark: the app's PostScheduler, as `npm run worker`
// runs it, on the benchmark's PostgreSQL database, publishing through a fake network that answers
// every post in FAKE_NETWORK_MS. Stops on SIGTERM.
import { pino } from 'pino';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import type { ChannelPublisher } from '../../apps/server/src/modules/publishing/channel-publisher.ts';
import { PostScheduler } from '../../apps/server/src/modules/publishing/post-scheduler.ts';

const [url, answerMs] = [process.env.DATABASE_URL!, Number(process.env.FAKE_NETWORK_MS ?? 50)];
const database = openDatabase({ kind: 'postgres', url });
const network: ChannelPublisher = {
  network: 'benchnet',
  connectionId: null,
  publish: async (draft) => {
    await new Promise((resolve) => setTimeout(resolve, answerMs));
    return { externalId: draft.id, url: `https://benchnet.example/${draft.id}` };
  },
};
const scheduler = new PostScheduler({
  db: database.db,
  kind: database.kind,
  log: pino({ level: 'warn' }),
  publisherFor: async () => network,
  pollMs: Number(process.env.JOB_POLL_MS ?? 1000),
  retryBaseMs: 30_000,
});
scheduler.start();
process.send?.('ready');
process.on('SIGTERM', async () => {
  await scheduler.stop();
  await database.close();
  process.exit(0);
});

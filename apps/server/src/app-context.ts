import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
import { JobRunner } from './lib/jobs/job-queue.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createNetworkAdapters, type NetworkAdapters } from './modules/networks/network-adapters.ts';
import { CLIP_JOB, CLIP_PURGE_JOB, purgeClipJob, runClipJob } from './modules/clipper/run-clip-job.ts';
import { publishToNetworks } from './modules/publishing/publish-to-network.ts';
import { secretBoxFor } from './lib/secret-box.ts';
import { resolveAuthSecret } from './lib/auth-secret.ts';
import { PostScheduler } from './modules/publishing/post-scheduler.ts';
import { ChannelUpkeep } from './modules/publishing/channel-upkeep.ts';
import { syncFounderRoles } from './modules/users/set-user-role.ts';
import { deliverWebhook, WEBHOOK_JOB } from './modules/webhooks/deliver-webhook.ts';
import { createAuth, type Auth } from './plugins/auth.ts';

/** What route modules, jobs and the CLI share; passed explicitly, no globals. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  files: FileStore;
  jobs: JobRunner;
  /** Publishes due posts; runs wherever the job runner runs. */
  scheduler: PostScheduler;
  /** The networks' publishing APIs, by provider. */
  networks: NetworkAdapters;
}

/**
 * Opens and migrates the database and builds the services, with every job type registered on the
 * runner (not started). The HTTP app and the worker process (`npm run worker`) both start here.
 */
export async function createAppContext(config: AppConfig, log: FastifyBaseLogger, databaseTarget?: DatabaseTarget): Promise<AppContext> {
  const database = openDatabase(databaseTarget ?? config.database);
  await migrateToLatest(database);
  await syncFounderRoles(database.db, config.FOUNDER_EMAIL);

  const mailer = createMailer(config, log);
  const files = createFileStore(config);
  const networks = createNetworkAdapters(config);
  const channelDeps = { config, db: database.db, box: secretBoxFor(config), mailer, log, adapters: networks };
  const scheduler = new PostScheduler({
    db: database.db,
    kind: database.kind,
    log,
    publisherFor: publishToNetworks({ ...channelDeps, files, secret: resolveAuthSecret(config) }),
    pollMs: config.JOB_POLL_MS,
    retryBaseMs: config.PUBLISH_RETRY_BASE_MS,
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth: createAuth(config, database, mailer),
    mailer,
    files,
    jobs: new JobRunner({
      db: database.db,
      kind: database.kind,
      log,
      pollMs: config.JOB_POLL_MS,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    }),
    scheduler,
    networks,
  };
  ctx.jobs.attach(scheduler);
  ctx.jobs.attach(new ChannelUpkeep(channelDeps, config.CHANNEL_UPKEEP_MS));
  ctx.jobs.register(WEBHOOK_JOB, (payload, job) => deliverWebhook(ctx.db, config.WEBHOOK_ALLOW_PRIVATE, payload, job));
  // Renders take minutes: their own lane, so deliveries and publishes never wait behind one.
  ctx.jobs.register(CLIP_JOB, (payload, job) => runClipJob(ctx, payload, job), { lane: 'clipper' });
  ctx.jobs.register(CLIP_PURGE_JOB, (payload) => purgeClipJob(ctx, payload));
  return ctx;
}

/** Stops the job runner (the job in hand is asked to stop and handed back), then closes the database. */
export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop();
  await ctx.database.close();
}

import { closeAppContext, createAppContext } from './app-context.ts';
import { loadConfigOrExit } from './config.ts';
import { createLogger } from './lib/logger.ts';

/** The job in hand is asked to stop and handed back; past this the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * `npm run worker`: runs queued jobs (clips above all) without serving HTTP. Start any number of
 * them on the same PostgreSQL database and S3 bucket as the app instances (RUN_JOBS=false there);
 * with files on the disk, they share the data directory instead.
 */
async function main() {
  const config = loadConfigOrExit();
  const log = createLogger(config);
  if (config.database.kind === 'sqlite') {
    log.warn(`worker on SQLite: it must run on the same machine as the app${config.S3_BUCKET ? '' : ', with the same DATA_DIR'}`);
  }
  const ctx = await createAppContext(config, log);
  ctx.jobs.start();
  // The runner's timers don't hold a process open (the server's socket does that); here this one does.
  const keepAlive = setInterval(() => {}, 60_000);
  log.info('worker started');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(keepAlive);
    log.info(`${signal} received, stopping the worker`);
    setTimeout(() => {
      log.error('worker shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    closeAppContext(ctx).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while stopping the worker');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * A request still open this long after the signal (a stream that does not end by itself) has its
 * connection closed, so that the job runner still stops (killing a clip job's ffmpeg) and the
 * database closes before the deadline, instead of the process being cut off at it.
 */
const FORCE_CLOSE_AFTER_MS = 7_000;

async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });

  // In-flight requests finish, idle keep-alive sockets close, then onClose hooks close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    const force = setTimeout(() => {
      app.log.warn(`requests still open ${FORCE_CLOSE_AFTER_MS} ms after ${signal}: closing their connections`);
      app.server.closeAllConnections();
    }, FORCE_CLOSE_AFTER_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

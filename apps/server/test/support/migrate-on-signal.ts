// A child process for migrate-together.test.ts: opens the database, says "ready", and migrates
// when a line arrives on stdin, so that several start their migrations at the same moment.
import { openDatabase, type DatabaseTarget } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const database = openDatabase(JSON.parse(process.env.MIGRATE_TARGET ?? '') as DatabaseTarget);
process.stdin.once('data', () => {
  process.stdin.destroy();
  migrateToLatest(database)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(() => database.close());
});
process.stdout.write('ready\n');

import { ConfigError, loadConfig, loadEnvFileIfPresent } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { HttpError } from './lib/http-error.ts';
import { setUserRole } from './modules/users/set-user-role.ts';

const USAGE = `Usage:
  npm run cli -- role <email> <client|manager|admin|founder>   set an account's role`;

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'role' || rest.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  loadEnvFileIfPresent();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const role = await setUserRole(database.db, rest[0], rest[1]);
    console.log(`${rest[0]} is now ${role}`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof HttpError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);

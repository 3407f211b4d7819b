import path from 'node:path';
import { ConfigError, loadConfig, loadEnvFileIfPresent, type AppConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { HttpError } from './lib/http-error.ts';
import { BackupError, type BackupManifest } from './modules/backup/backup-manifest.ts';
import { createBackup } from './modules/backup/create-backup.ts';
import { restoreBackup } from './modules/backup/restore-backup.ts';
import { setUserRole } from './modules/users/set-user-role.ts';

const USAGE = `Usage:
  npm run cli -- role <email> <client|manager|admin|founder>   set an account's role
  npm run backup [-- <folder>]                                 online backup of the database and DATA_DIR's files
  npm run restore -- <folder> [--force]                        restore a backup (server stopped; fresh DATA_DIR)`;

/** A folder name that sorts by time: hookline-backup-20250101-120000. */
const defaultBackupFolder = () =>
  `hookline-backup-${new Date()
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')}`;

function describe(manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return (
    `${manifest.database}, ${Object.keys(manifest.tables).length} tables, ${rows} rows; ` +
    `${manifest.files.count} files (${manifest.files.bytes} bytes)${manifest.authSecret ? ', the auth secret' : ''}`
  );
}

async function role(config: AppConfig, email: string, name: string) {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    console.log(`${email} is now ${await setUserRole(database.db, email, name)}`);
  } finally {
    await database.close();
  }
}

async function backup(config: AppConfig, folder = defaultBackupFolder()) {
  const dir = path.resolve(folder);
  const started = performance.now();
  const manifest = await createBackup(config, dir);
  console.log(`Backup written to ${dir} in ${Math.round(performance.now() - started)} ms: ${describe(manifest)}`);
}

async function restore(config: AppConfig, folder: string, force: boolean) {
  const dir = path.resolve(folder);
  const started = performance.now();
  const manifest = await restoreBackup(config, dir, { force });
  console.log(`Restored ${dir} (taken ${manifest.createdAt}) in ${Math.round(performance.now() - started)} ms: ${describe(manifest)}`);
  if (config.AUTH_SECRET)
    console.log('AUTH_SECRET is set: sessions and links from the backup hold only if it is the secret the backed-up server used.');
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const operands = rest.filter((arg) => arg !== '--force');
  const commands: Record<string, { valid: boolean; run: (config: AppConfig) => Promise<void> }> = {
    role: { valid: rest.length === 2, run: (config) => role(config, rest[0], rest[1]) },
    backup: { valid: rest.length <= 1, run: (config) => backup(config, rest[0]) },
    restore: { valid: operands.length === 1, run: (config) => restore(config, operands[0], force) },
  };
  const chosen = Object.hasOwn(commands, command ?? '') ? commands[command] : undefined;
  if (!chosen?.valid) {
    console.error(USAGE);
    return 2;
  }
  loadEnvFileIfPresent();
  await chosen.run(loadConfig());
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof HttpError || error instanceof ConfigError || error instanceof BackupError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);

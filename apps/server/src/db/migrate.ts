import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { authMigration } from './migrations/001-auth.ts';
import { workspacesAndRequestsMigration } from './migrations/002-workspaces-and-requests.ts';

/** Migrations are code (bundled with the server), applied in name order at start-up. */
function listMigrations(kind: DatabaseHandle['kind']): Record<string, Migration> {
  return {
    '001-auth': authMigration(kind),
    '002-workspaces-and-requests': workspacesAndRequestsMigration,
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => listMigrations(handle.kind) };
  const { error, results } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
}

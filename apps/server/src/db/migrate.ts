import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { authMigration } from './migrations/001-auth.ts';
import { workspacesAndRequestsMigration } from './migrations/002-workspaces-and-requests.ts';
import { adminConsoleMigration } from './migrations/003-admin-console.ts';
import { jobsAndWebhooksMigration } from './migrations/004-jobs-and-webhooks.ts';
import { clientDashboardMigration } from './migrations/005-client-dashboard.ts';
import { clipperJobsMigration } from './migrations/006-clipper-jobs.ts';
import { listIndexesMigration } from './migrations/007-list-indexes.ts';
import { clientSearchMigration } from './migrations/008-client-search.ts';
import { invitationsMigration } from './migrations/009-invitations.ts';
import { accountSafetyMigration } from './migrations/010-account-safety.ts';
import { clipJobWorkspaceMigration } from './migrations/011-clip-job-workspace.ts';
import { reviewAndMembersMigration } from './migrations/012-review-and-members.ts';
import { schedulingMigration } from './migrations/013-scheduling.ts';
import { networksMigration } from './migrations/014-networks.ts';
import { agencySizeIndexesMigration } from './migrations/015-agency-size-indexes.ts';
import { attachmentSizeMigration } from './migrations/016-attachment-size.ts';
import { agencyReadIndexesMigration } from './migrations/017-agency-read-indexes.ts';

async function currentSchema(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  return rows[0].schema;
}

/** Migrations are code (bundled with the server), applied in name order at start-up. */
function listMigrations(kind: DatabaseHandle['kind']): Record<string, Migration> {
  return {
    '001-auth': authMigration(kind),
    '002-workspaces-and-requests': workspacesAndRequestsMigration,
    '003-admin-console': adminConsoleMigration,
    '004-jobs-and-webhooks': jobsAndWebhooksMigration,
    '005-client-dashboard': clientDashboardMigration,
    '006-clipper-jobs': clipperJobsMigration,
    '007-list-indexes': listIndexesMigration,
    '008-client-search': clientSearchMigration(kind),
    '009-invitations': invitationsMigration,
    '010-account-safety': accountSafetyMigration,
    '011-clip-job-workspace': clipJobWorkspaceMigration,
    '012-review-and-members': reviewAndMembersMigration,
    '013-scheduling': schedulingMigration,
    '014-networks': networksMigration,
    '015-agency-size-indexes': agencySizeIndexesMigration,
    '016-attachment-size': attachmentSizeMigration(kind),
    '017-agency-read-indexes': agencyReadIndexesMigration,
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => listMigrations(handle.kind) };
  // NOTE: on PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which
  // one; another schema's copy (another app, or a parallel test) would make it skip creating ours.
  const migrationTableSchema = handle.kind === 'postgres' ? await currentSchema(handle) : undefined;
  const { error, results } = await new Migrator({ db: handle.db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
}

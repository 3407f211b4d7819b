import type { Kysely } from 'kysely';

/** Drafts, channel connections and workspace preferences for the client dashboard (issue 4). */
export const clientDashboardMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('workspace').addColumn('timeZone', 'text').execute();
    await db.schema.alterTable('workspace').addColumn('cadence', 'text').execute();
    await db.schema
      .createTable('draft')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scheduledAt', 'text')
      .addColumn('publishedAt', 'text')
      .addColumn('mediaKey', 'text')
      .addColumn('mediaType', 'text')
      .addColumn('mediaName', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_workspace_created_idx').on('draft').columns(['workspaceId', 'createdAt']).execute();
    await db.schema
      .createTable('socialConnection')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('accountId', 'text', (c) => c.notNull())
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('accessToken', 'text', (c) => c.notNull())
      .addColumn('refreshToken', 'text')
      .addColumn('expiresAt', 'text')
      .addColumn('scope', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('lastError', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('social_connection_account_uq', ['workspaceId', 'provider', 'accountId'])
      .execute();
  },
};

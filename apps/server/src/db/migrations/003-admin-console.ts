import type { Kysely } from 'kysely';

/** Plans, managers, settings and Airtable ids for the staff console (issue 3). */
export const adminConsoleMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('workspace')
      .addColumn('plan', 'text', (c) => c.notNull().defaultTo('self_serve'))
      .execute();
    await db.schema.alterTable('workspace').addColumn('planMonthlyUsd', 'integer').execute();
    await db.schema.createIndex('workspace_name_idx').on('workspace').column('name').execute();
    await db.schema.createIndex('workspace_status_idx').on('workspace').column('status').execute();
    await db.schema
      .createTable('workspaceManager')
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('workspace_manager_pk', ['workspaceId', 'email'])
      .execute();
    await db.schema.alterTable('onboardingRecord').addColumn('airtableRecordId', 'text').execute();
    await db.schema.createIndex('request_status_idx').on('request').column('status').execute();
    await db.schema
      .createTable('setting')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
  },
};

import type { Kysely } from 'kysely';

export const workspacesAndRequestsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspace')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('ownerEmail', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('onboardingRecord')
      .addColumn('workspaceId', 'text', (c) => c.primaryKey().references('workspace.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('request')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.references('workspace.id').onDelete('set null'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('requester', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('request_created_at_idx').on('request').column('createdAt').execute();
    await db.schema
      .createTable('timelineEntry')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subjectType', 'text', (c) => c.notNull())
      .addColumn('subjectId', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('who', 'text', (c) => c.notNull())
      .addColumn('ts', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('timeline_entry_subject_idx').on('timelineEntry').columns(['subjectType', 'subjectId', 'ts']).execute();
  },
};

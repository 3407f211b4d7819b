import type { Kysely } from 'kysely';

/** Video clipper jobs: parameters, progress, result, and when everything is purged. */
export const clipperJobsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('clipJob')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('detail', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addColumn('finishedAt', 'text')
      .addColumn('expiresAt', 'text')
      .execute();
    await db.schema.createIndex('clip_job_expires_idx').on('clipJob').column('expiresAt').execute();
  },
};

import type { Kysely } from 'kysely';

/**
 * Indexes for reads at agency size (issue 18). The agency calendar across all clients picks its
 * first posts of a month (thousands match) from the two time indexes alone when they also hold what
 * it sorts and filters by: id, workspace and scheduled time. Read through the table instead, every
 * matching post's row was visited for them.
 * - draft (status, scheduledAt, id, workspaceId) replaces draft_due_idx (status, scheduledAt), its
 *   prefix, which the scheduler's due posts keep using.
 * - draft (status, publishedAt, workspaceId, scheduledAt, id) replaces (status, publishedAt,
 *   workspaceId), its prefix, which the console overview's published counts keep using.
 * - draft (connectionId, status, publishedAt): the metrics pass finds the recent posts of connected
 *   accounts from the accounts; it read every post published in the last 30 days before (a fifth
 *   of a second of the event loop a minute on a cold cache).
 */
export const agencyReadIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('draft_status_scheduled_idx').on('draft').columns(['status', 'scheduledAt', 'id', 'workspaceId']).execute();
    await db.schema.dropIndex('draft_due_idx').execute();
    await db.schema
      .createIndex('draft_status_published_covering_idx')
      .on('draft')
      .columns(['status', 'publishedAt', 'workspaceId', 'scheduledAt', 'id'])
      .execute();
    await db.schema.dropIndex('draft_status_published_idx').execute();
    await db.schema.createIndex('draft_connection_published_idx').on('draft').columns(['connectionId', 'status', 'publishedAt']).execute();
  },
};

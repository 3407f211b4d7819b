import type { Kysely } from 'kysely';

/**
 * Indexes for reads that slowed down at agency size (issue 18: 10,000 clients, 200,000 drafts,
 * 50,000 requests and their timelines; docs/performance.md):
 * - draft (status, publishedAt, workspaceId): the calendar across clients finds posts published
 *   in a range beside those scheduled in it (draft_due_idx), and the console overview counts each
 *   client's posts published since a day from the index alone; both read every published post
 *   through the status alone before.
 * - draft (workspaceId, status, scheduledAt) replaces (workspaceId, scheduledAt): a workspace's
 *   drafts of some statuses (its calendar, the console's drafts by state, the next free posting
 *   slot) are found by both. SQLite keeps no statistics here, so it cannot tell that a status
 *   matches thousands of drafts and a workspace dozens: an index on the status alone would win
 *   over one on the workspace alone for "this workspace's drafts of this status".
 * - timelineEntry (ts): the overview's activity per day and its latest entries, which read the
 *   whole timeline before.
 * - request (status, createdAt, id, workspaceId): the request inbox reads a page of one status in
 *   its order instead of sorting every request of that status, and counts a manager's (and the
 *   overview their open ones) from the index alone; it replaces request_status_idx, its prefix.
 * - workspaceManager (email): a manager's assignments, where the console starts from them.
 */
export const agencySizeIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('draft_status_published_idx').on('draft').columns(['status', 'publishedAt', 'workspaceId']).execute();
    await db.schema
      .createIndex('draft_workspace_status_scheduled_idx')
      .on('draft')
      .columns(['workspaceId', 'status', 'scheduledAt'])
      .execute();
    await db.schema.dropIndex('draft_workspace_scheduled_idx').execute();
    await db.schema.createIndex('timeline_entry_ts_idx').on('timelineEntry').column('ts').execute();
    await db.schema.createIndex('request_status_created_idx').on('request').columns(['status', 'createdAt', 'id', 'workspaceId']).execute();
    await db.schema.dropIndex('request_status_idx').execute();
    await db.schema.createIndex('workspace_manager_email_idx').on('workspaceManager').column('email').execute();
  },
};

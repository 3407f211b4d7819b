import { sql, type Kysely } from 'kysely';

/**
 * Scheduling, posting slots and API keys (issue 15):
 * - draft: the scheduler claims a due draft by a lease (publishLease, leaseUntil) so exactly one
 *   runner publishes it; publishAttempts counts tries; failureReason keeps the last error (of a
 *   failed post, or of a temporary failure being retried); lateSeconds how late it went out;
 *   publishedTo 'hookline' (no network connected) or the network; postUrl the network's link.
 *   Statuses gain 'failed' and 'held' (a post that fell due long ago, waiting for a person).
 * - workspace.holdLateMinutes: null publishes overdue posts at the next start; N holds those
 *   more than N minutes late.
 * - postingSlot: weekly slots (ISO weekday 1–7, 'HH:MM') in the workspace's time zone.
 * - apiKey: keys for automation, scoped to one workspace, stored as SHA-256.
 * The simulated publish job ('draft.publish') is gone: publishing drafts are claimed directly.
 */
const HELD_AT_UPGRADE =
  'It was queued before Hookline published posts at their time, and its time has passed. Publish it now, or choose a new time.';

export const schedulingMigration = {
  async up(db: Kysely<unknown>) {
    for (const [column, type] of [
      ['publishLease', 'text'],
      ['leaseUntil', 'text'],
      ['failureReason', 'text'],
      ['lateSeconds', 'integer'],
      ['publishedTo', 'text'],
      ['postUrl', 'text'],
    ] as const) {
      await db.schema.alterTable('draft').addColumn(column, type).execute();
    }
    await db.schema
      .alterTable('draft')
      .addColumn('publishAttempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The scheduler's claim: due queued drafts and publishing drafts whose lease ran out.
    await db.schema.createIndex('draft_due_idx').on('draft').columns(['status', 'scheduledAt']).execute();
    // Calendars: a workspace's posts by time.
    await db.schema.createIndex('draft_workspace_scheduled_idx').on('draft').columns(['workspaceId', 'scheduledAt']).execute();
    // Calendars across clients find published posts by when they went out.
    await db.schema.createIndex('draft_published_idx').on('draft').column('publishedAt').execute();
    // The simulated publish jobs are gone: a post they were to finish is due now, by its own row.
    await sql`delete from job where type = 'draft.publish'`.execute(db);
    await sql`update draft set "scheduledAt" = coalesce("scheduledAt", "updatedAt") where status = 'publishing'`.execute(db);
    // Queue used to publish nothing: posts it left in the past would all go out at the first start.
    // They wait for a person instead.
    await sql`update draft set status = 'held', "failureReason" = ${HELD_AT_UPGRADE} where status = 'queued' and "scheduledAt" < ${new Date().toISOString()}`.execute(
      db,
    );

    await db.schema.alterTable('workspace').addColumn('holdLateMinutes', 'integer').execute();

    await db.schema
      .createTable('postingSlot')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('weekday', 'integer', (c) => c.notNull())
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('posting_slot_workspace_idx')
      .on('postingSlot')
      .columns(['workspaceId', 'weekday', 'time'])
      .unique()
      .execute();

    await db.schema
      .createTable('apiKey')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('lastUsedAt', 'text')
      .addColumn('revokedAt', 'text')
      .execute();
    await db.schema.createIndex('api_key_workspace_idx').on('apiKey').columns(['workspaceId', 'createdAt']).execute();
  },
};

import type { Kysely } from 'kysely';

/** The in-database job queue and the webhook delivery log. */
export const jobsAndWebhooksMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('maxAttempts', 'integer', (c) => c.notNull())
      .addColumn('runAt', 'text', (c) => c.notNull())
      .addColumn('lockedUntil', 'text')
      .addColumn('lastError', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'runAt']).execute();
    await db.schema
      .createTable('webhookDelivery')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('eventId', 'text', (c) => c.notNull())
      .addColumn('eventType', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('responseStatus', 'integer')
      .addColumn('error', 'text')
      .addColumn('ts', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_delivery_ts_idx').on('webhookDelivery').column('ts').execute();
  },
};

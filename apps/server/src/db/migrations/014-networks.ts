import { sql, type Kysely } from 'kysely';

/**
 * Publishing to the networks (issue 16):
 * - socialConnection.accountId of LinkedIn members becomes their URN (urn:li:person:…).
 * - socialConnection.instanceUrl: the Mastodon instance or Bluesky service of the account;
 *   reauthMailedAt: when the owner was last mailed to reconnect it (once per breakage);
 *   refreshLeaseUntil: one runner renews a channel's tokens at a time (X rotates refresh tokens:
 *   a second renewal with the same one would be refused and look like a revoked channel).
 * - networkApp: Hookline's OAuth client registered with each Mastodon instance (secret sealed).
 * - draft.connectionId: the connected account a draft goes to (null: the workspace's first of its
 *   channel); externalId: the network's id of the published post; platformError: the network's
 *   answer to a failed publish, word for word; metrics (JSON) and metricsAt: the post's figures.
 * - draft media facts read at upload (size, pixels, duration, audio) for the checks before
 *   queueing, and mediaAlt, its description.
 */
export const networksMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('socialConnection').addColumn('instanceUrl', 'text').execute();
    await db.schema.alterTable('socialConnection').addColumn('reauthMailedAt', 'text').execute();
    await db.schema.alterTable('socialConnection').addColumn('refreshLeaseUntil', 'text').execute();
    // LinkedIn members are kept by URN now (pages are urn:li:organization:…), so a reconnect finds its row.
    await sql`update "socialConnection" set "accountId" = 'urn:li:person:' || "accountId" where provider = 'linkedin' and "accountId" not like 'urn:%'`.execute(
      db,
    );
    // The refresh job looks for tokens about to expire.
    await db.schema.createIndex('social_connection_expiry_idx').on('socialConnection').columns(['status', 'expiresAt']).execute();
    for (const [column, type] of [
      ['connectionId', 'text'],
      ['externalId', 'text'],
      ['platformError', 'text'],
      ['metrics', 'text'],
      ['metricsAt', 'text'],
      // Files may be larger than 2 GiB (MEDIA_MAX_BYTES): a 32-bit integer would not hold their size.
      ['mediaSize', 'bigint'],
      ['mediaWidth', 'integer'],
      ['mediaHeight', 'integer'],
      ['mediaDuration', 'real'],
      ['mediaHasAudio', 'integer'],
    ] as const) {
      await db.schema.alterTable('draft').addColumn(column, type).execute();
    }
    await db.schema
      .alterTable('draft')
      .addColumn('mediaAlt', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // The metrics job walks published posts of the last 30 days.
    await db.schema.createIndex('draft_external_idx').on('draft').columns(['publishedAt', 'externalId']).execute();

    await db.schema
      .createTable('networkApp')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('instanceUrl', 'text', (c) => c.notNull())
      .addColumn('redirectUri', 'text', (c) => c.notNull())
      .addColumn('clientId', 'text', (c) => c.notNull())
      .addColumn('clientSecret', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addUniqueConstraint('network_app_instance_unique', ['provider', 'instanceUrl', 'redirectUri'])
      .execute();
  },
};

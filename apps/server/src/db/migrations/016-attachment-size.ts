import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * requestAttachment.size as a 64-bit integer on PostgreSQL: an attachment of 2 GiB or more (allowed
 * up to MEDIA_MAX_BYTES, 10 GiB at most) did not fit its 32-bit `integer`. SQLite's integers are
 * 64-bit already.
 */
export function attachmentSizeMigration(kind: DbKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') await sql`alter table "requestAttachment" alter column "size" type bigint`.execute(db);
    },
  };
}

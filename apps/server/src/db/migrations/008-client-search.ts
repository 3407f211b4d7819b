import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Trigram indexes for the client search (issue 6, ADR 047): a search reads its matches from an
 * index instead of testing every client's name and owner.
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive, Unicode folding) on each
 *   client's name and owner, with the list's sort keys beside them, so a search's page is sorted
 *   there without calling the JavaScript lower() per match; triggers keep it in step with
 *   `workspace`. It keeps its own copy rather than pointing at workspace's rowids, which VACUUM may
 *   renumber. (Like 007's indexes, nameKey and ownerKey hold the server's Unicode lower().)
 * - PostgreSQL: GIN trigram indexes (pg_trgm) on lower(name) and lower("ownerEmail"), which serve
 *   `lower(…) like '%term%'` as it is. Where pg_trgm is not available the search scans, as before.
 */
export function clientSearchMigration(kind: DbKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'sqlite') {
        const row = (w: string) =>
          `(id, name, "ownerEmail", "nameKey", "ownerKey", status) values (${w}.id, ${w}.name, ${w}."ownerEmail", lower(${w}.name), lower(${w}."ownerEmail"), ${w}.status)`;
        await sql`create virtual table "clientSearch" using fts5(
          id unindexed, name, "ownerEmail", "nameKey" unindexed, "ownerKey" unindexed, status unindexed, tokenize = 'trigram'
        )`.execute(db);
        await sql`insert into "clientSearch" (id, name, "ownerEmail", "nameKey", "ownerKey", status)
          select id, name, "ownerEmail", lower(name), lower("ownerEmail"), status from workspace`.execute(db);
        await sql`create trigger client_search_insert after insert on workspace begin
          insert into "clientSearch" ${sql.raw(row('new'))};
        end`.execute(db);
        await sql`create trigger client_search_update after update of id, name, "ownerEmail", status on workspace begin
          delete from "clientSearch" where id = old.id;
          insert into "clientSearch" ${sql.raw(row('new'))};
        end`.execute(db);
        await sql`create trigger client_search_delete after delete on workspace begin
          delete from "clientSearch" where id = old.id;
        end`.execute(db);
        return;
      }
      const trgm = await pgTrgmSchema(db);
      if (!trgm) return;
      const opclass = sql.raw(`"${trgm}".gin_trgm_ops`);
      await sql`create index workspace_name_trgm_idx on workspace using gin (lower("name") ${opclass})`.execute(db);
      await sql`create index workspace_owner_trgm_idx on workspace using gin (lower("ownerEmail") ${opclass})`.execute(db);
    },
  };
}

/**
 * The schema pg_trgm is installed in, installing it (into public) when the server may; null when
 * this PostgreSQL lacks it. Migrations of several schemas run one at a time (Kysely's advisory lock).
 */
async function pgTrgmSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and ((select rolsuper from pg_roles where rolname = current_user) or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(
    db,
  );
  if (!rows[0]?.ok) return null;
  // A refusal (a locked-down public schema, say) leaves the search without the index, not the server without a start.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return null;
  }
  return installed();
}

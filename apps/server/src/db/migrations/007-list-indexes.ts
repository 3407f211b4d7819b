import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the admin console's client list at 10,000 clients (issue 6, docs/performance.md).
 * The list sorts and searches on lower(…), so plain column indexes cannot serve it:
 * - one expression index per sort (name, owner, status), each ending in id, the tie-breaker, so a
 *   page is read in index order instead of sorting every client;
 * - lower(name), lower(ownerEmail), status, id: a search finds its matches (and their count) in this
 *   index alone, never reading the table (on SQLite that also spares the JavaScript lower() call per
 *   row); only the matches are then read and sorted.
 * The plain name index (003) served no query and goes. Requests get an index on workspaceId, the
 * foreign key that deleting a workspace and the empty-workspace check look up.
 * NOTE: on SQLite these index lower() as the server defines it (Unicode, db/database.ts); write to
 * the file only through the server or CLI, not through a tool whose lower() folds ASCII alone.
 */
export const listIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('workspace_name_sort_idx')
      .on('workspace')
      .expression(sql`lower("name"), "id"`)
      .execute();
    await db.schema
      .createIndex('workspace_owner_sort_idx')
      .on('workspace')
      .expression(sql`lower("ownerEmail"), "id"`)
      .execute();
    await db.schema
      .createIndex('workspace_status_sort_idx')
      .on('workspace')
      .expression(sql`lower("status"), "id"`)
      .execute();
    await db.schema
      .createIndex('workspace_search_idx')
      .on('workspace')
      .expression(sql`lower("name"), lower("ownerEmail"), "status", "id"`)
      .execute();
    await db.schema.dropIndex('workspace_name_idx').execute();
    await db.schema.createIndex('request_workspace_idx').on('request').column('workspaceId').execute();
  },
};

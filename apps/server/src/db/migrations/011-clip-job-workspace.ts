import { sql, type Kysely } from 'kysely';

/**
 * clipJob.workspaceId: the workspace a clip job was started in, so its owner and the staff allowed
 * there can follow it, whoever started it (staff work in clients' workspaces). Null for a job
 * started outside any workspace: only its starter sees it. Jobs already stored go to their
 * starter's own workspace, where there is one. workspace.ownerUserId gets the index its lookups need.
 */
export const clipJobWorkspaceMigration = {
  async up(db: Kysely<unknown>) {
    // Dashboard calls without the header look up the caller's own workspace by its owner account.
    await db.schema.createIndex('workspace_owner_user_idx').on('workspace').column('ownerUserId').execute();
    await db.schema
      .alterTable('clipJob')
      .addColumn('workspaceId', 'text', (c) => c.references('workspace.id').onDelete('set null'))
      .execute();
    await sql`update "clipJob" set "workspaceId" = (select "id" from "workspace" where "workspace"."ownerUserId" = "clipJob"."userId" limit 1)`.execute(
      db,
    );
    await db.schema.createIndex('clip_job_workspace_idx').on('clipJob').column('workspaceId').execute();
  },
};

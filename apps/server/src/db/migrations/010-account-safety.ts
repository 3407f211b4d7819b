import { sql, type Kysely } from 'kysely';

/**
 * Account safety (issue 13):
 * - workspace.ownerUserId: the account that proved it owns the workspace's address (by signing up
 *   fresh, by the verification mail, by an invitation, or by Google or Apple vouching). A workspace
 *   made for an address before anyone signed up waits with none, and no account can take it
 *   without that proof. Existing workspaces are given to the account with their owner's address.
 * - onboardingSubmission: a questionnaire that may not replace an existing record (it did not come
 *   from the workspace's signed-in owner) is kept beside its request for staff to compare and apply.
 * - signInFailure: failed password sign-ins per address, so the throttle holds across instances.
 */
export const accountSafetyMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('workspace').addColumn('ownerUserId', 'text').execute();
    await sql`update "workspace" set "ownerUserId" = (select "id" from "user" where lower("user"."email") = "workspace"."ownerEmail")`.execute(
      db,
    );
    await db.schema
      .createTable('onboardingSubmission')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('requestId', 'text', (c) => c.notNull().references('request.id').onDelete('cascade'))
      .addColumn('workspaceId', 'text', (c) => c.references('workspace.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('appliedAt', 'text')
      .addColumn('appliedBy', 'text')
      .execute();
    await db.schema.createIndex('onboarding_submission_request_idx').on('onboardingSubmission').column('requestId').execute();
    await db.schema.createIndex('onboarding_submission_workspace_idx').on('onboardingSubmission').column('workspaceId').execute();
    await db.schema
      .createTable('signInFailure')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('lockedUntil', 'text')
      .addColumn('lastFailureAt', 'text', (c) => c.notNull())
      .execute();
  },
};

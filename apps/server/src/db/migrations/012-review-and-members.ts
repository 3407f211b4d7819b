import type { Kysely } from 'kysely';

/**
 * Review, members and two-way requests (issue 14):
 * - workspaceMember: a client owner's teammates (editor: drafts and comments; approver: also
 *   approves). invitation.role says what an invitation makes: null for the owner's own invitation
 *   (staff create the workspace), 'editor' or 'approver' for a teammate.
 * - workspace.requireApproval: null follows the plan (on for managed and enterprise, off for
 *   self-serve), 0 or 1 once the owner or staff choose.
 * - draft.reviewState: null (never sent), 'in_review', 'approved', 'changes_requested'; beside
 *   the publishing status, which it does not replace. draft.requestId: the request it answers.
 * - draftComment: a draft's thread; internal comments are staff-only.
 * - reviewLink: approval without an account, for the drafts it names (a JSON list), token hashed.
 * - request.description and requestAttachment: requests clients open from the dashboard.
 * - timelineEntry.forClient: the entries a client sees on their own request (not internal notes).
 */
export const reviewAndMembersMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspaceMember')
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('workspace_member_pk', ['workspaceId', 'userId'])
      .execute();
    await db.schema.createIndex('workspace_member_user_idx').on('workspaceMember').column('userId').execute();
    await db.schema.alterTable('invitation').addColumn('role', 'text').execute();

    await db.schema.alterTable('workspace').addColumn('requireApproval', 'integer').execute();
    await db.schema.alterTable('draft').addColumn('reviewState', 'text').execute();
    await db.schema
      .alterTable('draft')
      .addColumn('requestId', 'text', (c) => c.references('request.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('draft_request_idx').on('draft').column('requestId').execute();

    await db.schema
      .createTable('draftComment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('draftId', 'text', (c) => c.notNull().references('draft.id').onDelete('cascade'))
      .addColumn('authorName', 'text', (c) => c.notNull())
      .addColumn('authorEmail', 'text')
      .addColumn('authorKind', 'text', (c) => c.notNull())
      .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_comment_draft_idx').on('draftComment').columns(['draftId', 'createdAt']).execute();

    await db.schema
      .createTable('reviewLink')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('draftIds', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('revokedAt', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('review_link_workspace_idx').on('reviewLink').column('workspaceId').execute();

    await db.schema.alterTable('request').addColumn('description', 'text').execute();
    await db.schema
      .createTable('requestAttachment')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('requestId', 'text', (c) => c.notNull().references('request.id').onDelete('cascade'))
      .addColumn('fileKey', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('contentType', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('request_attachment_request_idx').on('requestAttachment').column('requestId').execute();
    await db.schema
      .alterTable('timelineEntry')
      .addColumn('forClient', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

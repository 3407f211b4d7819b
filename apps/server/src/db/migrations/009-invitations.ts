import type { Kysely } from 'kysely';

/**
 * Invitations of a client's owner, made by staff when the owner has no account yet. Only a SHA-256
 * hash of the mailed token is kept, so a copy of the database cannot be used to accept one. Deleting
 * the workspace deletes its invitations.
 */
export const invitationsMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invitation')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('invitedBy', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('acceptedAt', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invitation_email_idx').on('invitation').column('email').execute();
    await db.schema.createIndex('invitation_workspace_idx').on('invitation').column('workspaceId').execute();
  },
};

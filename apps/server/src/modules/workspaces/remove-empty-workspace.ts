import type { Db } from '../../db/database.ts';

/**
 * A colleague made staff usually signed up first and so got a self-serve workspace; an unused one
 * (no drafts, connections, onboarding record or requests) is removed so it does not show as a client.
 */
export async function removeEmptyWorkspace(db: Db, ownerEmail: string): Promise<void> {
  const workspace = await db.selectFrom('workspace').select('id').where('ownerEmail', '=', ownerEmail.toLowerCase()).executeTakeFirst();
  if (!workspace) return;
  const used = await Promise.all(
    (['draft', 'socialConnection', 'onboardingRecord', 'request'] as const).map((table) =>
      db.selectFrom(table).select('workspaceId').where('workspaceId', '=', workspace.id).limit(1).executeTakeFirst(),
    ),
  );
  if (used.some(Boolean)) return;
  await db.deleteFrom('workspace').where('id', '=', workspace.id).execute();
}

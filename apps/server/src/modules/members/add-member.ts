import type { TMemberRole } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

/**
 * Makes an account a teammate in a workspace, as its accepted invitation says, and notes it on the
 * client's timeline under the teammate's own address. Joining twice (two links sent at once) keeps
 * the first membership and writes nothing more.
 */
export async function addMember(db: Db, input: { workspaceId: string; userId: string; email: string; role: TMemberRole }): Promise<void> {
  const now = nowIso();
  const inserted = await db
    .insertInto('workspaceMember')
    .values({ workspaceId: input.workspaceId, userId: input.userId, role: input.role, createdAt: now })
    .onConflict((oc) => oc.columns(['workspaceId', 'userId']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  if (!inserted) return;
  await addTimelineEntry(db, {
    subjectType: 'client',
    subjectId: input.workspaceId,
    text: `Teammate joined: ${input.email} as ${input.role}`,
    who: input.email,
    ts: now,
  });
}

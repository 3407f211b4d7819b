import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getMember } from './list-members.ts';

/**
 * Ends a teammate's membership, removed by the owner or staff or leaving on their own: from their
 * next request the workspace is as unknown to them as any other client's.
 */
export async function removeMember(db: Db, input: { workspaceId: string; userId: string; who: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await getMember(trx, input.workspaceId, input.userId);
    await trx.deleteFrom('workspaceMember').where('workspaceId', '=', input.workspaceId).where('userId', '=', input.userId).execute();
    const leaving = input.who.toLowerCase() === member.email.toLowerCase();
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: input.workspaceId,
      text: leaving ? `Teammate left: ${member.email}` : `Teammate removed: ${member.email}`,
      who: input.who,
      ts: nowIso(),
    });
  });
}

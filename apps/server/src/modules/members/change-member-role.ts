import type { TMemberRole, TWorkspaceMember } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getMember } from './list-members.ts';

/** Makes a teammate an editor or an approver; the change counts from their next request. Unchanged, nothing is written. */
export async function changeMemberRole(
  db: Db,
  input: { workspaceId: string; userId: string; role: TMemberRole; who: string },
): Promise<TWorkspaceMember> {
  return db.transaction().execute(async (trx) => {
    const member = await getMember(trx, input.workspaceId, input.userId);
    if (member.role === input.role) return member;
    await trx
      .updateTable('workspaceMember')
      .set({ role: input.role })
      .where('workspaceId', '=', input.workspaceId)
      .where('userId', '=', input.userId)
      .execute();
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: input.workspaceId,
      text: `Teammate role changed: ${member.email} is now ${input.role}`,
      who: input.who,
      ts: nowIso(),
    });
    return { ...member, role: input.role };
  });
}

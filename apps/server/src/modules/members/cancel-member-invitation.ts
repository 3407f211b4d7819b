import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

/**
 * Cancels a teammate's invitation not yet accepted: its link stops working at once. The owner's own
 * invitation (staff made the workspace) is not a teammate's and is not found here.
 */
export async function cancelMemberInvitation(db: Db, input: { workspaceId: string; id: string; who: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .deleteFrom('invitation')
      .where('id', '=', input.id)
      .where('workspaceId', '=', input.workspaceId)
      .where('role', 'is not', null)
      .where('acceptedAt', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (!cancelled) throw new HttpError(404, 'Invitation not found (it may have been accepted or cancelled already).');
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: input.workspaceId,
      text: `Invitation cancelled: ${cancelled.email}`,
      who: input.who,
      ts: nowIso(),
    });
  });
}

import type { TPostingSlot, TWorkspace } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { changeWithStaffRecord } from '../workspaces/record-staff-action.ts';

/**
 * Replaces a workspace's weekly slots with these, in one transaction (a failed save keeps the old
 * ones). The same weekday and time sent twice is one slot. Drafts already queued keep their times;
 * the new slots apply from the next Queue. Staff's change goes on the client's timeline.
 */
export async function replacePostingSlots(
  db: Db,
  change: { workspace: Pick<TWorkspace, 'id' | 'access'>; who: string; slots: TPostingSlot[] },
): Promise<void> {
  const unique = new Map(change.slots.map((slot) => [`${slot.weekday} ${slot.time}`, slot]));
  const createdAt = nowIso();
  await changeWithStaffRecord(
    db,
    { workspace: change.workspace, who: change.who },
    async (trx) => {
      await trx.deleteFrom('postingSlot').where('workspaceId', '=', change.workspace.id).execute();
      if (unique.size === 0) return;
      await trx
        .insertInto('postingSlot')
        .values(
          [...unique.values()].map(({ weekday, time }) => ({ id: newId(), workspaceId: change.workspace.id, weekday, time, createdAt })),
        )
        .execute();
    },
    () => `Posting slots changed (${unique.size} a week)`,
  );
}

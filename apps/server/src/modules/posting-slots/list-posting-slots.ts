import type { TPostingSlots, TWorkspace } from '@hookline/shared';
import type { Db } from '../../db/database.ts';

/** A workspace's weekly slots, Monday first and earliest first within a day, in its zone (else UTC). */
export async function listPostingSlots(db: Db, workspace: Pick<TWorkspace, 'id' | 'timeZone'>): Promise<TPostingSlots> {
  const slots = await db
    .selectFrom('postingSlot')
    .select(['weekday', 'time'])
    .where('workspaceId', '=', workspace.id)
    .orderBy('weekday')
    .orderBy('time')
    .execute();
  return { timeZone: workspace.timeZone ?? 'UTC', slots };
}

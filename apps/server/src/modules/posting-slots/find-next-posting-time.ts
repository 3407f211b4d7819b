import { DateTime } from 'luxon';
import { QUEUE_OFFSET_MS } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { instantOfLocalTime } from '../../lib/zoned-time.ts';

const LOOK_AHEAD_DAYS = 366;
/** The statuses in which a draft keeps its time: it will go out then, or waits for a person at it. */
const HOLDING_STATUSES = ['queued', 'publishing', 'held'];

export interface NextPostingTimeQuery {
  workspaceId: string;
  /** The workspace's zone; null reads the slots in UTC. */
  timeZone: string | null;
  channel: string;
  /** The draft being queued: its own current time does not count as taken. */
  draftId: string;
  after: Date;
}

/**
 * When Queue puts a draft: the workspace's earliest weekly slot strictly after `after` that no other
 * post of the same channel holds. Each slot is its wall-clock time on its weekday in the workspace's
 * zone, so a 09:00 slot stays at 09:00 across daylight-saving changes. Without slots, or with none free
 * within a year, one hour after `after` (slot: false).
 */
export async function findNextPostingTime(db: Db, query: NextPostingTimeQuery): Promise<{ at: Date; slot: boolean }> {
  const fallback = { at: new Date(query.after.getTime() + QUEUE_OFFSET_MS), slot: false };
  const slots = await db.selectFrom('postingSlot').select(['weekday', 'time']).where('workspaceId', '=', query.workspaceId).execute();
  if (slots.length === 0) return fallback;

  const candidates = slotInstantsAfter(slots, query.timeZone ?? 'UTC', query.after);
  if (candidates.length === 0) return fallback;
  // One read for the whole window. Times are stored as toISOString() text, so the range compares as text.
  const taken = await db
    .selectFrom('draft')
    .select('scheduledAt')
    .where('workspaceId', '=', query.workspaceId)
    .where('channel', '=', query.channel)
    .where('status', 'in', HOLDING_STATUSES)
    .where('id', '!=', query.draftId)
    .where('scheduledAt', '>=', candidates[0].toISOString())
    .where('scheduledAt', '<=', candidates[candidates.length - 1].toISOString())
    .execute();
  const takenTimes = new Set(taken.map((row) => new Date(row.scheduledAt as string).toISOString()));
  const free = candidates.find((instant) => !takenTimes.has(instant.toISOString()));
  return free ? { at: free, slot: true } : fallback;
}

/**
 * Every slot's instant after `after` within the look-ahead, earliest first and each once. Days are
 * walked on the calendar of the zone (not in 24-hour steps, which a DST change would shift), and a
 * slot in a skipped hour may land on the same instant as another slot, or after a later one.
 */
export function slotInstantsAfter(slots: Array<{ weekday: number; time: string }>, timeZone: string, after: Date): Date[] {
  const firstDay = DateTime.fromJSDate(after, { zone: timeZone }).startOf('day').setZone('UTC', { keepLocalTime: true });
  const instants = new Map<number, Date>();
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
    const day = firstDay.plus({ days: offset });
    for (const slot of slots) {
      if (slot.weekday !== day.weekday) continue;
      const instant = instantOfLocalTime(`${day.toISODate()}T${slot.time}`, timeZone);
      if (instant > after) instants.set(instant.getTime(), instant);
    }
  }
  return [...instants.values()].sort((a, b) => a.getTime() - b.getTime());
}

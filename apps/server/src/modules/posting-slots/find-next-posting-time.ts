import { DateTime } from 'luxon';
import { QUEUE_OFFSET_MS } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { instantOfLocalTime } from '../../lib/zoned-time.ts';

const LOOK_AHEAD_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
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
  // One read for the whole window. Times are stored as toISOString() text, so the range compares as text.
  const windowEnd = new Date(query.after.getTime() + (LOOK_AHEAD_DAYS + 2) * DAY_MS);
  const taken = await db
    .selectFrom('draft')
    .select('scheduledAt')
    .where('workspaceId', '=', query.workspaceId)
    .where('channel', '=', query.channel)
    .where('status', 'in', HOLDING_STATUSES)
    .where('id', '!=', query.draftId)
    .where('scheduledAt', '>', query.after.toISOString())
    .where('scheduledAt', '<=', windowEnd.toISOString())
    .execute();
  const takenTimes = new Set(taken.map((row) => new Date(row.scheduledAt as string).toISOString()));
  for (const instant of slotInstantsAfter(slots, query.timeZone ?? 'UTC', query.after)) {
    if (!takenTimes.has(instant.toISOString())) return { at: instant, slot: true };
  }
  return fallback;
}

/**
 * Every slot's instant strictly after `after`, for LOOK_AHEAD_DAYS days, earliest first and each
 * once, computed only as far as the caller reads. Days are walked on the zone's calendar (not in
 * 24-hour steps, which a DST change would shift). Within a day, a slot in a skipped hour may land on
 * the same instant as another slot, or after a later one; a skipped hour never spans midnight, so
 * each day's instants come before the next day's.
 */
export function* slotInstantsAfter(slots: Array<{ weekday: number; time: string }>, timeZone: string, after: Date): Generator<Date> {
  const { year, month, day } = DateTime.fromJSDate(after, { zone: timeZone });
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
    // Calendar arithmetic on a UTC date: the zone's day `offset` days on, whatever its length.
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const weekday = date.getUTCDay() || 7;
    const instants = new Map<number, Date>();
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const instant = instantOfLocalTime(`${date.toISOString().slice(0, 10)}T${slot.time}`, timeZone);
      if (instant > after) instants.set(instant.getTime(), instant);
    }
    yield* [...instants.values()].sort((a, b) => a.getTime() - b.getTime());
  }
}

import type { TTimelineEntry } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { TimelineEntryTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export async function addTimelineEntry(
  db: Db,
  entry: { subjectType: TimelineEntryTable['subjectType']; subjectId: string; text: string; who: string; ts: string; forClient?: boolean },
): Promise<TTimelineEntry> {
  const id = newId();
  await db
    .insertInto('timelineEntry')
    .values({ id, ...entry, forClient: entry.forClient ? 1 : 0 })
    .execute();
  return { id, text: entry.text, who: entry.who, ts: entry.ts, forClient: Boolean(entry.forClient) };
}

import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { TimelineEntryTable } from '../../db/schema.ts';

export async function addTimelineEntry(
  db: Db,
  entry: { subjectType: TimelineEntryTable['subjectType']; subjectId: string; text: string; who: string; ts: string },
): Promise<void> {
  await db
    .insertInto('timelineEntry')
    .values({ id: crypto.randomUUID(), ...entry })
    .execute();
}

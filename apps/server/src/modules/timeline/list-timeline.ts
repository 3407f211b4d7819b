import type { TTimelineEntry } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { TimelineEntryTable } from '../../db/schema.ts';

/** Newest first. */
export async function listTimeline(db: Db, subjectType: TimelineEntryTable['subjectType'], subjectId: string): Promise<TTimelineEntry[]> {
  const rows = await db
    .selectFrom('timelineEntry')
    .select(['id', 'text', 'who', 'ts', 'forClient'])
    .where('subjectType', '=', subjectType)
    .where('subjectId', '=', subjectId)
    .orderBy('ts', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...row, forClient: Boolean(row.forClient) }));
}

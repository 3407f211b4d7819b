import type { TTimelineEntry } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { TimelineEntryTable } from '../../db/schema.ts';

/** Newest first; with forClientOnly, only the entries the client may see (a request's internal notes left out). */
export async function listTimeline(
  db: Db,
  subjectType: TimelineEntryTable['subjectType'],
  subjectId: string,
  { forClientOnly = false }: { forClientOnly?: boolean } = {},
): Promise<TTimelineEntry[]> {
  let query = db
    .selectFrom('timelineEntry')
    .select(['id', 'text', 'who', 'ts', 'forClient'])
    .where('subjectType', '=', subjectType)
    .where('subjectId', '=', subjectId);
  if (forClientOnly) query = query.where('forClient', '=', 1);
  const rows = await query.orderBy('ts', 'desc').orderBy('id', 'desc').limit(500).execute();
  return rows.map((row) => ({ ...row, forClient: Boolean(row.forClient) }));
}

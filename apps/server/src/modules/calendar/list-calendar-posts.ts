import {
  CALENDAR_MAX_POSTS,
  CALENDAR_STATUSES,
  type TAdminCalendar,
  type TCalendarPost,
  type TCalendarQuery,
  type TDraftChannel,
} from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { withinClientScope, assertClientInScope, type ClientScope } from '../clients/client-scope.ts';
import { CLIENT_NOT_FOUND } from '../clients/workspace-summary.ts';
import { toDraft } from '../drafts/draft-row.ts';

export type CalendarFilter = Pick<TCalendarQuery, 'from' | 'to'> & { channel?: TDraftChannel };

/**
 * Posts with a calendar status whose scheduled or published time is in [from, to). Times are stored
 * as ISO text from toISOString, so the bounds are brought to that exact form and compared as text
 * (the same on SQLite and PostgreSQL). With a workspace, draft(workspaceId, status, scheduledAt) serves it.
 */
function postsInRange(db: Db, { from, to, channel }: CalendarFilter) {
  const start = new Date(from).toISOString();
  const end = new Date(to).toISOString();
  let query = db
    .selectFrom('draft')
    .where('draft.status', 'in', CALENDAR_STATUSES)
    .where((eb) =>
      eb.or([
        eb.and([eb('draft.scheduledAt', '>=', start), eb('draft.scheduledAt', '<', end)]),
        eb.and([eb('draft.publishedAt', '>=', start), eb('draft.publishedAt', '<', end)]),
      ]),
    );
  if (channel) query = query.where('draft.channel', '=', channel);
  // One more than shown, to tell whether any were left out.
  return query
    .orderBy('draft.scheduledAt')
    .orderBy('draft.id')
    .limit(CALENDAR_MAX_POSTS + 1);
}

const capped = <T>(rows: T[]) => ({ posts: rows.slice(0, CALENDAR_MAX_POSTS), truncated: rows.length > CALENDAR_MAX_POSTS });

/** One workspace's calendar (the dashboard's). */
export async function listWorkspaceCalendar(db: Db, workspaceId: string, filter: CalendarFilter) {
  const rows = await postsInRange(db, filter).selectAll('draft').where('draft.workspaceId', '=', workspaceId).execute();
  const { posts, truncated } = capped(rows);
  return { posts: posts.map(toDraft), truncated };
}

/** A calendar post's columns (TCalendarPost), with its client's. */
const CALENDAR_POST_COLUMNS = [
  'draft.id',
  'draft.channel',
  'draft.type',
  'draft.text',
  'draft.status',
  'draft.scheduledAt',
  'draft.publishedAt',
  'draft.failureReason',
  'draft.publishedTo',
  'draft.postUrl',
  'draft.workspaceId',
  'workspace.name as workspaceName',
] as const;

/**
 * The agency calendar: every client in the staff member's scope, or the one clientId names. A client
 * out of scope or unknown is "Client not found", as everywhere in the console.
 * Across all clients a month holds thousands of posts of which the first CALENDAR_MAX_POSTS are
 * shown. They are picked from the two time indexes alone (posts scheduled in the range, and posts
 * published in it), which hold the id, client and scheduled time each needs, and only then read.
 */
export async function listAdminCalendar(
  db: Db,
  scope: ClientScope,
  { from, to, channel, clientId }: CalendarFilter & { clientId?: string },
): Promise<TAdminCalendar> {
  if (clientId !== undefined) {
    await assertClientInScope(db, scope, clientId);
    const exists = await db.selectFrom('workspace').select('id').where('id', '=', clientId).executeTakeFirst();
    if (!exists) throw new HttpError(404, CLIENT_NOT_FOUND);
  }
  const start = new Date(from).toISOString();
  const end = new Date(to).toISOString();
  const inRange = (time: 'draft.scheduledAt' | 'draft.publishedAt') => {
    let query = db
      .selectFrom('draft')
      .select(['draft.id', 'draft.scheduledAt'])
      .where('draft.status', 'in', CALENDAR_STATUSES)
      .where(time, '>=', start)
      .where(time, '<', end)
      .$call(withinClientScope(scope, 'draft.workspaceId'));
    if (channel) query = query.where('draft.channel', '=', channel);
    if (clientId !== undefined) query = query.where('draft.workspaceId', '=', clientId);
    return query;
  };
  // One more than shown, to tell whether any were left out.
  const shown = db
    .selectFrom(inRange('draft.scheduledAt').union(inRange('draft.publishedAt')).as('inRange'))
    .select('inRange.id')
    .orderBy('inRange.scheduledAt')
    .orderBy('inRange.id')
    .limit(CALENDAR_MAX_POSTS + 1);
  const rows = await db
    .selectFrom('draft')
    .innerJoin('workspace', 'workspace.id', 'draft.workspaceId')
    .select(CALENDAR_POST_COLUMNS)
    .where('draft.id', 'in', shown)
    .orderBy('draft.scheduledAt')
    .orderBy('draft.id')
    .execute();
  const { posts, truncated } = capped(rows);
  return {
    posts: posts.map((row) => ({
      ...row,
      channel: row.channel as TDraftChannel,
      type: row.type as TCalendarPost['type'],
      status: row.status as TCalendarPost['status'],
    })),
    truncated,
  };
}

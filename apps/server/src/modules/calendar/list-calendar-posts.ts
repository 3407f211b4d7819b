import { CALENDAR_MAX_POSTS, CALENDAR_STATUSES, type TAdminCalendar, type TCalendarQuery, type TDraftChannel } from '@hookline/shared';
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

/**
 * The agency calendar: every client in the staff member's scope, or the one clientId names. A client
 * out of scope or unknown is "Client not found", as everywhere in the console.
 * Across all clients a range holds thousands of posts of which the first CALENDAR_MAX_POSTS are
 * shown: they are chosen by id and time alone, and only then read whole, so the database sorts
 * small rows instead of every post in the range with its text.
 */
export async function listAdminCalendar(
  db: Db,
  scope: ClientScope,
  filter: CalendarFilter & { clientId?: string },
): Promise<TAdminCalendar> {
  let shown = postsInRange(db, filter).select('draft.id').$call(withinClientScope(scope, 'draft.workspaceId'));
  if (filter.clientId !== undefined) {
    await assertClientInScope(db, scope, filter.clientId);
    const exists = await db.selectFrom('workspace').select('id').where('id', '=', filter.clientId).executeTakeFirst();
    if (!exists) throw new HttpError(404, CLIENT_NOT_FOUND);
    shown = shown.where('draft.workspaceId', '=', filter.clientId);
  }
  const rows = await db
    .selectFrom('draft')
    .innerJoin('workspace', 'workspace.id', 'draft.workspaceId')
    .selectAll('draft')
    .select('workspace.name as workspaceName')
    .where('draft.id', 'in', shown)
    .orderBy('draft.scheduledAt')
    .orderBy('draft.id')
    .execute();
  const { posts, truncated } = capped(rows);
  return { posts: posts.map((row) => ({ ...toDraft(row), workspaceId: row.workspaceId, workspaceName: row.workspaceName })), truncated };
}

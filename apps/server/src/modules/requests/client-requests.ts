import type { TClientRequest, TClientRequestDetail, TRequestWork } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import type { RequestTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { listTimeline } from '../timeline/list-timeline.ts';
import { listRequestAttachments } from './request-attachments.ts';
import { listRequestDrafts } from './request-drafts.ts';

const CLIENT_REQUEST_COLUMNS = [
  'id',
  'workspaceId',
  'type',
  'subject',
  'requester',
  'description',
  'status',
  'createdAt',
  'updatedAt',
] as const;
type ClientRequestRow = Pick<
  RequestTable,
  'id' | 'workspaceId' | 'type' | 'subject' | 'requester' | 'status' | 'createdAt' | 'updatedAt'
> & {
  description: string | null;
};

function toClientRequest(row: ClientRequestRow): TClientRequest {
  return {
    id: row.id,
    type: row.type as TClientRequest['type'],
    subject: row.subject,
    description: row.description,
    status: row.status as TClientRequest['status'],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The workspace's requests, newest first. */
export async function listClientRequests(db: Db, workspaceId: string): Promise<TClientRequest[]> {
  const rows = await db
    .selectFrom('request')
    .select(CLIENT_REQUEST_COLUMNS)
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map(toClientRequest);
}

/** A request of this workspace; another workspace's is "not found", not "forbidden". */
export async function getWorkspaceRequest(db: Db, workspaceId: string, id: string): Promise<ClientRequestRow> {
  const row = await db
    .selectFrom('request')
    .select(CLIENT_REQUEST_COLUMNS)
    .where('id', '=', id)
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'Request not found');
  return row;
}

export async function getClientRequest(db: Db, workspaceId: string, id: string): Promise<TClientRequest> {
  return toClientRequest(await getWorkspaceRequest(db, workspaceId, id));
}

/** The request as its client sees it: no internal notes, and Hookline's entries told apart from the requester's. */
export async function getClientRequestDetail(db: Db, workspaceId: string, id: string): Promise<TClientRequestDetail> {
  const row = await getWorkspaceRequest(db, workspaceId, id);
  const [timeline, attachments, drafts] = await Promise.all([
    listTimeline(db, 'request', id, { forClientOnly: true }),
    listRequestAttachments(db, id),
    listRequestDrafts(db, row),
  ]);
  return {
    request: toClientRequest(row),
    timeline: timeline.map((entry) => ({ ...entry, fromTeam: entry.who !== row.requester })),
    attachments,
    drafts,
  };
}

/** What staff work from besides the timeline: what the client wrote and attached, and the drafts made from it. */
export async function getRequestWork(db: Db, id: string): Promise<TRequestWork> {
  const row = await db.selectFrom('request').select(['id', 'workspaceId', 'description']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Request not found');
  const [attachments, drafts] = await Promise.all([listRequestAttachments(db, id), listRequestDrafts(db, row)]);
  return { description: row.description, attachments, drafts };
}

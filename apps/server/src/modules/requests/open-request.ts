import type { TRequest } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { newId } from '../../lib/ids.ts';

/** A new open request, its "Request opened" (which the client sees on it) and its webhook event; answers its id. */
export async function openRequest(
  db: Db,
  input: {
    workspaceId: string | null;
    type: TRequest['type'];
    subject: string;
    requester: string;
    who: string;
    now: string;
    /** What the client wrote, when they open it from the dashboard. */
    description?: string;
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('request')
    .values({
      id,
      workspaceId: input.workspaceId,
      type: input.type,
      subject: input.subject,
      requester: input.requester,
      status: 'open',
      description: input.description ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
  await addTimelineEntry(db, {
    subjectType: 'request',
    subjectId: id,
    text: 'Request opened',
    who: input.who,
    ts: input.now,
    forClient: true,
  });
  await emitWebhookEvent(db, 'request.created', {
    request: {
      id,
      type: input.type,
      subject: input.subject,
      requester: input.requester,
      status: 'open',
      createdAt: input.now,
      clientId: input.workspaceId,
    },
  });
  return id;
}

import { sql } from 'kysely';
import type { TClient, TCreateClientRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { openRequest } from '../requests/open-request.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getClient } from './client-row.ts';

export interface CreatedClient {
  client: TClient;
  requestId: string;
  /** The owner had no account: one was made and needs an invitation to set a password. */
  ownerInvited: { userId: string } | null;
}

/**
 * In one transaction: the workspace, the owner's account (created when there is none; an existing
 * account is linked by its email), and the request 'Onboarding: {name}'.
 * Inserts use ON CONFLICT rather than check-then-insert, so creates racing for one owner give 201 and 409.
 */
export async function createClient(
  db: Db,
  input: Required<TCreateClientRequest>,
  context: { who: string; founderEmails: readonly string[] },
): Promise<CreatedClient> {
  const { who } = context;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = newId();
    const inserted = await trx
      .insertInto('workspace')
      .values({ id, name: input.name, ownerEmail: input.owner, status: input.status, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('ownerEmail').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError(409, `A client owned by ${input.owner} already exists.`);

    const userId = newId();
    const createdUser = await trx
      .insertInto('user')
      .values({
        id: userId,
        name: '',
        email: input.owner,
        // FALSE is a boolean on PostgreSQL and 0 on SQLite, matching how Better Auth stores it on each.
        emailVerified: sql<boolean>`false`,
        image: null,
        role: context.founderEmails.includes(input.owner) ? 'founder' : 'client',
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();

    await addTimelineEntry(trx, { subjectType: 'client', subjectId: id, text: `Client created with status ${input.status}`, who, ts: now });
    const requestId = await openRequest(trx, {
      workspaceId: id,
      type: 'onboarding',
      subject: `Onboarding: ${input.name}`,
      requester: input.owner,
      who,
      now,
    });
    const client = await getClient(trx, id);
    await emitWebhookEvent(trx, 'client.created', { client });
    return { client, requestId, ownerInvited: createdUser ? { userId } : null };
  });
}

import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { TClient, TCreateClientRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
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
 */
export async function createClient(db: Db, input: Required<TCreateClientRequest>, who: string): Promise<CreatedClient> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const taken = await trx.selectFrom('workspace').select('id').where('ownerEmail', '=', input.owner).executeTakeFirst();
    if (taken) throw new HttpError(409, `A client owned by ${input.owner} already exists.`);
    const id = crypto.randomUUID();
    await trx
      .insertInto('workspace')
      .values({ id, name: input.name, ownerEmail: input.owner, status: input.status, createdAt: now, updatedAt: now })
      .execute();

    let ownerInvited: CreatedClient['ownerInvited'] = null;
    const existing = await trx.selectFrom('user').select('id').where('email', '=', input.owner).executeTakeFirst();
    if (!existing) {
      const userId = crypto.randomUUID();
      // FALSE is a boolean on PostgreSQL and 0 on SQLite, matching how Better Auth stores it on each.
      await trx
        .insertInto('user')
        .values({
          id: userId,
          name: '',
          email: input.owner,
          emailVerified: sql<boolean>`false`,
          image: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      ownerInvited = { userId };
    }

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
    return { client, requestId, ownerInvited };
  });
}

import type { TOnboardingData, TOnboardingRecord } from '@hookline/shared';
import { ZOnboardingData } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getClient } from './client-row.ts';

export async function getOnboardingRecord(db: Db, clientId: string): Promise<TOnboardingRecord> {
  await getClient(db, clientId);
  const row = await db.selectFrom('onboardingRecord').selectAll().where('workspaceId', '=', clientId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'No onboarding captured yet.');
  return {
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    airtableRecordId: row.airtableRecordId,
    data: ZOnboardingData.parse(JSON.parse(row.data)),
  };
}

/** Staff edit of a client's onboarding record (created when the client has none yet). */
export async function saveOnboardingRecord(db: Db, clientId: string, data: TOnboardingData, who: string): Promise<TOnboardingRecord> {
  return db.transaction().execute(async (trx) => {
    await getClient(trx, clientId);
    const now = nowIso();
    await trx
      .insertInto('onboardingRecord')
      .values({ workspaceId: clientId, data: JSON.stringify(data), createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('workspaceId').doUpdateSet({ data: JSON.stringify(data), updatedAt: now }))
      .execute();
    await addTimelineEntry(trx, { subjectType: 'client', subjectId: clientId, text: 'Onboarding details updated', who, ts: now });
    await emitWebhookEvent(trx, 'onboarding.updated', { clientId, data, by: who });
    return getOnboardingRecord(trx, clientId);
  });
}

export async function rememberAirtableRecord(db: Db, clientId: string, airtableRecordId: string): Promise<void> {
  await db.updateTable('onboardingRecord').set({ airtableRecordId }).where('workspaceId', '=', clientId).execute();
}

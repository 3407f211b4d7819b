import type { TOnboardingData, TOnboardingRecord } from '@hookline/shared';
import { ZOnboardingData } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';

export async function getOnboardingRecord(db: Db, workspaceId: string): Promise<TOnboardingRecord> {
  await getWorkspaceSummary(db, workspaceId);
  const row = await db.selectFrom('onboardingRecord').selectAll().where('workspaceId', '=', workspaceId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'No onboarding captured yet.');
  return {
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    airtableRecordId: row.airtableRecordId,
    data: ZOnboardingData.parse(JSON.parse(row.data)),
  };
}

/** Staff edit of a workspace's onboarding record (created when the workspace has none yet). */
export async function saveOnboardingRecord(db: Db, workspaceId: string, data: TOnboardingData, who: string): Promise<TOnboardingRecord> {
  return db.transaction().execute((trx) => writeOnboardingRecord(trx, workspaceId, data, who));
}

/** saveOnboardingRecord inside the caller's transaction. */
export async function writeOnboardingRecord(trx: Db, workspaceId: string, data: TOnboardingData, who: string): Promise<TOnboardingRecord> {
  await getWorkspaceSummary(trx, workspaceId);
  const now = nowIso();
  await trx
    .insertInto('onboardingRecord')
    .values({ workspaceId, data: JSON.stringify(data), createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('workspaceId').doUpdateSet({ data: JSON.stringify(data), updatedAt: now }))
    .execute();
  await addTimelineEntry(trx, { subjectType: 'client', subjectId: workspaceId, text: 'Onboarding details updated', who, ts: now });
  await emitWebhookEvent(trx, 'onboarding.updated', { clientId: workspaceId, data, by: who });
  return getOnboardingRecord(trx, workspaceId);
}

export async function rememberAirtableRecord(db: Db, workspaceId: string, airtableRecordId: string): Promise<void> {
  await db.updateTable('onboardingRecord').set({ airtableRecordId }).where('workspaceId', '=', workspaceId).execute();
}

import type { TOnboardingData } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { ensureWorkspace } from '../workspaces/ensure-workspace.ts';
import { openRequest } from '../requests/open-request.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/**
 * Stores a questionnaire as the onboarding record of the workspace its email owns (created when
 * none exists) and opens an onboarding request, all in one transaction.
 * NOTE: a new submission replaces the record; createdAt is the time of the latest submission.
 */
export async function submitOnboarding(db: Db, data: TOnboardingData): Promise<{ requestId: string; workspaceId: string }> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const workspace = await ensureWorkspace(trx, { ownerEmail: data.email, name: data.brand, now });
    const record = { data: JSON.stringify(data), createdAt: now, updatedAt: now };
    await trx
      .insertInto('onboardingRecord')
      .values({ workspaceId: workspace.id, ...record })
      .onConflict((oc) => oc.column('workspaceId').doUpdateSet(record))
      .execute();
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: workspace.id,
      text: workspace.created ? 'Workspace created from the onboarding form' : 'Onboarding questionnaire submitted again',
      who: data.email,
      ts: now,
    });
    const requestId = await openRequest(trx, {
      workspaceId: workspace.id,
      type: 'onboarding',
      subject: `Onboarding: ${data.brand}`,
      requester: data.email,
      who: data.email,
      now,
    });
    await emitWebhookEvent(trx, 'onboarding.submitted', { clientId: workspace.id, data });
    return { requestId, workspaceId: workspace.id };
  });
}

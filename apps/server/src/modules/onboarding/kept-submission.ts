import { ZOnboardingData, type TOnboardingSubmission } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { writeOnboardingRecord } from '../clients/onboarding-record.ts';
import { getRequest } from '../requests/request-row.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

/** The answers kept on an onboarding request, beside the client's record now; null when it has none. */
export async function getKeptSubmission(db: Db, requestId: string): Promise<TOnboardingSubmission | null> {
  await getRequest(db, requestId);
  const row = await db.selectFrom('onboardingSubmission').selectAll().where('requestId', '=', requestId).executeTakeFirst();
  if (!row) return null;
  const record = row.workspaceId
    ? await db.selectFrom('onboardingRecord').select('data').where('workspaceId', '=', row.workspaceId).executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    createdAt: row.createdAt,
    data: ZOnboardingData.parse(JSON.parse(row.data)),
    clientId: row.workspaceId,
    current: record ? ZOnboardingData.parse(JSON.parse(record.data)) : null,
    appliedAt: row.appliedAt,
    appliedBy: row.appliedBy,
  };
}

/**
 * A staff member makes kept answers the client's record, once: the record, its timeline entry and
 * webhook are those of a staff edit, credited to them; the request's timeline says so too.
 */
export async function applyKeptSubmission(db: Db, requestId: string, who: string): Promise<TOnboardingSubmission> {
  return db.transaction().execute(async (trx) => {
    const submission = await getKeptSubmission(trx, requestId);
    if (!submission) throw new HttpError(404, 'This request has no questionnaire answers to apply.');
    if (!submission.clientId) {
      throw new HttpError(409, 'These answers name no client workspace, so there is no record to apply them to.');
    }
    const now = nowIso();
    // The condition makes a second, concurrent apply change nothing.
    const marked = await trx
      .updateTable('onboardingSubmission')
      .set({ appliedAt: now, appliedBy: who })
      .where('id', '=', submission.id)
      .where('appliedAt', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) throw new HttpError(409, 'These answers were already applied to the record.');
    await writeOnboardingRecord(trx, submission.clientId, submission.data, who);
    await addTimelineEntry(trx, {
      subjectType: 'request',
      subjectId: requestId,
      text: "Answers applied to the client's record",
      who,
      ts: now,
    });
    return { ...submission, current: submission.data, appliedAt: now, appliedBy: who };
  });
}

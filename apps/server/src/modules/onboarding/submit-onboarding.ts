import { isStaffRole, type TOnboardingData } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { isStaffAddress } from '../users/is-staff-address.ts';
import { ensureWorkspace } from '../workspaces/ensure-workspace.ts';
import { openRequest } from '../requests/open-request.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/** The timeline's author of answers nobody proved to have written: the form is public. */
export const PUBLIC_FORM_AUTHOR = 'public questionnaire';

export interface SubmitOnboardingInput {
  data: TOnboardingData;
  /** The caller's session, when signed in. */
  user: SessionUser | null;
  /** FOUNDER_EMAIL: founders are staff before they have an account. */
  founders: readonly string[];
}

/**
 * Takes a questionnaire. The form is public and the email in it is only a claim, so the answers
 * become a workspace's record only where that claim overwrites nothing and opens nothing:
 * - a new address gets its workspace (waiting for its owner to prove the address) and record;
 * - the workspace's signed-in owner replaces their own record;
 * - anything else (an existing workspace, someone else's session, a staff address) is kept as a
 *   submission on its request, for staff to compare and apply. No workspace is made for staff.
 * Answers nobody proved to be the owner's are credited to the public form, not to the address.
 * Every submission opens an onboarding request, in one transaction.
 */
export async function submitOnboarding(db: Db, input: SubmitOnboardingInput): Promise<{ requestId: string }> {
  const { data, user } = input;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const signedInOwner = user !== null && !isStaffRole(user.role) && user.email.toLowerCase() === data.email;
    const author = signedInOwner ? data.email : (user?.email ?? PUBLIC_FORM_AUTHOR);
    const existing = await trx
      .selectFrom('workspace')
      .select(['id', 'ownerUserId'])
      .where('ownerEmail', '=', data.email)
      .executeTakeFirst();

    if (existing && signedInOwner && existing.ownerUserId === user.id) {
      const text = 'Onboarding questionnaire submitted again';
      return { requestId: await storeRecord(trx, { workspaceId: existing.id, data, text, who: author, now, verified: true }) };
    }

    let workspaceId = existing?.id ?? null;
    if (!existing && !(await isStaffAddress(trx, data.email, input.founders))) {
      const ownerUserId = signedInOwner ? user.id : null;
      const workspace = await ensureWorkspace(trx, { ownerEmail: data.email, name: data.brand, now, ownerUserId });
      workspaceId = workspace.id;
      // Another submission for the address may have made it a moment ago: then these answers are kept like any other.
      if (workspace.created) {
        const text = 'Workspace created from the onboarding form';
        return { requestId: await storeRecord(trx, { workspaceId: workspace.id, data, text, who: author, now, verified: signedInOwner }) };
      }
    }

    const subject = `Onboarding answers to review: ${data.brand}`;
    const requestId = await openOnboardingRequest(trx, { workspaceId, data, subject, who: author, now });
    await trx
      .insertInto('onboardingSubmission')
      .values({ id: newId(), requestId, workspaceId, data: JSON.stringify(data), createdAt: now, appliedAt: null, appliedBy: null })
      .execute();
    if (workspaceId) {
      await addTimelineEntry(trx, {
        subjectType: 'client',
        subjectId: workspaceId,
        text: 'Questionnaire answers received for this address; kept on their request for staff to review',
        who: author,
        ts: now,
      });
    }
    return { requestId };
  });
}

/**
 * Makes the answers the workspace's record, says so on its timeline (text) and opens the request;
 * answers the request's id. verified: the workspace's signed-in owner sent them, rather than
 * someone naming the address on the public form.
 */
async function storeRecord(
  db: Db,
  input: { workspaceId: string; data: TOnboardingData; text: string; who: string; now: string; verified: boolean },
): Promise<string> {
  const { workspaceId, data, text, who, now, verified } = input;
  const record = { data: JSON.stringify(data), createdAt: now, updatedAt: now };
  await db
    .insertInto('onboardingRecord')
    .values({ workspaceId, ...record })
    .onConflict((oc) => oc.column('workspaceId').doUpdateSet(record))
    .execute();
  await emitWebhookEvent(db, 'onboarding.submitted', { clientId: workspaceId, data, verified });
  await addTimelineEntry(db, { subjectType: 'client', subjectId: workspaceId, text, who, ts: now });
  return openOnboardingRequest(db, { workspaceId, data, subject: `Onboarding: ${data.brand}`, who, now });
}

function openOnboardingRequest(
  db: Db,
  input: { workspaceId: string | null; data: TOnboardingData; subject: string; who: string; now: string },
) {
  const { workspaceId, data, subject, who, now } = input;
  return openRequest(db, { workspaceId, type: 'onboarding', subject, requester: data.email, who, now });
}

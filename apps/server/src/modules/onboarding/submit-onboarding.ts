import { isStaffRole, type TOnboardingData } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/auth.ts';
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
 * become a workspace's record only where nothing is overwritten on that claim alone:
 * - a new address gets its workspace (waiting for its owner to prove the address) and record;
 * - a workspace with neither a record nor an owner account yet gets this one (staff made it, and
 *   its owner cannot be signed in yet; nothing is overwritten);
 * - the workspace's signed-in owner replaces their own record;
 * - anything else (an existing workspace, someone else's session, a staff address) is kept as a
 *   submission on its request, for staff to compare and apply. No workspace is made for staff.
 * Every submission opens an onboarding request, in one transaction.
 */
export async function submitOnboarding(db: Db, input: SubmitOnboardingInput): Promise<{ requestId: string }> {
  const { data, user } = input;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const existing = await trx
      .selectFrom('workspace')
      .select(['id', 'ownerUserId'])
      .where('ownerEmail', '=', data.email)
      .executeTakeFirst();
    const signedInOwner = user !== null && user.email.toLowerCase() === data.email;
    const ownerSession = existing !== undefined && existing.ownerUserId !== null && user?.id === existing.ownerUserId;
    const hasRecord =
      existing !== undefined &&
      (await trx.selectFrom('onboardingRecord').select('workspaceId').where('workspaceId', '=', existing.id).executeTakeFirst()) !==
        undefined;

    if (existing && (ownerSession || (!hasRecord && existing.ownerUserId === null))) {
      await storeRecord(trx, existing.id, data, now);
      await addTimelineEntry(trx, {
        subjectType: 'client',
        subjectId: existing.id,
        text: hasRecord ? 'Onboarding questionnaire submitted again' : 'Onboarding questionnaire submitted',
        who: data.email,
        ts: now,
      });
      const subject = `Onboarding: ${data.brand}`;
      return { requestId: await openOnboardingRequest(trx, { workspaceId: existing.id, data, subject, who: data.email, now }) };
    }

    if (!existing && !(await isStaffAddress(trx, data.email, input.founders))) {
      const workspace = await ensureWorkspace(trx, {
        ownerEmail: data.email,
        name: data.brand,
        now,
        ownerUserId: signedInOwner && !isStaffRole(user.role) ? user.id : null,
      });
      await storeRecord(trx, workspace.id, data, now);
      await addTimelineEntry(trx, {
        subjectType: 'client',
        subjectId: workspace.id,
        text: 'Workspace created from the onboarding form',
        who: data.email,
        ts: now,
      });
      return {
        requestId: await openOnboardingRequest(trx, {
          workspaceId: workspace.id,
          data,
          subject: `Onboarding: ${data.brand}`,
          who: data.email,
          now,
        }),
      };
    }

    const workspaceId = existing?.id ?? null;
    const who = user?.email ?? PUBLIC_FORM_AUTHOR;
    const requestId = await openOnboardingRequest(trx, {
      workspaceId,
      data,
      subject: `Onboarding answers to review: ${data.brand}`,
      who,
      now,
    });
    await trx
      .insertInto('onboardingSubmission')
      .values({ id: newId(), requestId, workspaceId, data: JSON.stringify(data), createdAt: now, appliedAt: null, appliedBy: null })
      .execute();
    if (workspaceId) {
      await addTimelineEntry(trx, {
        subjectType: 'client',
        subjectId: workspaceId,
        text: 'Questionnaire answers received for this address; kept on their request for staff to review',
        who,
        ts: now,
      });
    }
    return { requestId };
  });
}

async function storeRecord(db: Db, workspaceId: string, data: TOnboardingData, now: string): Promise<void> {
  const record = { data: JSON.stringify(data), createdAt: now, updatedAt: now };
  await db
    .insertInto('onboardingRecord')
    .values({ workspaceId, ...record })
    .onConflict((oc) => oc.column('workspaceId').doUpdateSet(record))
    .execute();
  await emitWebhookEvent(db, 'onboarding.submitted', { clientId: workspaceId, data });
}

function openOnboardingRequest(
  db: Db,
  input: { workspaceId: string | null; data: TOnboardingData; subject: string; who: string; now: string },
) {
  const { workspaceId, data, subject, who, now } = input;
  return openRequest(db, { workspaceId, type: 'onboarding', subject, requester: data.email, who, now });
}

async function isStaffAddress(db: Db, email: string, founders: readonly string[]): Promise<boolean> {
  if (founders.includes(email)) return true;
  const account = await db.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst();
  return account !== undefined && isStaffRole(account.role);
}

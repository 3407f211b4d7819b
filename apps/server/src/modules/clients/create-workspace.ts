import type { TWorkspaceSummary, TCreateWorkspaceRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { createInvitation } from '../invitations/create-invitation.ts';
import { openRequest } from '../requests/open-request.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { addManager } from './managers.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';

export interface CreatedWorkspace {
  workspace: TWorkspaceSummary;
  requestId: string;
  /** The owner has no account yet: the token of their invitation, to mail once the transaction has committed. */
  invitation: { token: string } | null;
}

/**
 * In one transaction: the workspace, an invitation for an owner without an account (an existing
 * account joins once its address is proven: ADR 055), the creator as its manager when asked (a
 * manager sees only their assigned clients: ADR 056), and the request 'Onboarding: {name}'.
 * The workspace insert uses ON CONFLICT rather than check-then-insert, so creates racing for one
 * owner give 201 and 409.
 */
export async function createWorkspace(
  db: Db,
  input: Required<TCreateWorkspaceRequest>,
  context: { who: string; assignCreator?: boolean },
): Promise<CreatedWorkspace> {
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

    // An owner with an account joins once their address is proven (ADR 055); one without gets an invitation.
    const account = await trx.selectFrom('user').select('id').where('email', '=', input.owner).executeTakeFirst();
    const invitation = account ? null : await createInvitation(trx, { workspaceId: id, email: input.owner, invitedBy: who });

    await addTimelineEntry(trx, { subjectType: 'client', subjectId: id, text: `Client created with status ${input.status}`, who, ts: now });
    if (context.assignCreator) await addManager(trx, id, who, who);
    const requestId = await openRequest(trx, {
      workspaceId: id,
      type: 'onboarding',
      subject: `Onboarding: ${input.name}`,
      requester: input.owner,
      who,
      now,
    });
    const workspace = await getWorkspaceSummary(trx, id);
    // The webhook payload keeps its wire name: `client`.
    await emitWebhookEvent(trx, 'client.created', { client: workspace });
    return { workspace, requestId, invitation: invitation && { token: invitation.token } };
  });
}

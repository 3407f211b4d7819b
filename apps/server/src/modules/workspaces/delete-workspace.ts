import type { TWorkspace } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';

/**
 * Deletes a workspace with its drafts, connections, onboarding record and files, once the user has
 * typed its exact name. The client's timeline keeps an audit entry (timelines outlive their subject).
 */
export async function deleteWorkspace(ctx: AppContext, input: { workspace: TWorkspace; confirmName: string; who: string }): Promise<void> {
  const { workspace } = input;
  if (input.confirmName !== workspace.name)
    throw new HttpError(400, `confirmName: type the workspace name "${workspace.name}" exactly to delete it`);
  await ctx.db.transaction().execute(async (trx) => {
    await addTimelineEntry(trx, {
      subjectType: 'client',
      subjectId: workspace.id,
      text: `Workspace "${workspace.name}" deleted by its owner`,
      who: input.who,
      ts: new Date().toISOString(),
    });
    // Drafts, connections, managers and the onboarding record go with the workspace (ON DELETE CASCADE).
    await trx.deleteFrom('workspace').where('id', '=', workspace.id).execute();
  });
  await ctx.files.deleteAll(`drafts/${workspace.id}`).catch(() => undefined);
}

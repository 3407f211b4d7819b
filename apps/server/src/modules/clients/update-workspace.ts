import { SELF_SERVE_MONTHLY_USD, type TWorkspaceSummary, type TAdminUpdateWorkspaceRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getWorkspaceSummary } from './workspace-summary.ts';

/** Changes status and/or plan; managed and enterprise plans need their monthly amount. */
export async function updateWorkspace(db: Db, id: string, input: TAdminUpdateWorkspaceRequest, who: string): Promise<TWorkspaceSummary> {
  return db.transaction().execute(async (trx) => {
    const current = await getWorkspaceSummary(trx, id);
    const plan = input.plan ?? current.plan;
    const planMonthlyUsd =
      plan === 'self_serve' ? null : input.planMonthlyUsd !== undefined ? input.planMonthlyUsd : current.planMonthlyUsd;
    if (plan !== 'self_serve' && planMonthlyUsd === null) {
      throw new HttpError(400, `planMonthlyUsd: a ${plan} plan needs its monthly amount in USD`);
    }
    const status = input.status ?? current.status;
    const now = nowIso();
    await trx.updateTable('workspace').set({ status, plan, planMonthlyUsd, updatedAt: now }).where('id', '=', id).execute();

    const changes: string[] = [];
    if (status !== current.status) changes.push(`Status set to ${status}`);
    if (plan !== current.plan || planMonthlyUsd !== current.planMonthlyUsd)
      changes.push(`Plan set to ${describePlan(plan, planMonthlyUsd)}`);
    for (const text of changes) await addTimelineEntry(trx, { subjectType: 'client', subjectId: id, text, who, ts: now });
    return getWorkspaceSummary(trx, id);
  });
}

export function describePlan(plan: string, monthlyUsd: number | null): string {
  if (plan === 'self_serve') return `self-serve ($${SELF_SERVE_MONTHLY_USD}/mo)`;
  return `${plan} ($${(monthlyUsd ?? 0).toLocaleString('en-US')}/mo)`;
}

import { SELF_SERVE_MONTHLY_USD, type TClient, type TUpdateClientRequest } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addTimelineEntry } from '../timeline/add-timeline-entry.ts';
import { getClient } from './client-row.ts';

/** Changes status and/or plan; managed and enterprise plans need their monthly amount. */
export async function updateClient(db: Db, id: string, input: TUpdateClientRequest, who: string): Promise<TClient> {
  return db.transaction().execute(async (trx) => {
    const current = await getClient(trx, id);
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
    return getClient(trx, id);
  });
}

export function describePlan(plan: string, monthlyUsd: number | null): string {
  if (plan === 'self_serve') return `self-serve ($${SELF_SERVE_MONTHLY_USD}/mo)`;
  return `${plan} ($${(monthlyUsd ?? 0).toLocaleString('en-US')}/mo)`;
}

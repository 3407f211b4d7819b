import { SELF_SERVE_MONTHLY_USD, type TOverviewRange, type TOverviewResponse } from '@hookline/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { checkHealth } from './check-health.ts';

const RANGE_DAYS: Record<TOverviewRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC dates (YYYY-MM-DD) of the range, oldest first, ending today. */
function rangeDays(days: number, now: Date): string[] {
  return Array.from({ length: days }, (_, i) => new Date(now.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export async function getOverview(ctx: AppContext, range: TOverviewRange, now = new Date()): Promise<TOverviewResponse> {
  const { db } = ctx;
  const days = rangeDays(RANGE_DAYS[range], now);
  const since = `${days[0]}T00:00:00.000Z`;

  const [clients, pending, activity, top, recent, health] = await Promise.all([
    db
      .selectFrom('workspace')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('total'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} = 'active' then 1 else 0 end)`.as('active'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} <> 'active' then 0
          when ${sql.ref('plan')} = 'self_serve' then ${SELF_SERVE_MONTHLY_USD}
          else coalesce(${sql.ref('planMonthlyUsd')}, 0) end)`.as('mrr'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('request')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['open', 'in_progress'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('timelineEntry')
      .select([sql<string>`substr(${sql.ref('ts')}, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('ts', '>=', since)
      .groupBy(sql`substr(${sql.ref('ts')}, 1, 10)`)
      .execute(),
    db
      .selectFrom('timelineEntry')
      .innerJoin('workspace', 'workspace.id', 'timelineEntry.subjectId')
      .select([
        'workspace.id',
        'workspace.name',
        'workspace.ownerEmail',
        'workspace.status',
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .where('timelineEntry.subjectType', '=', 'client')
      .where('timelineEntry.ts', '>=', since)
      .groupBy(['workspace.id', 'workspace.name', 'workspace.ownerEmail', 'workspace.status'])
      .orderBy('n', 'desc')
      .orderBy('workspace.name')
      .limit(5)
      .execute(),
    db.selectFrom('timelineEntry').select(['text', 'who', 'ts']).orderBy('ts', 'desc').limit(10).execute(),
    checkHealth(ctx),
  ]);

  const perDay = new Map(activity.map((row) => [row.day, Number(row.n)]));
  return {
    kpis: {
      totalClients: Number(clients.total),
      activeWorkspaces: Number(clients.active ?? 0),
      pendingRequests: Number(pending.n),
      mrrUsd: Number(clients.mrr ?? 0),
    },
    weeklyJobs: days.map((day) => perDay.get(day) ?? 0),
    health,
    // NOTE: posts counts published drafts once drafts exist (issue 4); until then clients rank by activity.
    topClients: top.map((c) => ({ id: c.id, name: c.name, owner: c.ownerEmail, posts: 0, status: c.status })),
    recent: recent.map((r) => ({ what: r.text, when: r.ts, who: r.who })),
  };
}

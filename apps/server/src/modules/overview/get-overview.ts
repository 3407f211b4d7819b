import { SELF_SERVE_MONTHLY_USD, type TOverviewRange, type TOverviewResponse } from '@hookline/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import { assignedToManager, withinClientScope, type ClientScope } from '../clients/client-scope.ts';
import { checkHealth } from './check-health.ts';

const RANGE_DAYS: Record<TOverviewRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC dates (YYYY-MM-DD) of the range, oldest first, ending today. */
function rangeDays(days: number, now: Date): string[] {
  return Array.from({ length: days }, (_, i) => new Date(now.getTime() - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

type ClientCount = { id: string; name: string; ownerEmail: string; status: string; n: number | string };

/** Most posts published in the range first, then most staff activity, then by name; five of them. */
function rankTopClients(active: ClientCount[], posting: ClientCount[]): TOverviewResponse['topClients'] {
  const posts = new Map(posting.map((c) => [c.id, Number(c.n)]));
  const activity = new Map(active.map((c) => [c.id, Number(c.n)]));
  const candidates = new Map([...active, ...posting].map((c) => [c.id, c]));
  return [...candidates.values()]
    .sort(
      (a, b) =>
        (posts.get(b.id) ?? 0) - (posts.get(a.id) ?? 0) ||
        (activity.get(b.id) ?? 0) - (activity.get(a.id) ?? 0) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, 5)
    .map((c) => ({ id: c.id, name: c.name, owner: c.ownerEmail, posts: posts.get(c.id) ?? 0, status: c.status }));
}

/** Narrows timeline entries to those about a client in scope or about a request of one. */
function timelineInScope({ manager }: ClientScope) {
  return <O>(query: SelectQueryBuilder<Database, 'timelineEntry', O>) =>
    manager === null
      ? query
      : query.where((eb) =>
          eb.or([
            eb.and([eb('subjectType', '=', 'client'), assignedToManager(manager, 'timelineEntry.subjectId')]),
            eb.and([
              eb('subjectType', '=', 'request'),
              eb.exists(
                eb
                  .selectFrom('request')
                  .select('request.id')
                  .whereRef('request.id', '=', 'timelineEntry.subjectId')
                  .where(assignedToManager(manager, 'request.workspaceId')),
              ),
            ]),
          ]),
        );
}

/** KPIs, activity, top clients and recent entries over the clients in the caller's scope; system health is everyone's. */
export async function getOverview(
  ctx: AppContext,
  range: TOverviewRange,
  scope: ClientScope,
  now = new Date(),
): Promise<TOverviewResponse> {
  const { db } = ctx;
  const days = rangeDays(RANGE_DAYS[range], now);
  const since = `${days[0]}T00:00:00.000Z`;
  const inScope = withinClientScope(scope, 'workspace.id');

  const [clients, pending, activity, active, posting, recent, health] = await Promise.all([
    db
      .selectFrom('workspace')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('total'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} = 'active' then 1 else 0 end)`.as('active'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} <> 'active' then 0
          when ${sql.ref('plan')} = 'self_serve' then ${SELF_SERVE_MONTHLY_USD}
          else coalesce(${sql.ref('planMonthlyUsd')}, 0) end)`.as('mrr'),
      ])
      .$call(inScope)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('request')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['open', 'in_progress'])
      .$call(withinClientScope(scope, 'request.workspaceId'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('timelineEntry')
      .select([sql<string>`substr(${sql.ref('ts')}, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('ts', '>=', since)
      .$call(timelineInScope(scope))
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
      .$call(inScope)
      .groupBy(['workspace.id', 'workspace.name', 'workspace.ownerEmail', 'workspace.status'])
      .orderBy('n', 'desc')
      .orderBy('workspace.name')
      .limit(20)
      .execute(),
    db
      .selectFrom('draft')
      .innerJoin('workspace', 'workspace.id', 'draft.workspaceId')
      .select([
        'workspace.id',
        'workspace.name',
        'workspace.ownerEmail',
        'workspace.status',
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .where('draft.status', '=', 'published')
      .where('draft.publishedAt', '>=', since)
      .$call(inScope)
      .groupBy(['workspace.id', 'workspace.name', 'workspace.ownerEmail', 'workspace.status'])
      .orderBy('n', 'desc')
      .limit(20)
      .execute(),
    db.selectFrom('timelineEntry').select(['text', 'who', 'ts']).$call(timelineInScope(scope)).orderBy('ts', 'desc').limit(10).execute(),
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
    topClients: rankTopClients(active, posting),
    recent: recent.map((r) => ({ what: r.text, when: r.ts, who: r.who })),
  };
}

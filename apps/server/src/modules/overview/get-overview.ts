import { SELF_SERVE_MONTHLY_USD, type TOverviewRange, type TOverviewResponse } from '@hookline/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { withinClientScope, type ClientScope } from '../clients/client-scope.ts';
import type { HealthMonitor } from './health-monitor.ts';

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

/**
 * The timeline entries in the caller's scope, as a table to select from: all of them, or a
 * manager's: those about their assigned clients and those about these clients' requests. The
 * manager's are found from their assignments through each entry's subject (two index look-ups per
 * client or request), never by testing every entry of the timeline against them.
 */
function timelineInScope(db: Db, { manager }: ClientScope) {
  const entries = db.selectFrom('timelineEntry').select(['text', 'who', 'ts']);
  if (manager === null) return db.selectFrom(entries.as('entry'));
  const assigned = db.selectFrom('workspaceManager').select('workspaceId').where('email', '=', manager);
  const requests = db.selectFrom('request').select('id').where('workspaceId', 'in', assigned);
  const about = (subjectType: 'client' | 'request', subjectIds: typeof assigned | typeof requests) =>
    entries.where('subjectType', '=', subjectType).where('subjectId', 'in', subjectIds);
  return db.selectFrom(about('client', assigned).unionAll(about('request', requests)).as('entry'));
}

/**
 * The 20 clients with the highest count: counted per client first, then each of them read once,
 * rather than a workspace look-up for every entry or post counted.
 */
function mostCounted(db: Db, counted: SelectQueryBuilder<Database, never, { id: string; n: number | string }>): Promise<ClientCount[]> {
  return db
    .selectFrom(counted.as('counted'))
    .innerJoin('workspace', 'workspace.id', 'counted.id')
    .select(['workspace.id', 'workspace.name', 'workspace.ownerEmail', 'workspace.status', 'counted.n'])
    .orderBy('counted.n', 'desc')
    .orderBy('workspace.name')
    .limit(20)
    .execute();
}

/** KPIs, activity, top clients and recent entries over the clients in the caller's scope; system health is everyone's. */
export async function getOverview(
  db: Db,
  health: HealthMonitor,
  range: TOverviewRange,
  scope: ClientScope,
  now = new Date(),
): Promise<TOverviewResponse> {
  const days = rangeDays(RANGE_DAYS[range], now);
  const since = `${days[0]}T00:00:00.000Z`;

  const [clients, pending, activity, active, posting, recent, report] = await Promise.all([
    db
      .selectFrom('workspace')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('total'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} = 'active' then 1 else 0 end)`.as('active'),
        sql<number | string | null>`sum(case when ${sql.ref('status')} <> 'active' then 0
          when ${sql.ref('plan')} = 'self_serve' then ${SELF_SERVE_MONTHLY_USD}
          else coalesce(${sql.ref('planMonthlyUsd')}, 0) end)`.as('mrr'),
      ])
      .$call(withinClientScope(scope, 'workspace.id'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('request')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['open', 'in_progress'])
      .$call(withinClientScope(scope, 'request.workspaceId'))
      .executeTakeFirstOrThrow(),
    timelineInScope(db, scope)
      .select([sql<string>`substr(${sql.ref('ts')}, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('ts', '>=', since)
      .groupBy(sql`substr(${sql.ref('ts')}, 1, 10)`)
      .execute(),
    // Staff activity and posts published per client.
    mostCounted(
      db,
      db
        .selectFrom('timelineEntry')
        .select(['subjectId as id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('subjectType', '=', 'client')
        .where('ts', '>=', since)
        .$call(withinClientScope(scope, 'timelineEntry.subjectId'))
        .groupBy('subjectId'),
    ),
    mostCounted(
      db,
      db
        .selectFrom('draft')
        .select(['workspaceId as id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('status', '=', 'published')
        .where('publishedAt', '>=', since)
        .$call(withinClientScope(scope, 'draft.workspaceId'))
        .groupBy('workspaceId'),
    ),
    timelineInScope(db, scope).select(['text', 'who', 'ts']).orderBy('ts', 'desc').limit(10).execute(),
    health.latestReport(),
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
    ...report,
    topClients: rankTopClients(active, posting),
    recent: recent.map((r) => ({ what: r.text, when: r.ts, who: r.who })),
  };
}

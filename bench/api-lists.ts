// The list routes the API benchmark compares with a bare Fastify route (api-bare-server.ts) running
// the same SQL on the same database. The SQL is Hookline's own: each variant's statements are
// captured, text and parameters, by running the app's query functions once on a Kysely that logs
// them; the bare route then sends those statements to the database as they are.
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { ZAdminCalendarQuery, ZCalendarQuery, ZListRequestsQuery, ZListWorkspacesQuery } from '@hookline/shared';
import type { Db } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { listAdminCalendar, listWorkspaceCalendar } from '../apps/server/src/modules/calendar/list-calendar-posts.ts';
import { clientScopeOf } from '../apps/server/src/modules/clients/client-scope.ts';
import { listWorkspaces } from '../apps/server/src/modules/clients/list-workspaces.ts';
import { listRequests } from '../apps/server/src/modules/requests/list-requests.ts';
import { listTimeline } from '../apps/server/src/modules/timeline/list-timeline.ts';
import { listDrafts } from '../apps/server/src/modules/drafts/list-drafts.ts';
import type { ClientView, StaffView } from './api-users.ts';
import { calendarRange, clientListQuery, inboxQuery, toQuery } from './api-workload.ts';
import { openAppSqlite } from './support/sqlite.ts';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** One request to Hookline and the statements its list query runs for it. */
export interface ListVariant {
  path: string;
  cookie: string;
  statements: Statement[];
}

export interface ListRoute {
  name: string;
  /** The bare server's path: /{slug}/{variant}. */
  slug: string;
  /** Whether Hookline runs the statements at once (Promise.all) rather than one after the other. */
  parallel: boolean;
  variants: ListVariant[];
  /** The ids of the rows in Hookline's answer, in order, to check that the bare route reads the same. */
  idsOf: (body: unknown) => string[];
}

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Different users, workspaces, searches and months: each route is measured over this many requests. */
const VARIANTS = 24;

/** A Kysely on the benchmark's database that keeps every statement it runs. */
function openCapturingDb(target: DatabaseTarget) {
  let captured: Statement[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };
  const dialect =
    target.kind === 'sqlite'
      ? new SqliteDialect({ database: openAppSqlite(target.file) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 2 }) });
  const db: Db = new Kysely<Database>({ dialect, log });
  return {
    db,
    handle: { db, kind: target.kind, waitingQueries: () => 0, close: () => db.destroy() },
    /** Runs the query function and answers the statements it ran. */
    async capture(run: () => Promise<unknown>): Promise<Statement[]> {
      captured = [];
      await run();
      return captured;
    },
  };
}

const ids = (rows: unknown) => (rows as Array<{ id: string }>).map((row) => row.id);

/** Captures the statements of every variant of every list route. */
export async function captureListRoutes(
  target: DatabaseTarget,
  views: { clients: ClientView[]; staff: StaffView[] },
): Promise<ListRoute[]> {
  const { db, handle, capture } = openCapturingDb(target);
  try {
    const clients = views.clients.slice(0, VARIANTS);
    const staffOf = (n: number) => views.staff[n % views.staff.length];
    const scopeOf = (staff: StaffView) => clientScopeOf({ email: staff.account.email, role: staff.role });
    const forEach = async <T>(items: T[], variant: (item: T, n: number) => Promise<ListVariant>) => {
      const variants: ListVariant[] = [];
      for (const [n, item] of items.entries()) variants.push(await variant(item, n));
      return variants;
    };
    const staffVariants = (variant: (staff: StaffView, n: number) => Promise<ListVariant>) =>
      forEach(
        Array.from({ length: VARIANTS }, (_, n) => staffOf(n)),
        variant,
      );
    return [
      {
        name: 'GET /api/drafts (a client’s content)',
        slug: 'drafts',
        parallel: false,
        idsOf: ids,
        variants: await forEach(clients, async (client) => ({
          path: '/api/drafts',
          cookie: client.account.cookie,
          statements: await capture(() => listDrafts(db, client.workspaceId, {})),
        })),
      },
      {
        name: 'GET /api/calendar (a month)',
        slug: 'calendar',
        parallel: false,
        idsOf: (body) => ids((body as { posts: unknown }).posts),
        variants: await forEach(clients, async (client, n) => {
          const range = calendarRange((n % 4) - 2);
          return {
            path: `/api/calendar${toQuery(range)}`,
            cookie: client.account.cookie,
            statements: await capture(() => listWorkspaceCalendar(db, client.workspaceId, ZCalendarQuery.parse(range))),
          };
        }),
      },
      {
        name: 'GET /api/admin/clients (search, sort, page)',
        slug: 'clients',
        parallel: false,
        idsOf: (body) => ids((body as { rows: unknown }).rows),
        variants: await staffVariants(async (staff, n) => ({
          path: `/api/admin/clients${toQuery(clientListQuery(n))}`,
          cookie: staff.account.cookie,
          statements: await capture(() =>
            listWorkspaces(handle, { ...ZListWorkspacesQuery.parse(clientListQuery(n)), scope: scopeOf(staff) }),
          ),
        })),
      },
      {
        name: 'GET /api/admin/requests (the inbox)',
        slug: 'requests',
        parallel: true,
        idsOf: (body) => ids((body as { rows: unknown }).rows),
        variants: await staffVariants(async (staff, n) => ({
          path: `/api/admin/requests${toQuery(inboxQuery(n))}`,
          cookie: staff.account.cookie,
          statements: await capture(() => listRequests(db, { ...ZListRequestsQuery.parse(inboxQuery(n)), scope: scopeOf(staff) })),
        })),
      },
      {
        name: 'GET /api/admin/requests/:id/timeline',
        slug: 'timeline',
        parallel: false,
        idsOf: ids,
        variants: await staffVariants(async (staff, n) => {
          const id = staff.requests[n % staff.requests.length];
          return {
            path: `/api/admin/requests/${id}/timeline`,
            cookie: staff.account.cookie,
            statements: await capture(() => listTimeline(db, 'request', id)),
          };
        }),
      },
      {
        name: 'GET /api/admin/calendar (a month, all clients in scope)',
        slug: 'admin-calendar',
        parallel: false,
        idsOf: (body) => ids((body as { posts: unknown }).posts),
        variants: await staffVariants(async (staff, n) => {
          const range = calendarRange(-(n % 2));
          return {
            path: `/api/admin/calendar${toQuery(range)}`,
            cookie: staff.account.cookie,
            statements: await capture(() => listAdminCalendar(db, scopeOf(staff), ZAdminCalendarQuery.parse(range))),
          };
        }),
      },
    ];
  } finally {
    await handle.close();
  }
}

/**
 * Asks Hookline and the bare route for every variant once and checks they hold the same rows in the
 * same order (the bare route may read one more: Hookline's "one more than shown" of a full calendar).
 */
export async function checkSameRows(routes: ListRoute[], appUrl: string, bareUrl: string): Promise<void> {
  for (const route of routes) {
    for (const [n, variant] of route.variants.entries()) {
      const app = await fetch(appUrl + variant.path, { headers: { cookie: variant.cookie } });
      const bare = await fetch(`${bareUrl}/${route.slug}/${n}`);
      if (app.status !== 200 || bare.status !== 200) throw new Error(`${route.name} #${n}: Hookline ${app.status}, bare ${bare.status}`);
      const appIds = route.idsOf(await app.json());
      const bareIds = ((await bare.json()) as unknown[][]).flat().flatMap((row) => (row as { id?: string }).id ?? []);
      const same = appIds.every((id, i) => bareIds[i] === id) && bareIds.length - appIds.length <= 1;
      if (!same)
        throw new Error(`${route.name} #${n}: the bare route's rows differ from Hookline's (${bareIds.length} vs ${appIds.length})`);
    }
  }
}

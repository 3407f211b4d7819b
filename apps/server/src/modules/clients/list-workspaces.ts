import type { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { TListWorkspacesResponse, ZListWorkspacesQuery } from '@hookline/shared';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { containsInsensitive, pageOffset } from '../../lib/query.ts';
import { withinClientScope, type ClientScope } from './client-scope.ts';
import { WORKSPACE_SUMMARY_COLUMNS, toWorkspaceSummary } from './workspace-summary.ts';

const SORT_COLUMNS = { name: 'name', owner: 'ownerEmail', status: 'status' } as const;
/** The same sorts in SQLite's clientSearch table, whose keys are lower-cased already (migration 008). */
const SEARCH_SORT_KEYS = { name: 'nameKey', owner: 'ownerKey', status: 'status' } as const;

type TListWorkspacesQuery = z.output<typeof ZListWorkspacesQuery>;
/** The query, limited to the clients the caller may see. */
type ScopedQuery = TListWorkspacesQuery & { scope: ClientScope };

/**
 * Search (name or owner), status filter, sort and one page, with the total of all matches.
 * - A search on SQLite of three characters or more (the shortest a trigram index holds): migration
 *   008's FTS5 table finds, sorts and pages the matches by itself; only the page's 20 workspaces are
 *   then read.
 * - Otherwise the page is read in the order of its sort's lower(…) index (migration 007), a search
 *   testing 007's search index; on PostgreSQL 008's pg_trgm indexes serve that `like` as written.
 * The count runs only when the page alone cannot tell it. A manager's list, page and count alike,
 * keeps only the clients assigned to them, tested per candidate by primary key (workspaceManager).
 */
export async function listWorkspaces(database: DatabaseHandle, query: ScopedQuery): Promise<TListWorkspacesResponse> {
  const { db } = database;
  const offset = pageOffset(query.page, query.pageSize);
  const phrase = trigramPhrase(database, query.search);
  const rows = phrase ? await readSearchPage(db, query, phrase, offset) : await readPage(db, query, offset);
  return { rows: rows.map(toWorkspaceSummary), total: await countWorkspaces(db, query, phrase, rows.length, offset) };
}

/** The search as an FTS5 phrase (for the trigram tokenizer a plain substring, % and _ literal), or null where it does not apply. */
function trigramPhrase({ kind }: DatabaseHandle, term: string | undefined): string | null {
  if (!term || kind !== 'sqlite' || [...term].length < 3) return null;
  return `"${term.replaceAll('"', '""')}"`;
}

async function readPage(db: Db, query: ScopedQuery, offset: number) {
  let page = db.selectFrom('workspace');
  if (query.search) {
    // NOTE: `|| ''` keeps SQLite from fetching every match by id and sorting them all; it walks the
    // sort index instead and tests each entry against the set of matches (fast for common terms too).
    page = page.where((eb) => eb(sql<string>`${eb.ref('id')} || ''`, 'in', matchingWorkspaces(db, query)));
  } else {
    page = page.$call(withinClientScope(query.scope, 'workspace.id'));
    if (query.status) page = page.where('status', '=', query.status);
  }
  return (
    page
      .select(WORKSPACE_SUMMARY_COLUMNS)
      // lower(): the same order on SQLite (binary collation) and PostgreSQL (locale collation).
      .orderBy((eb) => eb.fn('lower', [eb.ref(SORT_COLUMNS[query.sortBy])]), query.sortDir)
      .orderBy('id', query.sortDir)
      .limit(query.pageSize)
      .offset(offset)
      .execute()
  );
}

async function readSearchPage(db: Db, query: ScopedQuery, phrase: string, offset: number) {
  const pageIds = searchMatches(db, phrase, query)
    .select('id')
    .orderBy(SEARCH_SORT_KEYS[query.sortBy], query.sortDir)
    .orderBy('id', query.sortDir)
    .limit(query.pageSize)
    .offset(offset);
  return db
    .selectFrom('workspace')
    .select(WORKSPACE_SUMMARY_COLUMNS)
    .where('id', 'in', pageIds)
    .orderBy((eb) => eb.fn('lower', [eb.ref(SORT_COLUMNS[query.sortBy])]), query.sortDir)
    .orderBy('id', query.sortDir)
    .execute();
}

/** SQLite's search table narrowed to the phrase, the status filter and the caller's clients. */
function searchMatches(db: Db, phrase: string, query: ScopedQuery) {
  const matches = db
    .selectFrom('clientSearch')
    .where(sql<SqlBool>`"clientSearch" match ${phrase}`)
    .$call(withinClientScope(query.scope, 'clientSearch.id'));
  return query.status ? matches.where('status', '=', query.status) : matches;
}

/** The ids of the workspaces the search and status filter match (the scanning path). */
function matchingWorkspaces(db: Db, query: ScopedQuery) {
  let matches = db.selectFrom('workspace').select('id').$call(withinClientScope(query.scope, 'workspace.id'));
  const term = query.search;
  if (term)
    matches = matches.where((eb) => eb.or([containsInsensitive(eb.ref('name'), term), containsInsensitive(eb.ref('ownerEmail'), term)]));
  if (query.status) matches = matches.where('status', '=', query.status);
  return matches;
}

/** A page that is neither full nor past the end is the last one (or the first, empty): the total follows from it. */
async function countWorkspaces(db: Db, query: ScopedQuery, phrase: string | null, found: number, offset: number): Promise<number> {
  if (found < query.pageSize && (found > 0 || offset === 0)) return offset + found;
  const total = sql<number | string>`count(*)`.as('total');
  const count = await (
    phrase ? searchMatches(db, phrase, query).select(total) : matchingWorkspaces(db, query).clearSelect().select(total)
  ).executeTakeFirstOrThrow();
  return Number(count.total);
}

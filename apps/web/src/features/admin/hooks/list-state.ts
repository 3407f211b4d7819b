import { PAGE_SIZES } from '@hookline/shared';

export type SortDir = 'asc' | 'desc';

/** What a list keeps in the URL: its sortable columns, default sort, and filters (first value = default). */
export interface ListConfig<S extends string, F extends Record<string, readonly string[]>> {
  sortColumns: readonly S[];
  defaultSort: { sortBy: S; sortDir: SortDir };
  filters: F;
}

export interface ListState<S extends string, F extends Record<string, readonly string[]>> {
  search: string;
  page: number;
  pageSize: number;
  sortBy: S;
  sortDir: SortDir;
  filters: { [K in keyof F]: F[K][number] };
}

export const DEFAULT_PAGE_SIZE = 10;
const BASE_KEYS = ['search', 'page', 'pageSize', 'sortBy', 'sortDir'] as const;

const isOneOf = <T extends string>(options: readonly T[], value: string | null): value is T =>
  value !== null && options.includes(value as T);

/** The list state in URL search params; anything missing or invalid falls back to its default. */
export function readListState<S extends string, F extends Record<string, readonly string[]>>(
  params: URLSearchParams,
  config: ListConfig<S, F>,
): ListState<S, F> {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sortBy = params.get('sortBy');
  const sortDir = params.get('sortDir');
  const filters = {} as ListState<S, F>['filters'];
  for (const key of Object.keys(config.filters) as Array<keyof F>) {
    const options = config.filters[key];
    const value = params.get(String(key));
    filters[key] = isOneOf(options, value) ? value : options[0];
  }
  return {
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sortBy: isOneOf(config.sortColumns, sortBy) ? sortBy : config.defaultSort.sortBy,
    sortDir: sortDir === 'asc' || sortDir === 'desc' ? sortDir : config.defaultSort.sortDir,
    filters,
  };
}

/** The params with the list state written in, defaults left out so a plain URL means the default view. */
export function writeListState<S extends string, F extends Record<string, readonly string[]>>(
  params: URLSearchParams,
  state: ListState<S, F>,
  config: ListConfig<S, F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...BASE_KEYS, ...Object.keys(config.filters)]) next.delete(key);
  const set = (key: string, value: string, fallback: string) => value !== fallback && next.set(key, value);
  set('search', state.search, '');
  for (const key of Object.keys(config.filters) as Array<keyof F & string>) set(key, state.filters[key], config.filters[key][0]);
  set('sortBy', state.sortBy, config.defaultSort.sortBy);
  set('sortDir', state.sortDir, config.defaultSort.sortDir);
  set('page', String(state.page), '1');
  set('pageSize', String(state.pageSize), String(DEFAULT_PAGE_SIZE));
  return next;
}

/**
 * Clicking the current sort column flips asc/desc; clicking another column sorts by
 * it, keeping the direction already in effect, and goes back to page 1.
 */
export function applySort<S extends string, F extends Record<string, readonly string[]>>(
  state: ListState<S, F>,
  column: S,
): ListState<S, F> {
  if (column === state.sortBy) return { ...state, sortDir: state.sortDir === 'asc' ? 'desc' : 'asc' };
  return { ...state, sortBy: column, page: 1 };
}

/** Any search or filter change goes back to page 1. */
export function applySearch<S extends string, F extends Record<string, readonly string[]>>(
  state: ListState<S, F>,
  search: string,
): ListState<S, F> {
  return search === state.search ? state : { ...state, search, page: 1 };
}

export function applyFilter<S extends string, F extends Record<string, readonly string[]>, K extends keyof F>(
  state: ListState<S, F>,
  key: K,
  value: F[K][number],
): ListState<S, F> {
  return value === state.filters[key] ? state : { ...state, filters: { ...state.filters, [key]: value }, page: 1 };
}

/** A new page size starts again from page 1 (the old page number may no longer exist). */
export function applyPageSize<S extends string, F extends Record<string, readonly string[]>>(
  state: ListState<S, F>,
  pageSize: number,
): ListState<S, F> {
  return pageSize === state.pageSize ? state : { ...state, pageSize, page: 1 };
}

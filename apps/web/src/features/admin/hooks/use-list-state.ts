import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyFilter,
  applyPageSize,
  applySearch,
  applySort,
  readListState,
  writeListState,
  type ListConfig,
  type ListState,
} from './list-state';

/**
 * A list's search, filters, sort and page, kept in the URL search params so reload and back keep
 * the view. Search edits replace the history entry; other changes add one.
 */
export function useListState<S extends string, F extends Record<string, readonly string[]>>(config: ListConfig<S, F>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, config), [params, config]);

  const commit = (next: ListState<S, F>, replace = false) => {
    if (next !== state) setParams(writeListState(params, next, config), { replace });
  };

  return {
    state,
    setSearch: (search: string) => commit(applySearch(state, search), true),
    setFilter: <K extends keyof F>(key: K, value: F[K][number]) => commit(applyFilter(state, key, value)),
    sort: (column: S) => commit(applySort(state, column)),
    setPage: (page: number) => commit(page === state.page ? state : { ...state, page: Math.max(1, page) }),
    setPageSize: (pageSize: number) => commit(applyPageSize(state, pageSize)),
  };
}

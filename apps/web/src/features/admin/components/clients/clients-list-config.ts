import { CLIENT_STATUSES } from '@hookline/shared';
import type { ListConfig } from '../../hooks/list-state';

/** SPEC: Clients list defaults — name ascending, status all. */
export const CLIENT_LIST = {
  sortColumns: ['name', 'owner', 'status'],
  defaultSort: { sortBy: 'name', sortDir: 'asc' },
  filters: { status: ['all', ...CLIENT_STATUSES] },
} as const satisfies ListConfig<'name' | 'owner' | 'status', { status: readonly string[] }>;

export type ClientSortColumn = (typeof CLIENT_LIST.sortColumns)[number];

export const CLIENT_SKELETON_ROWS = 5;

import { WORKSPACE_STATUSES } from '@hookline/shared';
import type { ListConfig } from '../../hooks/list-state';

/** The Clients list starts sorted by name ascending, with all statuses. */
export const CLIENT_LIST = {
  sortColumns: ['name', 'owner', 'status'],
  defaultSort: { sortBy: 'name', sortDir: 'asc' },
  filters: { status: ['all', ...WORKSPACE_STATUSES] },
} as const satisfies ListConfig<'name' | 'owner' | 'status', { status: readonly string[] }>;

export type ClientSortColumn = (typeof CLIENT_LIST.sortColumns)[number];

export const CLIENT_SKELETON_ROWS = 5;

import { REQUEST_STATUSES, REQUEST_TYPES } from '@hookline/shared';
import type { ListConfig } from '../../hooks/list-state';

/** The Requests list starts newest first, with all statuses and types. */
export const REQUEST_LIST = {
  sortColumns: ['createdAt', 'type', 'subject', 'requester', 'status'],
  defaultSort: { sortBy: 'createdAt', sortDir: 'desc' },
  filters: { status: ['all', ...REQUEST_STATUSES], type: ['all', ...REQUEST_TYPES] },
} as const satisfies ListConfig<
  'createdAt' | 'type' | 'subject' | 'requester' | 'status',
  { status: readonly string[]; type: readonly string[] }
>;

export type RequestSortColumn = (typeof REQUEST_LIST.sortColumns)[number];

export const REQUEST_SKELETON_ROWS = 6;

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOverviewRange, TOverviewResponse } from '@hookline/shared';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, toQueryString } from './keys';

export function getOverview(range: TOverviewRange): Promise<TOverviewResponse> {
  return apiFetch<TOverviewResponse>(`/api/admin/overview${toQueryString({ range })}`);
}

/** Keeps the previous range on screen while another loads. */
export const overviewQuery = (range: TOverviewRange) =>
  queryOptions({ queryKey: adminKeys.overview(range), queryFn: () => getOverview(range), placeholderData: keepPreviousData });

export function useOverview(range: TOverviewRange) {
  return useQuery(overviewQuery(range));
}

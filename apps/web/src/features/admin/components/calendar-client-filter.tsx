import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { workspaceSummaryQuery } from '../api/get-workspace-summary';
import { useWorkspacesList } from '../api/list-workspaces';
import { SearchBox } from './list/search-box';

/**
 * The agency calendar's client filter: the clients the console lists for this staff member (50 at
 * a time, by name), narrowed by a search; the chosen client stays an option when a search leaves it out.
 */
export function CalendarClientFilter({
  clientId,
  onChange,
  search,
  onSearch,
}: {
  clientId: string | undefined;
  onChange: (clientId: string | undefined) => void;
  search: string;
  onSearch: (search: string) => void;
}) {
  const id = useId();
  const list = useWorkspacesList({ search: search || undefined, page: 1, pageSize: 50, sortBy: 'name', sortDir: 'asc' });
  const rows = list.data?.rows ?? [];
  const listed = clientId === undefined || rows.some((row) => row.id === clientId);
  const chosen = useQuery({ ...workspaceSummaryQuery(clientId ?? ''), enabled: !listed });
  const options = listed || !chosen.data ? rows : [chosen.data, ...rows];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={id}>Client</Label>
        <Select id={id} value={clientId ?? ''} onChange={(event) => onChange(event.target.value || undefined)} className="w-56">
          <option value="">All clients</option>
          {options.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-64">
        <SearchBox value={search} onSearch={onSearch} placeholder="Find a client…" label="Find a client for the filter" />
      </div>
    </div>
  );
}

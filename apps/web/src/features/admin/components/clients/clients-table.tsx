import { Link } from 'react-router';
import { LayoutDashboard, UserPlus } from 'lucide-react';
import type { TWorkspaceSummary } from '@hookline/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { workspaceUrl } from '@/lib/active-workspace';
import { Table, TableMessage, TBody, Td, Th, THead } from '@/components/ui/table';
import type { SortDir } from '../../hooks/list-state';
import { SkeletonRows } from '../list/skeleton-rows';
import { SortableHeader } from '../list/sortable-header';
import { useBackState } from '../shared/back-link';
import { ClientStatusBadge } from '../shared/status-badges';
import { CLIENT_SKELETON_ROWS, type ClientSortColumn } from './clients-list-config';

const COLUMNS: Array<{ column: ClientSortColumn; label: string }> = [
  { column: 'name', label: 'Client' },
  { column: 'owner', label: 'Owner Email' },
  { column: 'status', label: 'Status' },
];

export function ClientsTable({
  rows,
  loading,
  sortBy,
  sortDir,
  onSort,
  onAssign,
}: {
  rows: TWorkspaceSummary[];
  loading: boolean;
  sortBy: ClientSortColumn;
  sortDir: SortDir;
  onSort: (column: ClientSortColumn) => void;
  /** Absent for managers: admins and founders assign managers. */
  onAssign?: (client: TWorkspaceSummary) => void;
}) {
  const backState = useBackState();
  return (
    <Table caption="Clients">
      <THead>
        <tr>
          {COLUMNS.map(({ column, label }) => (
            <SortableHeader key={column} column={column} label={label} sortBy={sortBy} sortDir={sortDir} onSort={onSort} />
          ))}
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody aria-busy={loading || undefined}>
        {loading ? (
          <SkeletonRows rows={CLIENT_SKELETON_ROWS} columns={COLUMNS.length + 1} />
        ) : rows.length === 0 ? (
          <TableMessage colSpan={COLUMNS.length + 1}>No clients found</TableMessage>
        ) : (
          rows.map((client) => (
            <tr key={client.id} className="hover:bg-slate-50/70">
              <Td className="whitespace-nowrap font-medium text-slate-900">
                <Link
                  state={backState}
                  to={`/admin/clients/${encodeURIComponent(client.id)}`}
                  className="hover:text-brand-700 hover:underline"
                >
                  {client.name}
                </Link>
              </Td>
              <Td className="whitespace-nowrap">{client.owner}</Td>
              <Td>
                <ClientStatusBadge status={client.status} />
              </Td>
              <Td>
                <div className="flex justify-end gap-2 whitespace-nowrap">
                  <Link
                    state={backState}
                    to={`/admin/clients/${encodeURIComponent(client.id)}`}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    Open<span className="sr-only"> {client.name}</span>
                  </Link>
                  {/* A page load, not a route change: the dashboard starts clean in this client's workspace. */}
                  <a href={workspaceUrl(client.id)} className={buttonClasses('ghost', 'sm')}>
                    <LayoutDashboard className="size-4" aria-hidden /> Open workspace<span className="sr-only"> of {client.name}</span>
                  </a>
                  {onAssign ? (
                    <Button variant="ghost" size="sm" onClick={() => onAssign(client)}>
                      <UserPlus className="size-4" aria-hidden /> Assign Manager<span className="sr-only"> for {client.name}</span>
                    </Button>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

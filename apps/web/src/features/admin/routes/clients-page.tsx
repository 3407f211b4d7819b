import { useState } from 'react';
import { Plus } from 'lucide-react';
import { seesAllClients, type TWorkspaceSummary } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useAuth } from '@/lib/auth/use-auth';
import { useWorkspacesList } from '../api/list-workspaces';
import { AssignManagerDialog } from '../components/clients/assign-manager-dialog';
import { CLIENT_LIST } from '../components/clients/clients-list-config';
import { ClientsTable } from '../components/clients/clients-table';
import { NewClientDialog } from '../components/clients/new-client-dialog';
import { ListSummary } from '../components/list/list-summary';
import { Pagination } from '../components/list/pagination';
import { SearchBox } from '../components/list/search-box';
import { PageHeader } from '../components/shared/page-header';
import { useListState } from '../hooks/use-list-state';

const STATUS_OPTIONS = CLIENT_LIST.filters.status.map((value) => ({ value, label: value }));

export default function ClientsPage() {
  const { user } = useAuth();
  const { state, setSearch, setFilter, sort, setPage, setPageSize } = useListState(CLIENT_LIST);
  const status = state.filters.status;
  const list = useWorkspacesList({
    search: state.search || undefined,
    status: status === 'all' ? undefined : status,
    page: state.page,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortDir: state.sortDir,
  });
  const [assignFor, setAssignFor] = useState<TWorkspaceSummary | null>(null);
  const [creating, setCreating] = useState(false);

  const rows = list.isError ? [] : (list.data?.rows ?? []);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Clients"
        subtitle="Assign managers, open workspaces, and control plan limits."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> New Client
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SegmentedControl
          label="Filter by status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setFilter('status', value)}
        />
        <SearchBox value={state.search} onSearch={setSearch} placeholder="Search by name or owner…" label="Search clients" />
        <div className="ml-auto">
          <ListSummary total={list.isError ? undefined : list.data?.total} refreshing={list.isFetching && list.data !== undefined} />
        </div>
      </div>
      {list.isError ? (
        <Alert tone="error" className="mb-4">
          API error: {list.error.message}
        </Alert>
      ) : null}
      <ClientsTable
        rows={rows}
        loading={list.isPending}
        sortBy={state.sortBy}
        sortDir={state.sortDir}
        onSort={sort}
        onAssign={seesAllClients(user?.role) ? setAssignFor : undefined}
      />
      <Pagination
        label="Clients pages"
        page={state.page}
        pageSize={state.pageSize}
        total={list.data?.total ?? 0}
        rowCount={rows.length}
        onPage={setPage}
        onPageSize={setPageSize}
      />
      <AssignManagerDialog client={assignFor} onClose={() => setAssignFor(null)} />
      <NewClientDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

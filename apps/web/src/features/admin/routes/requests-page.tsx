import { Alert } from '@/components/ui/alert';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useRequestsList } from '../api/list-requests';
import { humanize } from '../format';
import { ListSummary } from '../components/list/list-summary';
import { Pagination } from '../components/list/pagination';
import { SearchBox } from '../components/list/search-box';
import { PageHeader } from '../components/shared/page-header';
import { REQUEST_LIST } from '../components/requests/requests-list-config';
import { RequestsTable } from '../components/requests/requests-table';
import { useListState } from '../hooks/use-list-state';

const STATUS_OPTIONS = REQUEST_LIST.filters.status.map((value) => ({ value, label: humanize(value) }));
const TYPE_OPTIONS = REQUEST_LIST.filters.type.map((value) => ({ value, label: humanize(value) }));

export default function RequestsPage() {
  const { state, setSearch, setFilter, sort, setPage, setPageSize } = useListState(REQUEST_LIST);
  const { status, type } = state.filters;
  const list = useRequestsList({
    search: state.search || undefined,
    status: status === 'all' ? undefined : status,
    type: type === 'all' ? undefined : type,
    page: state.page,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortDir: state.sortDir,
  });
  const rows = list.isError ? [] : (list.data?.rows ?? []);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Requests" subtitle="Incoming onboarding & support requests from clients." />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SegmentedControl
          label="Filter by status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setFilter('status', value)}
        />
        <SegmentedControl label="Filter by type" options={TYPE_OPTIONS} value={type} onChange={(value) => setFilter('type', value)} />
        <SearchBox value={state.search} onSearch={setSearch} placeholder="Search subject or requester…" label="Search requests" />
        <div className="ml-auto">
          <ListSummary total={list.isError ? undefined : list.data?.total} refreshing={list.isFetching && list.data !== undefined} />
        </div>
      </div>
      {list.isError ? (
        <Alert tone="error" className="mb-4">
          API error: {list.error.message}
        </Alert>
      ) : null}
      <RequestsTable rows={rows} loading={list.isPending} sortBy={state.sortBy} sortDir={state.sortDir} onSort={sort} />
      <Pagination
        label="Requests pages"
        page={state.page}
        pageSize={state.pageSize}
        total={list.data?.total ?? 0}
        rowCount={rows.length}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </div>
  );
}

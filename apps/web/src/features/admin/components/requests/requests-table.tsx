import { Link } from 'react-router';
import type { TRequest } from '@hookline/shared';
import { buttonClasses } from '@/components/ui/button';
import { Table, TableMessage, TBody, Td, Th, THead } from '@/components/ui/table';
import { formatDateTime, sentenceCase } from '../../format';
import type { SortDir } from '../../hooks/list-state';
import { SkeletonRows } from '../list/skeleton-rows';
import { SortableHeader } from '../list/sortable-header';
import { useBackState } from '../shared/back-link';
import { RequestStatusBadge } from '../shared/status-badges';
import { REQUEST_SKELETON_ROWS, type RequestSortColumn } from './requests-list-config';

const COLUMNS: Array<{ column: RequestSortColumn; label: string }> = [
  { column: 'createdAt', label: 'Created' },
  { column: 'type', label: 'Type' },
  { column: 'subject', label: 'Subject' },
  { column: 'requester', label: 'Requester' },
  { column: 'status', label: 'Status' },
];

const detailPath = (request: TRequest) => `/admin/requests/${encodeURIComponent(request.id)}`;

export function RequestsTable({
  rows,
  loading,
  sortBy,
  sortDir,
  onSort,
}: {
  rows: TRequest[];
  loading: boolean;
  sortBy: RequestSortColumn;
  sortDir: SortDir;
  onSort: (column: RequestSortColumn) => void;
}) {
  const backState = useBackState();
  return (
    <Table caption="Requests" minWidth="min-w-[48rem]">
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
          <SkeletonRows rows={REQUEST_SKELETON_ROWS} columns={COLUMNS.length + 1} />
        ) : rows.length === 0 ? (
          <TableMessage colSpan={COLUMNS.length + 1}>No requests found</TableMessage>
        ) : (
          rows.map((request) => (
            <tr key={request.id} className="hover:bg-slate-50/70">
              <Td className="whitespace-nowrap text-slate-600">
                <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
              </Td>
              <Td className="whitespace-nowrap">{sentenceCase(request.type)}</Td>
              <Td className="min-w-48 font-medium text-slate-900">
                <Link state={backState} to={detailPath(request)} className="hover:text-brand-700 hover:underline">
                  {request.subject}
                </Link>
              </Td>
              <Td className="whitespace-nowrap">{request.requester}</Td>
              <Td>
                <RequestStatusBadge status={request.status} />
              </Td>
              <Td className="text-right">
                <Link state={backState} to={detailPath(request)} className={buttonClasses('secondary', 'sm')}>
                  Open<span className="sr-only"> {request.subject}</span>
                </Link>
              </Td>
            </tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

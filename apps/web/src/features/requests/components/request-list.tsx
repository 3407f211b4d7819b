import { Link } from 'react-router';
import { REQUEST_TYPE_LABELS, type TClientRequest } from '@hookline/shared';
import { cn } from '@/lib/cn';
import { formatFull, formatWhen } from '@/lib/zoned-time';
import { RequestStatusBadge } from './request-status-badge';

/** The workspace's requests, newest first; each opens its detail through the address (?request=id). */
export function RequestList({
  requests,
  selectedId,
  timeZone,
}: {
  requests: TClientRequest[];
  selectedId: string | null;
  timeZone: string;
}) {
  return (
    <nav aria-label="Your requests">
      <ul className="grid gap-2">
        {requests.map((request) => {
          const selected = request.id === selectedId;
          return (
            <li key={request.id}>
              <Link
                to={`?request=${encodeURIComponent(request.id)}`}
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'block rounded-xl bg-white p-4 shadow-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  selected ? 'ring-2 ring-brand-500' : 'ring-slate-200 hover:bg-slate-50',
                )}
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="min-w-0 break-words text-sm font-semibold text-slate-900">{request.subject}</span>
                  <RequestStatusBadge status={request.status} />
                </span>
                <span className="mt-1 block text-xs text-slate-500">
                  {REQUEST_TYPE_LABELS[request.type]} ·{' '}
                  <time dateTime={request.createdAt} title={formatFull(request.createdAt, timeZone)}>
                    {formatWhen(request.createdAt, timeZone)}
                  </time>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { RefreshCw } from 'lucide-react';
import { formatCount } from '../../format';

/** '{n} total' and, while a newer page loads behind the shown one, 'Refreshing'. */
export function ListSummary({ total, refreshing }: { total: number | undefined; refreshing: boolean }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" aria-live="polite">
      {total !== undefined ? <span>{formatCount(total)} total</span> : null}
      {refreshing ? (
        <span className="inline-flex items-center gap-1.5 text-brand-700">
          <RefreshCw className="size-3.5 animate-spin" aria-hidden /> Refreshing
        </span>
      ) : null}
    </div>
  );
}

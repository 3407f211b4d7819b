import type { TOverviewResponse } from '@hookline/shared';
import { formatDateTime } from '../../format';

/** What happened, who did it, and when (times formatted when they are dates). */
export function RecentActivity({ items }: { items: TOverviewResponse['recent'] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">No recent activity.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Recent activity">
      {items.map((item, index) => (
        <li key={index} className="py-2.5 first:pt-0 last:pb-0">
          <p className="break-words text-sm text-slate-800">{item.what}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            {item.who} · {formatDateTime(item.when)}
          </p>
        </li>
      ))}
    </ul>
  );
}

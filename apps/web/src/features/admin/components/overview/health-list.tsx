import type { TOverviewResponse } from '@hookline/shared';
import { HealthBadge } from '../shared/status-badges';

/** System checks with healthy / degraded / down badges. */
export function HealthList({ checks }: { checks: TOverviewResponse['health'] }) {
  if (checks.length === 0) return <p className="text-sm text-slate-500">No checks reported.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="System health checks">
      {checks.map((check) => (
        <li key={check.name} className="flex items-start justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">{check.name}</p>
            {/* Wrapped, not cut: what went wrong is in the detail, and a phone or a keyboard has no hover to read a cut one. */}
            {check.detail ? <p className="text-xs break-words text-slate-500">{check.detail}</p> : null}
          </div>
          <HealthBadge status={check.status} />
        </li>
      ))}
    </ul>
  );
}

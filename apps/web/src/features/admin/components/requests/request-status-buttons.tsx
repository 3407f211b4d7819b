import { REQUEST_STATUSES, type TRequestStatus } from '@hookline/shared';
import { cn } from '@/lib/cn';
import { humanize } from '../../format';

/** open / in progress / closed; the current one is pressed (any status can be set from any other). */
export function RequestStatusButtons({
  value,
  onChange,
  disabled,
}: {
  value: TRequestStatus;
  onChange: (status: TRequestStatus) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label="Request status" className="inline-flex flex-wrap gap-2">
      {REQUEST_STATUSES.map((status) => {
        const active = status === value;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={active}
            disabled={disabled}
            onClick={() => !active && onChange(status)}
            className={cn(
              'rounded-lg px-3.5 py-2 text-sm font-medium ring-1 first-letter:uppercase transition-colors disabled:cursor-not-allowed disabled:opacity-60',
              active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {humanize(status)}
          </button>
        );
      })}
    </div>
  );
}

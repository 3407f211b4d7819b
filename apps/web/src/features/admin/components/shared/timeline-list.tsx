import { Eye } from 'lucide-react';
import type { TTimelineEntry } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '../../format';

/** Activity entries (text, who, time), newest first, those the client sees marked; skeletons while loading. */
export function TimelineList({ entries, loading, label = 'Activity' }: { entries: TTimelineEntry[]; loading: boolean; label?: string }) {
  if (loading) {
    return (
      <div className="grid gap-4" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="mt-1 size-2.5 shrink-0 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (entries.length === 0) return <p className="text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="relative grid gap-5 border-l border-slate-200 pl-5" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-brand-500 ring-4 ring-white" aria-hidden />
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{entry.text}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            <span>
              {entry.who} · <time dateTime={entry.ts}>{formatDateTime(entry.ts)}</time>
            </span>
            {entry.forClient ? (
              <Badge tone="brand">
                <Eye className="size-3" aria-hidden /> Seen by client
              </Badge>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  );
}

import type { TDraft } from '@hookline/shared';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { formatFull, formatWhen } from '@/lib/zoned-time';
import { excerpt } from '../compute-overview';
import { TYPE_NOUNS } from '../labels';

/** The Overview's upcoming items: queued drafts, soonest first. */
export function UpcomingList({ drafts, timeZone }: { drafts: TDraft[]; timeZone: string }) {
  if (drafts.length === 0) return <p className="text-sm text-slate-500">Nothing queued. Queue a draft from Content to schedule it.</p>;
  return (
    <ol className="grid gap-3" aria-label="Upcoming posts">
      {drafts.map((draft) => {
        const at = draft.scheduledAt!;
        const text = excerpt(draft.text);
        return (
          <li key={draft.id} className="flex min-w-0 items-start gap-3">
            <time
              dateTime={at}
              title={formatFull(at, timeZone)}
              className="shrink-0 rounded-lg bg-brand-50 px-2 py-1 text-xs font-semibold text-brand-800 tabular-nums"
            >
              {formatWhen(at, timeZone)}
            </time>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-800">
                {CHANNEL_LABELS[draft.channel]} {TYPE_NOUNS[draft.type]}
              </p>
              <p className="truncate text-xs text-slate-500">{text || 'No text yet'}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

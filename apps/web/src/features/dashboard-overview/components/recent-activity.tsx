import { CalendarClock, CircleCheck, LoaderCircle, PenLine, type LucideIcon } from 'lucide-react';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { formatFull, formatWhen } from '@/lib/zoned-time';
import { excerpt, type DraftEvent, type DraftEventKind } from '../compute-overview';
import { TYPE_NOUNS } from '../labels';

const KINDS: Record<DraftEventKind, { icon: LucideIcon; verb: string; tone: string }> = {
  created: { icon: PenLine, verb: 'created', tone: 'bg-slate-100 text-slate-600' },
  queued: { icon: CalendarClock, verb: 'queued', tone: 'bg-brand-50 text-brand-700' },
  publishing: { icon: LoaderCircle, verb: 'publishing', tone: 'bg-amber-50 text-amber-700' },
  published: { icon: CircleCheck, verb: 'published', tone: 'bg-emerald-50 text-emerald-700' },
};

/** The Overview's recent activity: the latest draft events (created, queued, published) with times. */
export function RecentActivity({ events, timeZone }: { events: DraftEvent[]; timeZone: string }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No activity yet. Drafts you create will show up here.</p>;
  return (
    <ul className="grid gap-3" aria-label="Recent activity">
      {events.map(({ key, kind, at, draft }) => {
        const { icon: Icon, verb, tone } = KINDS[kind];
        const text = excerpt(draft.text);
        return (
          <li key={key} className="flex min-w-0 gap-3">
            <span className={`grid size-8 shrink-0 place-items-center rounded-lg ${tone}`}>
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-800">
                <span className="font-medium">
                  {CHANNEL_LABELS[draft.channel]} {TYPE_NOUNS[draft.type]}
                </span>{' '}
                {verb}
                {kind === 'queued' && draft.scheduledAt ? ` for ${formatWhen(draft.scheduledAt, timeZone)}` : ''}
              </p>
              <p className="truncate text-xs text-slate-500">
                <time dateTime={at} title={formatFull(at, timeZone)}>
                  {formatWhen(at, timeZone)}
                </time>
                {text ? ` · ${text}` : ''}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { CalendarRange, ListTodo, Radio, Send, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Analytics } from '../compute-analytics';

const count = new Intl.NumberFormat();
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** The KPIs that can honestly be computed from the workspace's own drafts. */
export function KpiCards({ analytics }: { analytics: Analytics }) {
  const { kpis, sample } = analytics;
  const cards: Array<{ label: string; value: string; hint: string; icon: LucideIcon }> = [
    { label: 'Posts published', value: count.format(kpis.publishedInPeriod), hint: 'Last 30 days', icon: Send },
    { label: 'Active channels', value: count.format(kpis.activeChannels), hint: 'Published to in the last 30 days', icon: Radio },
    { label: 'Average posts per week', value: oneDecimal.format(kpis.averagePerWeek), hint: 'Over the last 30 days', icon: CalendarRange },
    { label: 'Queued now', value: count.format(kpis.queuedNow), hint: 'Waiting to publish', icon: ListTodo },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-label="Publishing figures">
      {cards.map(({ label, value, hint, icon: Icon }) => (
        <li key={label} className="flex min-w-0 flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
          <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <span className="rounded-lg bg-brand-50 p-1.5 text-brand-700">
              <Icon className="size-4" aria-hidden />
            </span>
            {label}
          </span>
          <span className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</span>
          <span className="mt-1 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-slate-500">
            {hint}
            {sample ? <Badge tone="warning">Sample</Badge> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

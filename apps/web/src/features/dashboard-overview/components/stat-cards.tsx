import { Link } from 'react-router';
import { ArrowUpRight, CalendarCheck, ListTodo, MessagesSquare, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { SAMPLE_STATS } from '../labels';

const count = new Intl.NumberFormat();

/**
 * The Overview's stat cards Queue, DM Follow-ups, Appointments. Queue counts the real queued drafts;
 * the other two have no data source yet, so they show sample numbers, labelled as such.
 */
export function StatCards({ queued }: { queued: number | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Key figures">
      <li>
        <Link
          to="/dashboard/content"
          className="group flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
        >
          <StatLabel icon={ListTodo} label="Queue">
            <ArrowUpRight className="size-4 text-slate-400 transition group-hover:text-brand-600" aria-hidden />
          </StatLabel>
          <span className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {queued === undefined ? <Skeleton className="h-9 w-14" /> : count.format(queued)}
          </span>
          <span className="mt-1 text-xs text-slate-500">{queued === 1 ? 'draft queued to publish' : 'drafts queued to publish'}</span>
        </Link>
      </li>
      <SampleStat icon={MessagesSquare} label="DM Follow-ups" value={SAMPLE_STATS.dmFollowUps} hint="No inbox is linked yet" />
      <SampleStat icon={CalendarCheck} label="Appointments" value={SAMPLE_STATS.appointments} hint="No calendar is linked yet" />
    </ul>
  );
}

function StatLabel({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children?: React.ReactNode }) {
  return (
    <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
      <span className="flex items-center gap-2">
        <span className="rounded-lg bg-brand-50 p-1.5 text-brand-700">
          <Icon className="size-4" aria-hidden />
        </span>
        {label}
      </span>
      {children}
    </span>
  );
}

function SampleStat({ icon, label, value, hint }: { icon: LucideIcon; label: string; value: number; hint: string }) {
  return (
    <li className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <StatLabel icon={icon} label={label}>
        <Badge tone="warning">Sample data</Badge>
      </StatLabel>
      <span className="mt-3 text-3xl font-semibold tracking-tight text-slate-500 tabular-nums">{count.format(value)}</span>
      <span className="mt-1 text-xs text-slate-500">{hint}</span>
    </li>
  );
}

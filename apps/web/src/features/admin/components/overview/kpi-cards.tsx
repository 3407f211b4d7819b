import { Link } from 'react-router';
import { ArrowUpRight, Building2, DollarSign, Inbox, Users, type LucideIcon } from 'lucide-react';
import type { TOverviewResponse } from '@hookline/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatUsd } from '../../format';

const CARDS: Array<{ key: keyof TOverviewResponse['kpis']; label: string; to: string; icon: LucideIcon; money?: boolean }> = [
  { key: 'totalClients', label: 'Total clients', to: '/admin/clients', icon: Users },
  { key: 'activeWorkspaces', label: 'Active workspaces', to: '/admin/clients?status=active', icon: Building2 },
  { key: 'pendingRequests', label: 'Pending requests', to: '/admin/requests', icon: Inbox },
  { key: 'mrrUsd', label: 'MRR', to: '/admin/clients', icon: DollarSign, money: true },
];

/** Four KPI cards, each a link to the list behind it. */
export function KpiCards({ kpis }: { kpis: TOverviewResponse['kpis'] | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Key figures">
      {CARDS.map(({ key, label, to, icon: Icon, money }) => (
        <li key={key}>
          <Link
            to={to}
            className="group flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
          >
            <span className="flex items-center justify-between text-sm font-medium text-slate-600">
              <span className="flex items-center gap-2">
                <span className="rounded-lg bg-brand-50 p-1.5 text-brand-700">
                  <Icon className="size-4" aria-hidden />
                </span>
                {label}
              </span>
              <ArrowUpRight className="size-4 text-slate-400 transition group-hover:text-brand-600" aria-hidden />
            </span>
            <span className="mt-3 text-3xl font-semibold tracking-tight text-slate-900">
              {kpis ? money ? formatUsd(kpis[key]) : formatCount(kpis[key]) : <Skeleton className="h-9 w-20" />}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

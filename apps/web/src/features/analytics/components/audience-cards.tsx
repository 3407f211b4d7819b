import { CalendarCheck, Eye, Heart, MousePointerClick, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { AudienceFigure, AudienceMetrics } from '../compute-analytics';
import { SectionCard } from '@/components/ui/section-card';

const count = new Intl.NumberFormat();
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const percent = (value: number) => `${value.toFixed(1)}%`;

/** Why reach and engagement are sample numbers, when they are. */
const NO_FIGURES = 'No network reported views or impressions for the last 30 days’ posts (Mastodon and Bluesky count none)';

/**
 * Analytics' KPIs total reach, engagement rate, click-through rate and bookings. Reach and
 * engagement come from the networks' figures of the last 30 days' posts; no network reports clicks
 * or bookings to Hookline. Every sample number is marked as such, with the reason.
 */
export function AudienceCards({ audience }: { audience: AudienceMetrics }) {
  const measured = !audience.totalReach.sample;
  const cards: Array<{ label: string; figure: AudienceFigure; value: string; hint: string; icon: LucideIcon }> = [
    {
      label: 'Total reach',
      figure: audience.totalReach,
      value: compact.format(audience.totalReach.value),
      hint: measured ? 'Views (or impressions) of the last 30 days’ posts' : NO_FIGURES,
      icon: Eye,
    },
    {
      label: 'Engagement rate',
      figure: audience.engagementRate,
      value: percent(audience.engagementRate.value),
      hint: measured ? 'Likes, comments and reposts per view' : NO_FIGURES,
      icon: Heart,
    },
    {
      label: 'Click-through rate',
      figure: audience.clickThroughRate,
      value: percent(audience.clickThroughRate.value),
      hint: 'No network reports clicks to Hookline',
      icon: MousePointerClick,
    },
    {
      label: 'Bookings',
      figure: audience.bookings,
      value: count.format(audience.bookings.value),
      hint: 'No network reports bookings to Hookline',
      icon: CalendarCheck,
    },
  ];
  const allSample = cards.every(({ figure }) => figure.sample);
  return (
    <SectionCard
      title="Audience metrics"
      description={
        measured
          ? 'Reach and engagement as the networks report them. Click-through rate and bookings are sample numbers.'
          : 'Reach and engagement need views or impressions from the networks; where none are reported, and for clicks and bookings, these are sample numbers.'
      }
      actions={allSample ? <Badge tone="warning">Sample data</Badge> : null}
    >
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label={allSample ? 'Audience metrics (sample data)' : 'Audience metrics'}>
        {cards.map(({ label, figure, value, hint, icon: Icon }) => (
          <li
            key={label}
            className={cn(
              'flex min-w-0 flex-col rounded-xl p-4',
              figure.sample ? 'border border-dashed border-amber-300 bg-amber-50/40' : 'bg-white ring-1 ring-slate-200',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Icon className={cn('size-4', figure.sample ? 'text-amber-700' : 'text-brand-700')} aria-hidden />
              {label}
            </span>
            <span
              className={cn(
                'mt-2 block text-2xl font-semibold tracking-tight tabular-nums',
                figure.sample ? 'text-slate-500' : 'text-slate-900',
              )}
            >
              {value}
            </span>
            <span className="mt-1 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-slate-500">
              {hint}
              {figure.sample ? <Badge tone="warning">Sample</Badge> : null}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

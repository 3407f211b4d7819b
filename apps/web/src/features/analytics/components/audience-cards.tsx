import { CalendarCheck, Eye, Heart, MousePointerClick, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { AudienceMetrics } from '../compute-analytics';
import { SectionCard } from '@/components/ui/section-card';

const count = new Intl.NumberFormat();
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Analytics' KPIs total reach, engagement rate, click-through rate and bookings. No platform
 * reports these to Hookline yet, so they are always sample numbers, labelled as such.
 */
export function AudienceCards({ audience }: { audience: AudienceMetrics }) {
  const cards: Array<{ label: string; value: string; icon: LucideIcon }> = [
    { label: 'Total reach', value: compact.format(audience.totalReach), icon: Eye },
    { label: 'Engagement rate', value: `${audience.engagementRate.toFixed(1)}%`, icon: Heart },
    { label: 'Click-through rate', value: `${audience.clickThroughRate.toFixed(1)}%`, icon: MousePointerClick },
    { label: 'Bookings', value: count.format(audience.bookings), icon: CalendarCheck },
  ];
  return (
    <SectionCard
      title="Audience metrics"
      description="Reach, engagement, clicks and bookings need reports from the platforms, which are not connected to analytics yet."
      actions={<Badge tone="warning">Sample data</Badge>}
    >
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="Audience metrics (sample data)">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className="rounded-xl border border-dashed border-amber-300 bg-amber-50/40 p-4">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Icon className="size-4 text-amber-700" aria-hidden />
              {label}
            </span>
            <span className="mt-2 block text-2xl font-semibold tracking-tight text-slate-500 tabular-nums">{value}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

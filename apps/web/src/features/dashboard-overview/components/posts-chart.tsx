import { useId } from 'react';
import type { DayCount } from '../compute-overview';
import { DayCountsTable } from '@/components/charts/day-counts-table';
import { LazyBarPlot } from '@/components/charts/lazy-bar-plot';

/** Published posts per day as bars, with a text summary and a visually hidden table for screen readers. */
export function PostsChart({ days, title }: { days: DayCount[]; title: string }) {
  const titleId = useId();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = days.reduce<DayCount | null>((best, day) => (best === null || day.count > best.count ? day : best), null);

  return (
    <figure aria-labelledby={titleId} className="relative m-0">
      <figcaption id={titleId} className="sr-only">
        {title}
      </figcaption>
      <p className="mb-3 text-sm text-slate-600">
        {total === 0
          ? `Nothing published in the last ${days.length} days.`
          : `${total} ${total === 1 ? 'post' : 'posts'} published in the last ${days.length} days`}
        {peak && peak.count > 0 && total > 0 ? ` · busiest day ${peak.date} (${peak.count})` : ''}
      </p>
      <div className="h-52 text-brand-500" aria-hidden>
        <LazyBarPlot data={days} labelKey="label" valueKey="count" titleKey="date" valueName="Posts" />
      </div>
      <DayCountsTable days={days} caption={`${title}, per day`} />
    </figure>
  );
}

import { useId, useState } from 'react';
import { formatCount } from '../../format';
import { LazyBarPlot } from '@/components/charts/lazy-bar-plot';

const DAY_MS = 86_400_000;

/** One point per day, oldest first, ending today. */
export function toDailyPoints(values: number[], today: number) {
  const short = values.length <= 7;
  const format = new Intl.DateTimeFormat(undefined, short ? { weekday: 'short' } : { month: 'short', day: 'numeric' });
  const long = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
  return values.map((value, index) => {
    const date = new Date(today - (values.length - 1 - index) * DAY_MS);
    return { label: format.format(date), date: long.format(date), value };
  });
}

/** Daily activity bars, with a text summary and a visually hidden table for screen readers. */
export function ActivityChart({ values, title }: { values: number[]; title: string }) {
  const titleId = useId();
  const [today] = useState(() => Date.now());
  const points = toDailyPoints(values, today);
  const total = values.reduce((sum, n) => sum + n, 0);
  const peak = points.reduce<(typeof points)[number] | null>((best, p) => (best === null || p.value > best.value ? p : best), null);

  return (
    <figure aria-labelledby={titleId} className="m-0">
      <figcaption id={titleId} className="sr-only">
        {title}
      </figcaption>
      <p className="mb-3 text-sm text-slate-600">
        {formatCount(total)} in {points.length} days
        {peak && peak.value > 0 ? ` · peak ${formatCount(peak.value)} on ${peak.date}` : ''}
      </p>
      <div className="h-56 text-brand-500" aria-hidden>
        <LazyBarPlot
          data={points}
          labelKey="label"
          valueKey="value"
          titleKey="date"
          valueName="Jobs"
          formatValue={formatCount}
          minLabelGap={12}
          marginLeft={-20}
        />
      </div>
      <table className="sr-only">
        <caption>{title}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Jobs</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={index}>
              <th scope="row">{point.date}</th>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

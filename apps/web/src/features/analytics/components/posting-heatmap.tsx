import { cn } from '@/lib/cn';
import { BUCKET_LABELS, WEEKDAY_LABELS, type Analytics } from '../compute-analytics';

const LEVELS = [
  'bg-slate-50 text-slate-500',
  'bg-brand-100 text-brand-900',
  'bg-brand-200 text-brand-900',
  'bg-brand-400 text-white',
  'bg-brand-600 text-white',
];

const level = (value: number, max: number) => (value <= 0 || max <= 0 ? 0 : Math.max(1, Math.ceil((value / max) * 4)));

/** The busiest weekday and bucket, for the summary line. */
export function bestSlot(counts: number[][]): { weekday: number; bucket: number; count: number } | null {
  let best: { weekday: number; bucket: number; count: number } | null = null;
  counts.forEach((row, weekday) =>
    row.forEach((count, bucket) => {
      if (count > 0 && (best === null || count > best.count)) best = { weekday, bucket, count };
    }),
  );
  return best;
}

/**
 * Analytics' best-posting-times heatmap: published posts per weekday and four-hour slot of
 * the workspace zone, as a real table (each cell holds its number; colour only repeats it).
 */
export function PostingHeatmap({ heatmap, timeZone }: { heatmap: Analytics['heatmap']; timeZone: string }) {
  const best = bestSlot(heatmap.counts);
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        {best
          ? `Most posts went out on ${WEEKDAY_LABELS[best.weekday]}s, ${BUCKET_LABELS[best.bucket]} h (${best.count}).`
          : 'No posting times yet.'}{' '}
        Hours in {timeZone.replaceAll('_', ' ')}.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] border-separate border-spacing-1 text-center text-xs">
          <caption className="sr-only">Published posts by weekday and time of day ({timeZone})</caption>
          <thead>
            <tr>
              <td />
              {BUCKET_LABELS.map((label) => (
                <th key={label} scope="col" className="pb-1 font-medium text-slate-500 tabular-nums">
                  <span aria-hidden>{label}</span>
                  <span className="sr-only">{label.replace('–', ' to ')} hours</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.counts.map((row, weekday) => (
              <tr key={WEEKDAY_LABELS[weekday]}>
                <th scope="row" className="pr-2 text-left font-medium text-slate-600">
                  <abbr title={WEEKDAY_LABELS[weekday]} className="no-underline">
                    {WEEKDAY_LABELS[weekday].slice(0, 3)}
                  </abbr>
                </th>
                {row.map((count, bucket) => (
                  <td key={bucket} className={cn('h-9 rounded-md font-semibold tabular-nums', LEVELS[level(count, heatmap.max)])}>
                    {count}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex items-center justify-end gap-1.5 text-xs text-slate-500" aria-hidden>
        Fewer
        {LEVELS.map((style) => (
          <span key={style} className={cn('size-3.5 rounded', style.split(' ')[0])} />
        ))}
        More
      </div>
    </div>
  );
}

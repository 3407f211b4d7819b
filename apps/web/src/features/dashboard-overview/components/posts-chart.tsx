import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayCount } from '../compute-overview';

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
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: -24 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: '#64748b' }} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: '#64748b' }} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(_, payload) => payload?.[0]?.payload?.date ?? ''}
              formatter={(value) => [String(value), 'Posts']}
              contentStyle={{ borderRadius: 12, borderColor: '#e2e8f0', fontSize: 12 }}
            />
            <Bar dataKey="count" fill="currentColor" radius={[4, 4, 0, 0]} maxBarSize={40} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* A table cannot shrink below its content: the wrapper hides it without widening the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}, per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Posts</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.date}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

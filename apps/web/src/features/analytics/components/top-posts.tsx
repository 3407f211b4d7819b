import { Badge } from '@/components/ui/badge';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/zoned-time';
import type { TopPost } from '../compute-analytics';
import { CHANNEL_COLORS } from '../labels';

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

function excerpt(text: string, max = 120): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** "12K reach · 340 engagements", leaving out what the network did not report. */
function figuresOf(post: TopPost): string {
  const figures = [
    post.reach === null ? null : `${compact.format(post.reach)} reach`,
    post.engagements === null ? null : `${compact.format(post.engagements)} ${post.engagements === 1 ? 'engagement' : 'engagements'}`,
  ].filter((figure) => figure !== null);
  return figures.length === 0 ? 'No figures yet' : figures.join(' · ');
}

/**
 * Analytics' top posts: those with figures from their network ranked by engagements, then the
 * latest without; generated example rows are marked Sample.
 */
export function TopPosts({ posts, timeZone }: { posts: TopPost[]; timeZone: string }) {
  return (
    <ol className="grid gap-3" aria-label="Top posts">
      {posts.map((post) => (
        <li key={post.id} className="rounded-xl p-3 ring-1 ring-slate-100">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-700">
              <span className={cn('size-2 rounded-full', CHANNEL_COLORS[post.channel])} aria-hidden />
              {CHANNEL_LABELS[post.channel]}
            </span>
            <Badge tone="neutral" className="py-0">
              {TYPE_LABELS[post.type]}
            </Badge>
            <time dateTime={post.publishedAt}>{formatDateTime(post.publishedAt, timeZone)}</time>
            {post.sample ? <Badge tone="warning">Sample</Badge> : null}
            <span className="ml-auto font-medium text-slate-600">{figuresOf(post)}</span>
          </div>
          <p className="mt-1.5 break-words text-sm text-slate-800">
            {excerpt(post.text) || <span className="text-slate-500">No text</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}

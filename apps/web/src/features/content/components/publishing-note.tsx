import { ExternalLink } from 'lucide-react';
import { PUBLISHED_IN_HOOKLINE, type TDraft, type TPostMetrics } from '@hookline/shared';
import { CHANNEL_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { isWebLink } from '@/lib/safe-redirect';
import { formatFull, formatWhen } from '@/lib/zoned-time';
import { formatDuration } from '../relative-time';

/**
 * What happened when the post went out, or why it did not: the network's link and the post's
 * figures there; "in Hookline only" when no account of the network was connected; the reason a
 * post failed or is held, with the network's own answer; the temporary error a publishing post is
 * being retried after.
 */
export function PublishingNote({ draft, timeZone }: { draft: TDraft; timeZone: string }) {
  const channel = CHANNEL_LABELS[draft.channel];
  if (draft.status === 'published') {
    // Posts that fell due while Hookline was not running went out at the next start: say so.
    const late =
      draft.lateSeconds !== null && draft.lateSeconds >= 60 ? `It went out ${formatDuration(draft.lateSeconds)} after its time.` : null;
    return (
      <div className="grid gap-1 px-4 pt-3 text-sm text-slate-600">
        {draft.postUrl && isWebLink(draft.postUrl) ? (
          <a
            href={draft.postUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            View the post on {channel} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : null}
        {draft.metrics ? <PostMetrics metrics={draft.metrics} channel={channel} timeZone={timeZone} /> : null}
        {draft.publishedTo === PUBLISHED_IN_HOOKLINE ? <p>Published in Hookline only: no {channel} account is connected.</p> : null}
        {late ? <p>{late}</p> : null}
      </div>
    );
  }
  if (!draft.failureReason) return null;
  const failed = draft.status === 'failed';
  const tone = failed ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <div className={cn('mx-4 mt-3 rounded-lg px-3 py-2 text-sm ring-1', tone)}>
      <p role={failed ? 'alert' : undefined}>
        {draft.status === 'publishing' ? 'Trying again after: ' : ''}
        {draft.failureReason}
      </p>
      {draft.platformError ? (
        <details className="mt-1.5">
          <summary className="cursor-pointer font-medium underline-offset-2 hover:underline">What {channel} said</summary>
          <pre className="mt-1.5 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-md bg-white/70 p-2 font-mono text-xs text-slate-800 ring-1 ring-inset ring-slate-200">
            {draft.platformError}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

const METRICS: ReadonlyArray<{ key: Exclude<keyof TPostMetrics, 'fetchedAt'>; one: string; other: string }> = [
  { key: 'views', one: 'view', other: 'views' },
  { key: 'impressions', one: 'impression', other: 'impressions' },
  { key: 'likes', one: 'like', other: 'likes' },
  { key: 'comments', one: 'comment', other: 'comments' },
  { key: 'reposts', one: 'repost', other: 'reposts' },
];

/** The post's figures as its network last reported them; those it does not report are left out. */
function PostMetrics({ metrics, channel, timeZone }: { metrics: TPostMetrics; channel: string; timeZone: string }) {
  const figures = METRICS.flatMap(({ key, one, other }) => {
    const value = metrics[key];
    return value === null ? [] : [{ key, value, label: value === 1 ? one : other }];
  });
  if (figures.length === 0) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
      <ul aria-label={`The post on ${channel}`} className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-700">
        {figures.map(({ key, value, label }) => (
          <li key={key}>
            <span className="font-semibold tabular-nums text-slate-900">{value.toLocaleString()}</span> {label}
          </li>
        ))}
      </ul>
      <span className="text-xs text-slate-500">
        as of <time dateTime={metrics.fetchedAt}>{formatWhen(metrics.fetchedAt, timeZone)}</time>
        <span className="sr-only"> ({formatFull(metrics.fetchedAt, timeZone)})</span>
      </span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { PUBLISHED_IN_HOOKLINE, type TCalendarPost } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { formatFull } from '@/lib/zoned-time';
import { postTime } from '../calendar-days';
import { STATUS_LABELS } from '../status-styles';
import { isWebLink } from '@/lib/safe-redirect';

/** "Instagram post": a post's name as the dialog's title gives it. */
export const postName = (post: Pick<TCalendarPost, 'channel' | 'type'>) =>
  `${CHANNEL_LABELS[post.channel]} ${TYPE_LABELS[post.type].toLowerCase()}`;

/**
 * What a post's dialog shows: status, time in the zone, why it failed or is held, where it went,
 * and its text (`text` replaces the plain text, for an editor).
 */
export function PostDetails({
  post,
  timeZone,
  owner,
  text,
}: {
  post: TCalendarPost;
  timeZone: string;
  owner?: ReactNode;
  text?: ReactNode;
}) {
  const at = postTime(post);
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {owner ? (
          <>
            <dt className="font-medium text-slate-500">Client</dt>
            <dd className="text-slate-900">{owner}</dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-500">Status</dt>
        <dd className="text-slate-900">{STATUS_LABELS[post.status]}</dd>
        <dt className="font-medium text-slate-500">{post.status === 'published' ? 'Published' : 'Planned for'}</dt>
        <dd className="text-slate-900">{at ? formatFull(at, timeZone) : 'No time set'}</dd>
      </dl>
      {post.failureReason ? (
        <Alert tone={post.status === 'failed' ? 'error' : 'warning'}>
          {post.status === 'held' ? 'Held: ' : post.status === 'failed' ? 'Failed: ' : 'Trying again after: '}
          {post.failureReason}
        </Alert>
      ) : null}
      {post.publishedTo === PUBLISHED_IN_HOOKLINE ? (
        <p className="text-slate-600">Published in Hookline only: no {CHANNEL_LABELS[post.channel]} account was connected.</p>
      ) : null}
      {post.postUrl && isWebLink(post.postUrl) ? (
        <a
          href={post.postUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          View the post on {CHANNEL_LABELS[post.channel]} <ExternalLink className="size-4" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      {text ?? <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800">{post.text || 'No text yet.'}</p>}
    </div>
  );
}

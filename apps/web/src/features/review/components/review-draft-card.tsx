import { useId, useRef, useState, type FormEvent } from 'react';
import { BadgeCheck, Hourglass, MessageSquareWarning } from 'lucide-react';
import type { TDraftComment, TReviewDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { formatDateTime, formatFull } from '@/lib/zoned-time';
import { useDecideReview } from '../api/decide-review';
import { linkRefusalHelp } from '../link-refusal';

/** The draft's state in the reviewer's words. */
const STATES = {
  in_review: { text: 'Waiting for your review', Icon: Hourglass, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  approved: { text: 'Approved', Icon: BadgeCheck, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  changes_requested: { text: 'Changes requested', Icon: MessageSquareWarning, className: 'bg-red-50 text-red-800 ring-red-200' },
  none: { text: 'Not in review', Icon: Hourglass, className: 'bg-slate-50 text-slate-700 ring-slate-200' },
} as const;

const AUTHOR_KINDS: Record<TDraftComment['authorKind'], string> = { client: 'Client', staff: 'Hookline team', reviewer: 'Reviewer' };

/**
 * One draft on the review page: channel, type, text, media, its comments, its state, and Approve /
 * Request changes, each on the version shown (the server refuses one the draft has left since).
 * `reviewerName` returns the name to sign with, or null after asking for it.
 */
export function ReviewDraftCard({
  token,
  draft,
  timeZone,
  reviewerName,
}: {
  token: string;
  draft: TReviewDraft;
  timeZone: string;
  reviewerName: () => string | null;
}) {
  const headingId = useId();
  const commentId = useId();
  const decide = useDecideReview(token);
  // After a decision its button may go: focus moves to the state it changed, which is announced.
  const stateLine = useRef<HTMLParagraphElement>(null);
  const showDecision = () => stateLine.current?.focus();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const state = STATES[draft.reviewState ?? 'none'];
  // As the server allows: approving a draft in review; asking for changes also once approved.
  const canApprove = draft.reviewState === 'in_review';
  const canRequestChanges = canApprove || draft.reviewState === 'approved';
  const title = `${CHANNEL_LABELS[draft.channel]} ${TYPE_LABELS[draft.type]}`;

  const approve = () => {
    const name = reviewerName();
    if (!name || decide.isPending) return;
    decide.mutate({ draftId: draft.id, decision: 'approve', name, seen: draft.updatedAt }, { onSuccess: showDecision });
  };

  const requestChanges = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    if (!comment.trim()) return setCommentError('Say what should change.');
    setCommentError(null);
    const name = reviewerName();
    if (!name) return;
    decide.mutate(
      { draftId: draft.id, decision: 'request_changes', name, comment: comment.trim(), seen: draft.updatedAt },
      {
        onSuccess: () => {
          setAsking(false);
          setComment('');
          showDecision();
        },
      },
    );
  };

  const help = decide.isError ? linkRefusalHelp(decide.error) : null;
  return (
    <article aria-labelledby={headingId} className="min-w-0 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4 sm:px-6 sm:pt-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p
          ref={stateLine}
          tabIndex={-1}
          aria-live="polite"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-500',
            state.className,
          )}
        >
          <state.Icon className="size-4" aria-hidden />
          {state.text}
        </p>
      </header>

      <div className="px-4 pt-3 sm:px-6">
        {draft.text ? (
          <p className="whitespace-pre-wrap break-words text-slate-800">{draft.text}</p>
        ) : (
          <p className="text-sm italic text-slate-500">No text yet.</p>
        )}
      </div>

      {draft.media ? (
        <figure className="mx-4 mt-4 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 sm:mx-6">
          {draft.media.type.startsWith('video/') ? (
            <video
              src={draft.media.url}
              controls
              preload="metadata"
              className="aspect-video w-full bg-slate-900"
              aria-label={`Video: ${draft.media.name}`}
            />
          ) : (
            <img src={draft.media.url} alt={`Image: ${draft.media.name}`} loading="lazy" className="max-h-[32rem] w-full object-contain" />
          )}
          <figcaption className="truncate px-3 py-1.5 text-xs text-slate-600" title={draft.media.name}>
            {draft.media.name}
          </figcaption>
        </figure>
      ) : null}

      {draft.comments.length > 0 ? (
        <section aria-labelledby={`${headingId}-comments`} className="mt-4 px-4 sm:px-6">
          <h3 id={`${headingId}-comments`} className="text-sm font-semibold text-slate-900">
            Comments
          </h3>
          <ol className="mt-2 grid gap-2">
            {draft.comments.map((item) => (
              <li key={item.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="font-medium text-slate-900">{item.authorName}</span>
                  <span className="text-xs text-slate-600">{AUTHOR_KINDS[item.authorKind]}</span>
                  <time dateTime={item.createdAt} title={formatFull(item.createdAt, timeZone)} className="ml-auto text-xs text-slate-500">
                    {formatDateTime(item.createdAt, timeZone)}
                  </time>
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{item.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="mt-4 border-t border-slate-100 px-4 py-4 sm:px-6">
        {decide.isError ? (
          <Alert tone="error" className="mb-3">
            {errorMessage(decide.error, 'Your decision was not saved. Please try again.')}
            {help ? <span className="mt-1 block">{help}</span> : null}
          </Alert>
        ) : null}
        {asking ? (
          <form onSubmit={requestChanges} noValidate className="grid gap-3">
            <div>
              <Label htmlFor={commentId}>What should change?</Label>
              <Textarea
                id={commentId}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                maxLength={4000}
                rows={4}
                required
                autoFocus
                aria-invalid={commentError !== null}
                aria-describedby={commentError ? `${commentId}-error` : undefined}
              />
              {commentError ? (
                <p id={`${commentId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {commentError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={decide.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={decide.isPending}>
                {decide.isPending ? 'Sending…' : 'Send request'}
              </Button>
            </div>
          </form>
        ) : !canRequestChanges ? (
          <p className="text-sm text-slate-600">Nothing to decide for now: a new version will be sent for your review.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {canApprove ? (
              <Button onClick={approve} disabled={decide.isPending} aria-describedby={headingId} className="flex-1 sm:flex-none">
                <BadgeCheck className="size-4" aria-hidden /> {decide.isPending ? 'Approving…' : 'Approve'}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => setAsking(true)}
              disabled={decide.isPending}
              aria-describedby={headingId}
              className="flex-1 sm:flex-none"
            >
              <MessageSquareWarning className="size-4" aria-hidden /> Request changes
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

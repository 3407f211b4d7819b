import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  BadgeCheck,
  CalendarClock,
  Copy,
  Eye,
  ImagePlus,
  MessageSquare,
  MessageSquareWarning,
  Repeat,
  RotateCcw,
  Send,
  Trash2,
  CalendarPlus,
  Undo2,
} from 'lucide-react';
import { canApprove, type TDraft, type TWorkspace } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { CHANNEL_LABELS, TYPE_LABELS } from '@/lib/channel-labels';
import { cn } from '@/lib/cn';
import { formatWhen } from '@/lib/zoned-time';
import { useApproveDraft } from '../api/approve-draft';
import { usePublishDraft } from '../api/publish-draft';
import { useQueueDraft } from '../api/queue-draft';
import { useRequeueDraft } from '../api/requeue-draft';
import { useSendDraftForReview } from '../api/send-draft-for-review';
import { useUnqueueDraft } from '../api/unqueue-draft';
import { useUploadDraftMedia } from '../api/upload-draft-media';
import { useDraftField } from '../hooks/use-draft-field';
import { countDrafts, draftName, TEXT_PLACEHOLDERS } from '../labels';
import { DraftDestination } from './draft-destination';
import { DraftProblems } from './draft-problems';
import { DraftStatusBadge } from './draft-status-badge';
import { MediaAltText } from './media-alt-text';
import { PublishingNote } from './publishing-note';
import { ReviewStateBadge } from './review-state-badge';
import { SaveStatus } from './save-status';

// Chunks of their own: most visits open neither, and the dashboard's JS budget is nearly spent.
const DraftComments = lazy(() => import('./draft-comments'));
const DuplicateDraftDialog = lazy(() => import('./duplicate-draft-dialog'));
const RequestChangesDialog = lazy(() => import('./request-changes-dialog'));
const ScheduleDraftDialog = lazy(() => import('./schedule-draft-dialog'));

type Action = 'queue' | 'publish' | 'requeue' | 'unqueue' | 'review' | 'approve';

const FAILURES: Record<Action, string> = {
  queue: 'Could not queue the draft',
  publish: 'Could not publish the draft',
  requeue: 'Could not re-queue the draft',
  unqueue: 'Could not take the post off the schedule',
  review: 'Could not send the draft for review',
  approve: 'Could not approve the draft',
};

/** What the card needs to know of the workspace: how the caller acts in it, and whether publishing waits for approval. */
export type DraftCardWorkspace = Pick<TWorkspace, 'access' | 'requireApproval'>;

export const CHANNEL_DOTS: Record<TDraft['channel'], string> = {
  instagram: 'bg-pink-500',
  twitter: 'bg-sky-500',
  youtube: 'bg-red-500',
  linkedin: 'bg-blue-700',
  mastodon: 'bg-violet-600',
  bluesky: 'bg-blue-500',
};

/** Posts with a planned time the scheduler has not taken: they move, or go back to draft. */
const SCHEDULED: readonly TDraft['status'][] = ['queued', 'failed', 'held'];

/**
 * What a draft offers the caller (publishing and published ones offer only comments and Delete).
 * Where the workspace requires approval, Queue, Schedule, Re-queue and Publish now stay visible but
 * wait for it.
 */
export function draftCapabilities(draft: TDraft, workspace: DraftCardWorkspace) {
  // A publishing post with a reason is waiting to try again after a temporary failure: it can still move.
  const waiting = draft.status === 'publishing' && draft.failureReason !== null;
  const scheduled = SCHEDULED.includes(draft.status) || waiting;
  const editable = draft.status === 'draft' || (scheduled && !waiting);
  return {
    editable,
    addMedia: editable,
    queue: draft.status === 'draft',
    schedule: editable || waiting,
    publish: editable,
    requeue: scheduled,
    unqueue: scheduled,
    needsApproval: editable && workspace.requireApproval && draft.reviewState !== 'approved',
    sendForReview: editable && draft.reviewState !== 'in_review',
    approve: editable && canApprove(workspace.access) && draft.reviewState === 'in_review',
    // An approval can still be taken back with a request for changes, until the post goes out.
    requestChanges: editable && canApprove(workspace.access) && (draft.reviewState === 'in_review' || draft.reviewState === 'approved'),
    delete: true,
  };
}

/**
 * One draft: where it goes (channel and account), its text and media description (saved on blur),
 * what its network would refuse, media, status and review state, the actions they and the caller's
 * access allow, and its comment thread on demand. Every action first waits for a pending save, so
 * "type, then click Publish now" publishes the text.
 */
export function DraftCard({
  draft,
  workspace,
  timeZone,
  autoFocus = false,
  onDelete,
  onChannelChange,
  selection,
}: {
  draft: TDraft;
  workspace: DraftCardWorkspace;
  timeZone: string;
  autoFocus?: boolean;
  onDelete: (draft: TDraft) => void;
  /** The draft was moved to another channel (the list may need to follow it). */
  onChannelChange: (draft: TDraft) => void;
  /** Staff pick drafts for a review link with the card's checkbox; without this, none is shown. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
}) {
  const can = draftCapabilities(draft, workspace);
  const commentsId = useId();
  const approvalReasonId = useId();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [requestingChanges, setRequestingChanges] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  // Said politely once copies were made: the dialog has closed, and they appear elsewhere in the list.
  const [duplicated, setDuplicated] = useState('');
  const [progress, setProgress] = useState(0);
  // The version of the draft this card shows: the list's, or the one its own last save made.
  // Approve and Request changes send it, read when they are sent (after a pending save), so the
  // server refuses a decision on words someone else changed since they were shown here.
  const shownVersion = useRef(draft.updatedAt);
  useEffect(() => {
    shownVersion.current = draft.updatedAt;
  }, [draft.updatedAt]);
  const seen = () => shownVersion.current;
  const showSaved = (saved: TDraft) => {
    shownVersion.current = saved.updatedAt;
  };
  const text = useDraftField(draft.id, 'text', draft.text, {
    editable: can.editable,
    failure: 'Could not save the text',
    onSaved: showSaved,
  });
  const altText = useDraftField(draft.id, 'mediaAlt', draft.media?.altText ?? '', {
    editable: can.editable && draft.media !== null,
    failure: 'Could not save the media description',
    onSaved: showSaved,
  });
  const actions: Record<Action, UseMutationResult<TDraft, Error, void>> = {
    queue: useQueueDraft(draft.id),
    publish: usePublishDraft(draft.id),
    requeue: useRequeueDraft(draft.id),
    unqueue: useUnqueueDraft(draft.id),
    review: useSendDraftForReview(draft.id),
    approve: useApproveDraft(draft.id, seen),
  };
  const upload = useUploadDraftMedia(draft.id);
  const busy = (Object.keys(actions) as Action[]).find((action) => actions[action].isPending);
  const working = busy !== undefined || upload.isPending;
  const fileInput = useRef<HTMLInputElement>(null);
  const duplicateButton = useRef<HTMLButtonElement>(null);

  /** Sends the words that changed; the action asked for next runs after them. */
  const save = () => {
    text.save();
    altText.save();
  };

  const closeDuplicate = () => {
    // The dialog has no Radix trigger to give focus back to: the button that opened it takes it once it is gone.
    flushSync(() => setDuplicating(false));
    duplicateButton.current?.focus();
  };

  const run = (action: Action) => {
    if (working) return;
    save();
    actions[action].mutate(undefined, {
      onError: (error) => toast.error(FAILURES[action], { description: errorMessage(error, 'Unknown error') }),
    });
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const clearInput = () => {
      if (fileInput.current) fileInput.current.value = '';
    };
    if (file.type && !/^(image|video)\//.test(file.type)) {
      toast.error('Could not attach the media', { description: 'Choose an image or a video.' });
      return clearInput();
    }
    setProgress(0);
    save();
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onError: (error) => toast.error('Could not attach the media', { description: errorMessage(error, 'Unknown error') }),
        onSettled: clearInput,
      },
    );
  };

  const label = `${CHANNEL_LABELS[draft.channel]} ${TYPE_LABELS[draft.type]}`;
  return (
    <article aria-label={label} className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-2 px-4 pt-4">
        {selection && can.editable ? (
          <label className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={selection.selected}
              onChange={(event) => selection.onChange(event.target.checked)}
            />
            <span className="sr-only">Select the {draftName(draft)} for a review link</span>
          </label>
        ) : null}
        <Badge tone="neutral" className="bg-white ring-1 ring-slate-200">
          <span className={cn('size-2 rounded-full', CHANNEL_DOTS[draft.channel])} aria-hidden />
          {CHANNEL_LABELS[draft.channel]}
        </Badge>
        <Badge tone="neutral">{TYPE_LABELS[draft.type]}</Badge>
        <span className="ml-auto flex flex-wrap justify-end gap-1.5" aria-live="polite">
          <ReviewStateBadge state={draft.reviewState} />
          <DraftStatusBadge draft={draft} timeZone={timeZone} />
        </span>
      </header>

      {can.editable ? <DraftDestination draft={draft} onChannelChange={onChannelChange} /> : null}

      <PublishingNote draft={draft} timeZone={timeZone} />

      {draft.media ? <MediaPreview draft={draft} /> : null}
      {draft.media && (can.editable || draft.media.altText) ? <MediaAltText field={altText} readOnly={!can.editable} /> : null}

      <div className="flex flex-col px-4 pt-3">
        <Textarea
          aria-label={`Text of the ${label.toLowerCase()}`}
          value={text.value}
          onChange={(event) => text.change(event.target.value)}
          onBlur={text.save}
          readOnly={!can.editable}
          placeholder={can.editable ? TEXT_PLACEHOLDERS[draft.type] : undefined}
          maxLength={10_000}
          rows={5}
          autoFocus={autoFocus}
          className={cn('resize-y', !can.editable && 'bg-slate-50 text-slate-700 focus:ring-0')}
        />
        <div className="mt-1.5 flex items-center justify-between gap-2 text-xs text-slate-500">
          <SaveStatus status={text.status} idle={`Created ${formatWhen(draft.createdAt, timeZone)}`} />
          <span className="tabular-nums">{text.value.length.toLocaleString()} characters</span>
        </div>
        {upload.isPending ? (
          <div className="mt-3">
            <progress
              className="h-2 w-full overflow-hidden rounded accent-brand-600"
              value={progress}
              max={1}
              aria-label="Upload progress"
            />
            <p className="mt-1 text-xs text-slate-500">Uploading… {Math.round(progress * 100)}%</p>
          </div>
        ) : null}
      </div>

      {/* Announces the problems the server finds after each save. */}
      <div aria-live="polite">{can.editable ? <DraftProblems draft={draft} /> : null}</div>

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-3">
        {can.sendForReview ? (
          <Button size="sm" variant="secondary" onClick={() => run('review')} disabled={working}>
            <Eye className="size-4" aria-hidden /> {busy === 'review' ? 'Sending…' : 'Send for review'}
          </Button>
        ) : null}
        {can.approve ? (
          <Button size="sm" variant="secondary" onClick={() => run('approve')} disabled={working}>
            <BadgeCheck className="size-4" aria-hidden /> {busy === 'approve' ? 'Approving…' : 'Approve'}
          </Button>
        ) : null}
        {can.requestChanges ? (
          <Button size="sm" variant="secondary" onClick={() => setRequestingChanges(true)} disabled={working}>
            <MessageSquareWarning className="size-4" aria-hidden /> Request changes
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => setCommentsOpen((open) => !open)}
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? commentsId : undefined}
        >
          <MessageSquare className="size-4" aria-hidden /> Comments
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-3">
        {can.addMedia ? (
          <label
            className={cn(
              buttonClasses('secondary', 'sm'),
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              working && 'pointer-events-none opacity-60',
            )}
          >
            <input ref={fileInput} type="file" accept="image/*,video/*" className="sr-only" onChange={chooseFile} disabled={working} />
            <ImagePlus className="size-4" aria-hidden />
            {draft.media ? 'Replace media' : 'Add media'}
          </label>
        ) : null}
        {can.queue ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run('queue')}
            disabled={working || can.needsApproval}
            aria-describedby={can.needsApproval ? approvalReasonId : undefined}
          >
            <CalendarPlus className="size-4" aria-hidden /> {busy === 'queue' ? 'Queueing…' : 'Queue'}
          </Button>
        ) : null}
        {can.schedule ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              save();
              setScheduling(true);
            }}
            disabled={working || can.needsApproval}
            aria-describedby={can.needsApproval ? approvalReasonId : undefined}
          >
            <CalendarClock className="size-4" aria-hidden /> Schedule…
          </Button>
        ) : null}
        {can.unqueue ? (
          <Button size="sm" variant="secondary" onClick={() => run('unqueue')} disabled={working}>
            <Undo2 className="size-4" aria-hidden /> {busy === 'unqueue' ? 'Moving…' : 'Back to draft'}
          </Button>
        ) : null}
        {can.requeue ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => run('requeue')}
            disabled={working || can.needsApproval}
            aria-describedby={can.needsApproval ? approvalReasonId : undefined}
          >
            <Repeat className="size-4" aria-hidden /> {busy === 'requeue' ? 'Re-queueing…' : 'Re-queue'}
          </Button>
        ) : null}
        {can.publish ? (
          <Button
            size="sm"
            onClick={() => run('publish')}
            disabled={working || can.needsApproval}
            aria-describedby={can.needsApproval ? approvalReasonId : undefined}
          >
            {draft.status === 'failed' ? (
              <>
                <RotateCcw className="size-4" aria-hidden /> Retry
              </>
            ) : (
              <>
                <Send className="size-4" aria-hidden /> Publish now
              </>
            )}
          </Button>
        ) : null}
        <Button
          ref={duplicateButton}
          size="sm"
          variant="secondary"
          onClick={() => {
            save();
            setDuplicating(true);
          }}
          disabled={working}
        >
          <Copy className="size-4" aria-hidden /> Duplicate to…
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => onDelete(draft)}
          disabled={working}
        >
          <Trash2 className="size-4" aria-hidden /> Delete
        </Button>
        {can.needsApproval ? (
          <p id={approvalReasonId} className="w-full text-xs text-slate-600">
            {can.queue
              ? 'Needs approval before it can be queued or scheduled'
              : 'Needs approval before it can be re-queued, scheduled or published'}
          </p>
        ) : null}
      </div>
      <p role="status" className="px-4 pb-3 text-xs text-slate-600 empty:p-0">
        {duplicated}
      </p>

      {commentsOpen ? (
        <Suspense
          fallback={
            <p role="status" className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
              Loading comments…
            </p>
          }
        >
          <DraftComments id={commentsId} draftId={draft.id} name={draftName(draft)} access={workspace.access} timeZone={timeZone} />
        </Suspense>
      ) : null}
      {requestingChanges ? (
        <Suspense fallback={null}>
          <RequestChangesDialog draft={draft} seen={seen} onClose={() => setRequestingChanges(false)} />
        </Suspense>
      ) : null}
      {scheduling ? (
        <Suspense fallback={null}>
          <ScheduleDraftDialog draft={draft} timeZone={timeZone} onClose={() => setScheduling(false)} />
        </Suspense>
      ) : null}
      {duplicating ? (
        <Suspense fallback={null}>
          <DuplicateDraftDialog
            draft={draft}
            onClose={closeDuplicate}
            onDuplicated={(copies) => {
              closeDuplicate();
              setDuplicated(`${countDrafts(copies.length)} created: ${copies.map((copy) => CHANNEL_LABELS[copy.channel]).join(', ')}.`);
            }}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** The attached image or video; the server's URL carries the file's version, so a replaced file is not served from cache. */
function MediaPreview({ draft }: { draft: TDraft }) {
  const media = draft.media!;
  const src = media.url;
  return (
    <figure className="mx-4 mt-3 overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
      {media.type.startsWith('video/') ? (
        <video
          src={src}
          controls
          preload="metadata"
          className="aspect-video w-full bg-slate-900"
          aria-label={`Attached video: ${media.name}`}
        />
      ) : (
        <img src={src} alt={`Attached image: ${media.name}`} loading="lazy" className="aspect-video w-full object-cover" />
      )}
      <figcaption className="truncate px-3 py-1.5 text-xs text-slate-600" title={media.name}>
        {media.name}
      </figcaption>
    </figure>
  );
}

import type { TAspectRatio, TClipResult } from '@hookline/shared';
import { CheckCircle2, Download, FilePlus2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClipTime, formatScore } from '../format';
import type { ClipDraftState } from '../hooks/use-clip-drafts';

/**
 * The player takes the clip's shape. On a phone it fills the card's width; from `sm` up it stays at
 * most 32rem tall, so its width is capped at 32rem times the ratio (a wide clip never gets that tall).
 */
const PLAYER_SHAPES: Record<TAspectRatio, string> = {
  original: 'aspect-video',
  '9:16': 'aspect-[9/16] sm:max-w-72',
  '1:1': 'aspect-square sm:max-w-[32rem]',
  '4:5': 'aspect-[4/5] sm:max-w-[25.6rem]',
};

/**
 * One clip: player, virality score out of 10, where it sits in the source, a preview of its words,
 * Download, and Create draft (then "Draft created" with a link to the Content page).
 */
export function ClipCard({
  clip,
  draft,
  draftsBusy,
  onCreateDraft,
}: {
  clip: TClipResult;
  draft: ClipDraftState;
  /** Another draft is on its way (all clips at once): this one waits. */
  draftsBusy: boolean;
  onCreateDraft: () => void;
}) {
  const id = useId();
  const score = formatScore(clip.virality_score);
  const button = useRef<HTMLButtonElement>(null);
  const contentLink = useRef<HTMLAnchorElement>(null);
  // Set when this card's button asked: the button is disabled (losing focus) while the draft is made.
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!returnFocus.current || draft.phase === 'creating') return;
    returnFocus.current = false;
    (draft.phase === 'created' ? contentLink : button).current?.focus();
  }, [draft.phase]);

  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="bg-slate-900">
        <video
          controls
          preload="metadata"
          src={clip.download_url}
          className={cn('mx-auto block w-full bg-slate-900', PLAYER_SHAPES[clip.aspect_ratio])}
          aria-label={`Clip ${clip.clip_number} video`}
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            Clip {clip.clip_number}
          </h3>
          <div className="text-right">
            <p className="text-sm font-semibold tabular-nums text-slate-900">{score}/10</p>
            <meter min={0} max={10} low={4} high={7} optimum={10} value={Number(score)} aria-label="Virality score" className="h-2 w-24">
              {score} out of 10
            </meter>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Time in video</dt>
            <dd className="tabular-nums text-slate-800">
              {formatClipTime(clip.start_time)} – {formatClipTime(clip.end_time)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Duration</dt>
            <dd className="tabular-nums text-slate-800">{formatClipTime(clip.duration)}</dd>
          </div>
        </dl>
        {clip.text_preview ? <p className="line-clamp-4 text-sm text-slate-600">“{clip.text_preview}”</p> : null}
        <div className="mt-auto">
          {/* Kept in the page while empty, so that screen readers hear "Draft created" when it appears. */}
          <div role="status">
            {draft.phase === 'created' ? (
              <p className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="flex items-center gap-1.5 font-medium text-emerald-700">
                  <CheckCircle2 className="size-4" aria-hidden />
                  Draft created
                </span>
                <Link ref={contentLink} to="/dashboard/content" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Open in Content
                </Link>
              </p>
            ) : null}
          </div>
          {draft.phase === 'none' && draft.error ? (
            <Alert tone="error" className="mb-3">
              {draft.error}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={clip.download_url} download={clip.file_name} className={buttonClasses('secondary', 'sm')}>
              <Download className="size-4" aria-hidden />
              Download
            </a>
            {draft.phase === 'created' ? null : (
              <Button
                ref={button}
                size="sm"
                disabled={draftsBusy || draft.phase === 'creating'}
                onClick={() => {
                  returnFocus.current = true;
                  onCreateDraft();
                }}
              >
                <FilePlus2 className="size-4" aria-hidden />
                {draft.phase === 'creating' ? 'Creating draft…' : 'Create draft'}
              </Button>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

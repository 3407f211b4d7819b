import type { TClipResult } from '@hookline/shared';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClipTime, formatScore } from '../format';

/** One clip: player, virality score out of 10, where it sits in the source, a preview of its words, Download. */
export function ClipCard({ clip }: { clip: TClipResult }) {
  const id = useId();
  const score = formatScore(clip.virality_score);
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <video
        controls
        preload="metadata"
        src={clip.download_url}
        className="aspect-video w-full bg-slate-900"
        aria-label={`Clip ${clip.clip_number} video`}
      />
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
        <a href={clip.download_url} download={clip.file_name} className={cn(buttonClasses('secondary', 'sm'), 'mt-auto self-start')}>
          <Download className="size-4" aria-hidden />
          Download
        </a>
      </div>
    </article>
  );
}

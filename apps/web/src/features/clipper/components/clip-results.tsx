import type { TClipJobResponse } from '@hookline/shared';
import { Clock } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { formatClipTime, formatExpiry } from '../format';
import { ClipCard } from './clip-card';

/** The finished job: its status message, the source, when clips expire, and one card per clip. */
export function ClipResults({ result }: { result: TClipJobResponse }) {
  const { metadata } = result;
  return (
    <section aria-labelledby="clip-results-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h2 id="clip-results-title" className="text-lg font-semibold text-slate-900">
            Your clips
          </h2>
          {metadata.title ? (
            <p className="truncate text-sm text-slate-600">
              From “{metadata.title}”{metadata.uploader ? ` by ${metadata.uploader}` : ''}
              {metadata.duration > 0 ? ` · ${formatClipTime(metadata.duration)}` : ''}
            </p>
          ) : null}
        </div>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <Clock className="size-3.5" aria-hidden />
          Clips expire in {formatExpiry(result.expires_in_seconds)}: download the ones you want to keep.
        </p>
      </div>
      {result.status_message ? <Alert tone="info">{result.status_message}</Alert> : null}
      {result.clips.length === 0 ? (
        <p className="text-sm text-slate-600">No clips were found in this video.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {result.clips.map((clip) => (
            <ClipCard key={clip.clip_number} clip={clip} />
          ))}
        </div>
      )}
    </section>
  );
}

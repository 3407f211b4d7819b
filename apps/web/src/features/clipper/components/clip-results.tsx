import type { TAspectRatio, TClipJobResponse, TDraftChannel } from '@hookline/shared';
import { Clock, FilePlus2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ChannelOptions } from '@/components/channel-options';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatClipTime, formatExpiry } from '../format';
import { useClipDrafts, type AllDraftsState } from '../hooks/use-clip-drafts';
import { ClipCard } from './clip-card';

/** The server's own choice without a channel: reframed clips suit Reels, the source's frame suits YouTube. */
const defaultDraftChannel = (ratio: TAspectRatio | undefined): TDraftChannel => (ratio && ratio !== 'original' ? 'instagram' : 'youtube');

function describeAllDrafts(all: AllDraftsState) {
  if (all.phase === 'creating') return <span className="sr-only">Creating drafts…</span>;
  if (all.phase === 'done') return <span className="mt-3 block">{`${all.created} draft${all.created === 1 ? '' : 's'} created`}</span>;
  return null;
}

/**
 * The finished job: its status message, the source, when clips expire, one card per clip, and
 * "Create drafts for all" with the channel the drafts are for ("Post to", which each card's Create
 * draft uses too).
 */
export function ClipResults({ baseUrl, result }: { baseUrl: string; result: TClipJobResponse }) {
  const id = useId();
  const { metadata } = result;
  const drafts = useClipDrafts(baseUrl, result);
  const [channel, setChannel] = useState<TDraftChannel>(() => defaultDraftChannel(result.clips[0]?.aspect_ratio));
  const unavailable = drafts.busy || drafts.complete;

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
        <>
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p id={`${id}-drafts-hint`} className="mb-3 text-sm text-slate-600">
              Each clip can become a draft in Content, with its video and a caption written from its words.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="sm:w-56">
                <Label htmlFor={`${id}-channel`}>Post to</Label>
                <Select
                  id={`${id}-channel`}
                  className="w-full"
                  value={channel}
                  disabled={drafts.busy}
                  aria-describedby={`${id}-drafts-hint`}
                  onChange={(event) => setChannel(event.target.value as TDraftChannel)}
                >
                  <ChannelOptions />
                </Select>
              </div>
              {/* aria-disabled rather than disabled: the button keeps the keyboard focus while it is unavailable. */}
              <Button
                aria-disabled={unavailable || undefined}
                className={cn(unavailable && 'cursor-not-allowed bg-brand-300 hover:bg-brand-300')}
                onClick={() => {
                  if (!unavailable) drafts.createAll(channel);
                }}
              >
                <FilePlus2 className="size-4" aria-hidden />
                {drafts.all.phase === 'creating' ? 'Creating drafts…' : 'Create drafts for all'}
              </Button>
            </div>
            {/* Kept in the page while empty, so that screen readers hear the progress and the count. */}
            <p role="status" className="text-sm font-medium text-emerald-700">
              {describeAllDrafts(drafts.all)}
            </p>
            {drafts.all.phase === 'failed' ? (
              <Alert tone="error" className="mt-3">
                {drafts.all.error}
              </Alert>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {result.clips.map((clip) => (
              <ClipCard
                key={clip.clip_number}
                clip={clip}
                draft={drafts.states[clip.clip_number] ?? { phase: 'none' }}
                draftsBusy={drafts.all.phase === 'creating'}
                onCreateDraft={() => drafts.createOne(clip.clip_number, channel)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

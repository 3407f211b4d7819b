import { useCallback, useEffect, useRef, useState } from 'react';
import type { TClipJobResponse, TClipJobStatus } from '@hookline/shared';
import { cancelClipJob } from '../api/cancel-clip-job';
import { getClipJob } from '../api/get-clip-job';
import { CLIP_FAILED_MESSAGE, CLIP_UNEXPECTED_MESSAGE, clipperErrorMessage, isAbort } from '../api/clipper-error';
import { startClipJob, type ClipSettings, type ClipSource } from '../api/start-clip-job';
import { watchClipJob, type WatchClipJobOptions } from '../api/watch-clip-job';

export type ClipRun =
  | { phase: 'idle' }
  /** The YouTube request is on its way. */
  | { phase: 'starting' }
  | { phase: 'uploading'; loaded: number; total: number }
  /** status is null until the first progress report. */
  | { phase: 'processing'; jobId: string; status: TClipJobStatus | null }
  | { phase: 'cancelling' }
  | { phase: 'done'; result: TClipJobResponse }
  | { phase: 'failed'; error: string }
  | { phase: 'cancelled' };

export const isRunning = (run: ClipRun) =>
  run.phase === 'starting' || run.phase === 'uploading' || run.phase === 'processing' || run.phase === 'cancelling';

interface ActiveRun {
  baseUrl: string;
  controller: AbortController;
  jobId?: string;
  stopWatching?: () => void;
}

/**
 * One clip generation at a time: upload (or YouTube request) with byte progress, then the job's
 * stage and percent until it is done, failed or cancelled. Leaving the page stops following the job.
 */
export function useClipJob(watchOptions?: WatchClipJobOptions) {
  const [run, setRun] = useState<ClipRun>({ phase: 'idle' });
  const active = useRef<ActiveRun | null>(null);
  const watchOptionsRef = useRef(watchOptions);

  const end = useCallback((which: ActiveRun, next: ClipRun) => {
    if (active.current !== which) return;
    which.stopWatching?.();
    active.current = null;
    setRun(next);
  }, []);

  const start = useCallback(
    (baseUrl: string, source: ClipSource, settings: ClipSettings) => {
      if (active.current) return;
      const current: ActiveRun = { baseUrl, controller: new AbortController() };
      active.current = current;
      const live = () => active.current === current;
      setRun(source.kind === 'upload' ? { phase: 'uploading', loaded: 0, total: source.file.size } : { phase: 'starting' });

      startClipJob(baseUrl, source, settings, {
        signal: current.controller.signal,
        onUploadProgress: (loaded, total) => {
          if (live()) setRun({ phase: 'uploading', loaded, total });
        },
      }).then(
        ({ jobId, result }) => {
          if (!live()) return;
          current.jobId = jobId;
          if (result) return end(current, { phase: 'done', result });
          setRun({ phase: 'processing', jobId, status: null });
          current.stopWatching = watchClipJob(
            baseUrl,
            jobId,
            {
              onStatus: (status) => {
                if (!live()) return;
                if (status.status === 'done' && status.result) end(current, { phase: 'done', result: status.result });
                else if (status.status === 'done')
                  // An event without the result: the status endpoint has it.
                  getClipJob(baseUrl, jobId).then(
                    (latest) =>
                      end(
                        current,
                        latest.result ? { phase: 'done', result: latest.result } : { phase: 'failed', error: CLIP_UNEXPECTED_MESSAGE },
                      ),
                    (error: unknown) => end(current, { phase: 'failed', error: clipperErrorMessage(error) }),
                  );
                else if (status.status === 'failed') end(current, { phase: 'failed', error: status.detail || CLIP_FAILED_MESSAGE });
                else if (status.status === 'cancelled') end(current, { phase: 'cancelled' });
                else setRun({ phase: 'processing', jobId, status });
              },
              onError: (error) => end(current, { phase: 'failed', error: clipperErrorMessage(error) }),
            },
            watchOptionsRef.current,
          );
        },
        (error: unknown) => end(current, isAbort(error) ? { phase: 'cancelled' } : { phase: 'failed', error: clipperErrorMessage(error) }),
      );
    },
    [end],
  );

  /** Stops the upload, or asks the server to cancel the job and remove its files. */
  const cancel = useCallback(() => {
    const current = active.current;
    if (!current) return;
    if (!current.jobId) {
      current.controller.abort();
      return end(current, { phase: 'cancelled' });
    }
    current.stopWatching?.();
    setRun({ phase: 'cancelling' });
    cancelClipJob(current.baseUrl, current.jobId).then(
      () => end(current, { phase: 'cancelled' }),
      (error: unknown) => end(current, { phase: 'failed', error: clipperErrorMessage(error) }),
    );
  }, [end]);

  /** Forgets the last result or error (not while a run is going on). */
  const reset = useCallback(() => {
    if (!active.current) setRun({ phase: 'idle' });
  }, []);

  useEffect(
    () => () => {
      const current = active.current;
      active.current = null;
      current?.controller.abort();
      current?.stopWatching?.();
    },
    [],
  );

  return { run, running: isRunning(run), start, cancel, reset };
}

import type { TClipJobStatus } from '@hookline/shared';
import { isFinished } from '../stages';
import { clipperUrl } from './clipper-config';
import { ClipperError } from './clipper-error';
import { getClipJob } from './get-clip-job';

export interface ClipJobWatcher {
  /** Every status seen, the last one finished (done, failed or cancelled). */
  onStatus: (status: TClipJobStatus) => void;
  /** The job could not be followed any more (gone, or the server stopped answering). */
  onError: (error: unknown) => void;
}

export interface WatchClipJobOptions {
  /** The EventSource to use; undefined (as in jsdom) means polling from the start. Defaults to the browser's. */
  EventSource?: typeof EventSource;
  /** Polling interval when the stream is unavailable or broke. */
  pollIntervalMs?: number;
  /** Consecutive network or 5xx failures tolerated while polling. */
  maxPollFailures?: number;
}

export const POLL_INTERVAL_MS = 1000;

/** A status event's data, if it looks like one. */
export function parseStatus(data: string): TClipJobStatus | null {
  try {
    const value = JSON.parse(data) as Partial<TClipJobStatus> | null;
    return value && typeof value === 'object' && typeof value.status === 'string' ? (value as TClipJobStatus) : null;
  } catch {
    return null;
  }
}

/**
 * Follows a clip job until it is finished: server-sent events from {baseUrl}/api/clipper/jobs/{id}/events,
 * falling back to polling the status every second when EventSource is missing or the stream errors
 * before the end. Returns a function that stops watching.
 */
export function watchClipJob(baseUrl: string, jobId: string, watcher: ClipJobWatcher, options: WatchClipJobOptions = {}): () => void {
  const Source = 'EventSource' in options ? options.EventSource : globalThis.EventSource;
  const interval = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const maxFailures = options.maxPollFailures ?? 5;
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const controller = new AbortController();

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    clearTimeout(timer);
    controller.abort();
  };

  const report = (status: TClipJobStatus) => {
    if (stopped) return;
    if (isFinished(status.status)) stop();
    watcher.onStatus(status);
  };

  const fail = (error: unknown) => {
    if (stopped) return;
    stop();
    watcher.onError(error);
  };

  let failures = 0;
  const poll = async () => {
    if (stopped) return;
    try {
      const status = await getClipJob(baseUrl, jobId, controller.signal);
      failures = 0;
      report(status);
    } catch (error) {
      if (stopped) return;
      const retryable = error instanceof ClipperError && (error.status === 0 || error.status >= 500);
      failures += 1;
      if (!retryable || failures >= maxFailures) return fail(error);
    }
    if (!stopped) timer = setTimeout(() => void poll(), interval);
  };

  if (!Source) {
    void poll();
    return stop;
  }

  source = new Source(clipperUrl(baseUrl, `/api/clipper/jobs/${encodeURIComponent(jobId)}/events`), { withCredentials: true });
  source.onmessage = (event: MessageEvent<string>) => {
    const status = parseStatus(event.data);
    if (status) report(status);
  };
  source.onerror = () => {
    if (stopped || !source) return;
    // The stream broke (or the browser is about to reconnect): follow by polling instead.
    source.close();
    source = null;
    void poll();
  };
  return stop;
}

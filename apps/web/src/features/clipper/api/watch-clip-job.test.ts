import type { TClipJobStatus } from '@hookline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/network';
import { ClipperError } from './clipper-error';
import { watchClipJob } from './watch-clip-job';

const status = (over: Partial<TClipJobStatus> = {}): TClipJobStatus => ({
  job_id: 'j1',
  status: 'running',
  stage: 'transcribing',
  percent: 40,
  result: null,
  detail: null,
  ...over,
});

/** Stands in for the browser's EventSource: the test sends messages and errors. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

const asEventSource = FakeEventSource as unknown as typeof EventSource;

describe('watchClipJob', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('follows the event stream until the job is finished, then closes it', () => {
    const onStatus = vi.fn<(status: TClipJobStatus) => void>();
    const onError = vi.fn();
    watchClipJob('https://clips.example.test/', 'j 1', { onStatus, onError }, { EventSource: asEventSource });
    const [source] = FakeEventSource.instances;
    expect(source.url).toBe('https://clips.example.test/api/clipper/jobs/j%201/events');
    expect(source.init).toEqual({ withCredentials: true });

    source.emit(status({ stage: 'downloading', percent: 5 }));
    source.emit('not json');
    source.emit(status({ status: 'done', stage: 'done', percent: 100 }));
    source.emit(status({ percent: 1 }));
    expect(onStatus.mock.calls.map(([s]) => [s.status, s.percent])).toEqual([
      ['running', 5],
      ['done', 100],
    ]);
    expect(source.closed).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });

  it('falls back to polling every second when the stream errors', async () => {
    vi.useFakeTimers();
    const answers = [status({ percent: 60 }), status({ status: 'failed', detail: 'ffmpeg crashed' })];
    const fetchMock = stubFetch((path) => (path === '/api/clipper/jobs/j1' ? json(answers.shift()) : json({ detail: 'no' }, 404)));
    const onStatus = vi.fn();
    watchClipJob('', 'j1', { onStatus, onError: vi.fn() }, { EventSource: asEventSource });
    const [source] = FakeEventSource.instances;
    source.emit(status({ percent: 50 }));
    source.onerror?.();
    expect(source.closed).toBe(true);

    await vi.advanceTimersByTimeAsync(0);
    expect(onStatus).toHaveBeenLastCalledWith(expect.objectContaining({ percent: 60 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onStatus).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'failed', detail: 'ffmpeg crashed' }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('polls from the start without EventSource, and stops when told', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() => json(status()));
    const stop = watchClipJob('', 'j1', { onStatus: vi.fn(), onError: vi.fn() }, { EventSource: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a job that is gone, and gives up after repeated server failures', async () => {
    vi.useFakeTimers();
    stubFetch(() => json({ detail: 'Job not found' }, 404));
    const gone = vi.fn();
    watchClipJob('', 'j1', { onStatus: vi.fn(), onError: gone }, { EventSource: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(gone).toHaveBeenCalledWith(new ClipperError(404, 'Job not found'));
    expect((gone.mock.calls[0][0] as ClipperError).detail).toBe('Job not found');

    const fetchMock = stubFetch(() => new Response('bad gateway', { status: 502 }));
    fetchMock.mockClear();
    const down = vi.fn();
    watchClipJob('', 'j2', { onStatus: vi.fn(), onError: down }, { EventSource: undefined, maxPollFailures: 3 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(down).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(down).toHaveBeenCalledTimes(1);
  });
});

import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { abortReason, FfmpegError } from './errors.ts';
import type { DetectRequest, DetectResponse } from './face-detector-worker.ts';
import { formatSeconds, seekPreroll } from './render-clip.ts';
import { inputArgs, stderrTail } from './run-ffmpeg.ts';
import type { FractionCallback, MediaSource } from './types.ts';

/** A face in source pixels; score 0..1 is the detector's confidence. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** The faces found in one sampled frame. */
export interface FaceSample {
  /** Seconds from the window's start. */
  t: number;
  faces: FaceBox[];
}

/** A source whose frame size is known (a MediaInfo from probeMedia is one). */
export type FrameSource = MediaSource & { width: number; height: number };

export interface DetectFacesOptions {
  ffmpegPath?: string;
  /** Frames searched per second; default 2 (a speaker moves slowly; the crop path is smoothed between samples). */
  sampleFps?: number;
  /**
   * Longer side of the frames searched, in pixels; default 384 (about 50 ms of CPU per frame). Measured
   * on a real face in a 1280×720 frame: 384 finds faces down to 15% of the frame's height (a medium
   * shot of a speaker); 256 and 320 miss those below about 22%.
   */
  sampleSize?: number;
  signal?: AbortSignal;
  onProgress?: FractionCallback;
}

const DEFAULT_SAMPLE_FPS = 2;
const DEFAULT_SAMPLE_SIZE = 384;
/** Low enough to keep faces the small input size makes less certain; the planner ignores lone strays. */
const SCORE_THRESHOLD = 0.3;
/** Frames of one call waiting in the worker; ffmpeg's output is paused beyond (memory stays small). */
const MAX_FRAMES_IN_FLIGHT = 4;

/**
 * Finds faces in `window` of the source only: ffmpeg seeks there (as renderClip does), samples
 * `sampleFps` frames per second scaled down to `sampleSize` and pipes them as raw RGB to the face
 * detector's worker thread (TinyFaceDetector on TensorFlow.js's WASM backend). Returns one sample
 * per frame, in time order, with boxes in source pixels.
 */
export async function detectFaces(
  media: FrameSource,
  window: { start: number; duration: number },
  options: DetectFacesOptions = {},
): Promise<FaceSample[]> {
  const { ffmpegPath = 'ffmpeg', sampleFps = DEFAULT_SAMPLE_FPS, sampleSize = DEFAULT_SAMPLE_SIZE, signal, onProgress } = options;
  const scale = sampleSize / Math.max(media.width, media.height);
  const width = Math.max(2, Math.round((media.width * scale) / 2) * 2);
  const height = Math.max(2, Math.round((media.height * scale) / 2) * 2);
  // TinyFaceDetector takes a multiple of 32 and shrinks larger frames to it.
  const inputSize = Math.ceil(sampleSize / 32) * 32;
  const preroll = seekPreroll(media, window.start);
  const filters = [
    `trim=start=${formatSeconds(preroll)}:duration=${formatSeconds(window.duration)}`,
    'setpts=PTS-STARTPTS',
    // 'pass' keeps the last tick's frame (the default may drop it, and a still image's only one);
    // it can add one frame past the end, which is dropped below.
    `fps=${sampleFps}:eof_action=pass`,
    `scale=${width}:${height}:flags=area`,
  ];
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-ss',
    formatSeconds(window.start - preroll),
    ...inputArgs(media.path, media.demuxer),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    filters.join(','),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
  const expected = Math.max(1, Math.ceil(window.duration * sampleFps - 1e-6));
  const [sx, sy] = [media.width / width, media.height / height];
  let done = 0;
  const samples = await mapRawFrames(ffmpegPath, args, width * height * 3, signal, async (pixels, index) => {
    const faces = await detectInWorker({ width, height, pixels, inputSize, scoreThreshold: SCORE_THRESHOLD });
    onProgress?.(Math.min(1, ++done / expected));
    return {
      t: index / sampleFps,
      faces: faces.map((f) => ({ x: f.x * sx, y: f.y * sy, width: f.width * sx, height: f.height * sy, score: f.score })),
    };
  });
  onProgress?.(1);
  return samples.slice(0, expected);
}

/**
 * Runs ffmpeg writing raw frames of `frameBytes` to stdout and maps each one as it arrives (at most
 * MAX_FRAMES_IN_FLIGHT at once), resolving with the results in frame order. runFfmpeg reads stdout
 * as text, so this spawns ffmpeg itself, with the same error reporting.
 */
function mapRawFrames<T>(
  ffmpegPath: string,
  args: string[],
  frameBytes: number,
  signal: AbortSignal | undefined,
  map: (pixels: ArrayBuffer, index: number) => Promise<T>,
): Promise<T[]> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T[]>((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    const results: Promise<T>[] = [];
    let frame = new Uint8Array(frameBytes);
    let filled = 0;
    let inFlight = 0;
    let stderr = '';
    let failure: Error | null = null;

    const fail = (error: Error) => {
      failure ??= error;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      // A paused stdout never ends, and the process is 'close'd only once it has: drain it (unread).
      child.stdout.resume();
    };
    const onAbort = () => fail(abortReason(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      for (let offset = 0; offset < chunk.length;) {
        const n = Math.min(frameBytes - filled, chunk.length - offset);
        frame.set(chunk.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled < frameBytes) continue;
        const result = map(frame.buffer, results.length);
        results.push(result);
        frame = new Uint8Array(frameBytes);
        filled = 0;
        if (++inFlight >= MAX_FRAMES_IN_FLIGHT) child.stdout.pause();
        result.then(
          () => {
            if (--inFlight < MAX_FRAMES_IN_FLIGHT && !failure) child.stdout.resume();
          },
          (error: Error) => fail(error),
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-64 * 1024);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const missing = error.code === 'ENOENT';
      fail(new FfmpegError(missing ? `${ffmpegPath} not found: install ffmpeg or set its path` : error.message, null, '', missing));
      finish();
    });
    child.on('close', (code, killSignal) => {
      if (code !== 0 && !failure)
        fail(
          new FfmpegError(`ffmpeg ${code !== null ? `exited with code ${code}` : `was killed by ${killSignal}`}`, code, stderrTail(stderr)),
        );
      finish();
    });

    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      // Stopped (cancelled, or ffmpeg failed): no need to wait for the frames still in the worker.
      if (failure) return reject(failure);
      Promise.all(results).then(
        (values) => (failure ? reject(failure) : resolve(values)),
        (error: Error) => reject(failure ?? error),
      );
    }
  });
}

interface Detector {
  worker: Worker;
  pending: Map<number, { resolve: (faces: FaceBox[]) => void; reject: (error: Error) => void }>;
}

let detector: Detector | null = null;
let nextRequestId = 1;

/**
 * Stops the detector's worker; the calls waiting on it reject, and a later call starts a new one.
 * Apps do not call it when they close: the worker is shared by the process and, unref'd, never
 * keeps it from exiting. Tests and the bench use it to end cleanly.
 */
export async function stopFaceDetector(): Promise<void> {
  const current = detector;
  detector = null;
  await current?.worker.terminate();
}

/** Sends one frame to the detector's worker (transferring its pixels) and waits for its faces. */
function detectInWorker(request: Omit<DetectRequest, 'id'>): Promise<FaceBox[]> {
  const current = (detector ??= startDetector());
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.worker.ref();
    current.worker.postMessage({ ...request, id } satisfies DetectRequest, [request.pixels]);
  });
}

/**
 * Starts the worker, once per process and reused. It keeps the process alive only while frames are
 * waiting; when it fails or exits, the waiting calls reject and the next call starts a new one.
 */
function startDetector(): Detector {
  // Bundled, this code is inside dist/main.js (or another entry) and the worker is
  // dist/face-detector-worker.js beside it (an entry point of build.mjs). From the TypeScript
  // sources (vitest, tsx) it is the .ts file beside this one, which Node 20 runs only through tsx:
  // a small bootstrap registers tsx's loader and then imports it (`execArgv: ['--import', 'tsx']`
  // races the worker's first import on Node 20 and often loses). 'tsx' resolves from the working
  // directory, which is inside the repository wherever the sources are run.
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./face-detector-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSource
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`, {
        eval: true,
        execArgv: [],
      })
    : new Worker(file, { execArgv: [] });
  const self: Detector = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (response: DetectResponse) => {
    const call = self.pending.get(response.id);
    if (!call) return;
    self.pending.delete(response.id);
    if ('error' in response) call.reject(new Error(`Face detection failed: ${response.error}`));
    else call.resolve(response.faces);
    if (self.pending.size === 0) worker.unref();
  });
  const stop = (error: Error) => {
    if (detector === self) detector = null;
    for (const call of self.pending.values()) call.reject(error);
    self.pending.clear();
  };
  worker.on('error', (error) => stop(new Error(`The face detector failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`The face detector stopped (exit code ${code})`)));
  return self;
}

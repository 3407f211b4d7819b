// Video clipper (`npm run bench:clipper`): the whole pipeline (runPipeline: probe, audio pass, scene
// cuts, embedded transcript, scoring, three 30 s renders with word-by-word captions) on a generated
// 10-minute 1280×720 source with a real face swaying in it, in the source's frame and in 9:16 that
// follows the face (faces found on frames of each window, crop path, cropped render), against a
// floor measured in the same run: one audio decode of the source plus plain ffmpeg decode + encode
// of the same windows (same codec, preset, CRF, size and parallelism, no captions, no crop). Each
// round runs all three, in rotating order; the best of each counts, in wall time (the target) and
// in CPU time (which other work on the machine barely disturbs). Nothing here asserts on time.
//
//   npm run bench:clipper                               3 rounds on the 10-minute source
//   BENCH_ROUNDS=1 BENCH_CLIPPER_SECONDS=120 npm run bench:clipper   quicker, on a 2-minute source
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TAspectRatio } from '@hookline/shared';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  defaultRenderConcurrency,
  renderThreads,
  createLimiter,
  runFfmpeg,
  runPipeline,
  type PipelineResult,
  type PipelineStage,
} from '../apps/server/src/modules/clipper/pipeline/index.ts';
import { facePhoto } from '../apps/server/src/modules/clipper/pipeline/test-support/face-video.ts';
import { printFigures, type Figure } from './support/print-figures.ts';

const SOURCE_SEC = Number(process.env.BENCH_CLIPPER_SECONDS ?? 600);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 30;
const CLIP_SEC = 30;
const NUM_CLIPS = 3;
/** The pipeline's render defaults (render-clip.ts). */
const PRESET = 'veryfast';
const CRF = 23;
/** Targets: the source's frame, and 9:16 with face tracking. */
const TARGET_RATIO = 1.3;
const REFRAME_TARGET_RATIO = 1.5;
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

// The "speaker" talks in phrases (a slow sum of sines above a threshold) with pauses between them,
// and is louder in some stretches; the same gate places the subtitle cues.
const speaking = (t: number) => Math.sin((2 * Math.PI * t) / 6.7) + 0.6 * Math.sin((2 * Math.PI * t) / 2.3 + 1) > -0.45;
const SPEAKING_EXPR = 'gt(sin(2*PI*t/6.7)+0.6*sin(2*PI*t/2.3+1),-0.45)';
const AUDIO_EXPR =
  `0.004*(2*random(0)-1)+${SPEAKING_EXPR}*(0.12+0.3*gt(sin(2*PI*t/83),0.55))*(0.55+0.45*sin(2*PI*4.3*t))` +
  '*(sin(2*PI*150*t+3*sin(2*PI*0.7*t))+0.4*sin(2*PI*300*t)+0.25*(2*random(1)-1))';

const WORDS = ['the', 'team', 'launch', 'plan', 'growth', 'video', 'audience', 'story', 'product', 'week', 'idea', 'content', 'people'];
const HOOKS = ['Why does nobody talk about this?', 'Here is the secret:', 'The biggest mistake is', 'Stop doing this', '3 things'];

/** Subtitle cues during the speech, at most 3.5 s each, with made-up sentences (now and then a hook). */
function makeSrt(durationSec: number): string {
  let seed = 42;
  const random = () => (seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  const cues: { start: number; end: number }[] = [];
  let open: number | null = null;
  for (let t = 0; t <= durationSec; t += 0.05) {
    if (speaking(t) && t < durationSec) open ??= t;
    else if (open !== null) {
      for (let s = open; s < t - 0.3; s += 3.5) cues.push({ start: s, end: Math.min(t, s + 3.5) });
      open = null;
    }
  }
  const time = (s: number) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23).replace('.', ',');
  return cues
    .map((c, i) => {
      const words = Array.from({ length: 5 + Math.floor(random() * 5) }, () => WORDS[Math.floor(random() * WORDS.length)]);
      const text = (random() < 0.15 ? `${HOOKS[Math.floor(random() * HOOKS.length)]} ` : '') + words.join(' ');
      return `${i + 1}\n${time(c.start)} --> ${time(c.end)}\n${text}\n`;
    })
    .join('\n');
}

/** The speaker: a face from a photograph, swaying left and right over the picture (a 20 s period). */
type Face = Awaited<ReturnType<typeof facePhoto>>;

function sourceArgs(srtPath: string, out: string, face: Face): string[] {
  const { tile } = face;
  const background = `testsrc2=s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${SOURCE_SEC},hue=H=2.1*floor(t/23)[bg]`;
  const speaker = `[0:v]crop=${tile.side}:${tile.side}:${tile.x}:${tile.y},scale=320:320[face]`;
  const video = `${background};${speaker};[bg][face]overlay=x='480+300*sin(2*PI*t/20)':y=180[v]`;
  const audio = `aevalsrc='${AUDIO_EXPR}':s=44100:d=${SOURCE_SEC}[a]`;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', face.photo, '-i', srtPath],
    ...[
      '-filter_complex',
      `${video};${audio}`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-map',
      '1:s',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-c:s', 'mov_text', '-metadata', 'title=Hookline bench talk', out],
  ];
}

/** The source, made once and kept in the temp directory under a hash of what makes it. */
async function makeSource(): Promise<string> {
  const srt = makeSrt(SOURCE_SEC);
  const face = await facePhoto();
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify({ args: sourceArgs('subs.srt', 'source.mp4', face), srt }))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), `hookline-bench-clipper-${key}`);
  const source = path.join(dir, 'source.mp4');
  if (
    await fs.stat(source).then(
      () => true,
      () => false,
    )
  )
    return source;
  console.log(`Generating the ${SOURCE_SEC} s ${WIDTH}×${HEIGHT} source once (cached in ${dir})…`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-bench-clipper-tmp-'));
  try {
    await fs.writeFile(path.join(scratch, 'subs.srt'), srt);
    await runFfmpeg(FFMPEG, sourceArgs(path.join(scratch, 'subs.srt'), path.join(scratch, 'source.mp4'), face));
    await fs.rm(path.join(scratch, 'subs.srt'));
    await fs.rename(scratch, dir);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return source;
}

/** Wall and CPU seconds (this process and its finished child processes, i.e. ffmpeg). */
interface Cost {
  wall: number;
  cpu: number;
}

/** USER_HZ: /proc reports CPU times in 1/100 s on Linux. */
const CLOCK_TICKS = 100;

function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields after "pid (comm) ": state is field 3, cutime and cstime are fields 16 and 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    // Not Linux: the CPU column then counts this process only.
  }
  return (own.user + own.system) / 1e6 + children;
}

function startMeter(): () => Cost {
  const wall = performance.now();
  const cpu = cpuSeconds();
  return () => ({ wall: (performance.now() - wall) / 1000, cpu: cpuSeconds() - cpu });
}

async function measure(task: () => Promise<unknown>): Promise<Cost> {
  const stop = startMeter();
  await task();
  return stop();
}

interface PipelineRun {
  total: Cost;
  stages: [PipelineStage, Cost][];
  result: PipelineResult;
}

async function measurePipeline(source: string, workDir: string, aspectRatio: TAspectRatio): Promise<PipelineRun> {
  const outputDir = await fs.mkdtemp(path.join(workDir, 'pipeline-'));
  const stages: [PipelineStage, Cost][] = [];
  let current: { stage: PipelineStage; stop: () => Cost } | null = null;
  const stopTotal = startMeter();
  const options = { inputPath: source, outputDir, clipDuration: CLIP_SEC, numClips: NUM_CLIPS, subtitles: true, aspectRatio };
  const result = await runPipeline(options, (p) => {
    if (p.stage === current?.stage) return;
    if (current) stages.push([current.stage, current.stop()]);
    current = { stage: p.stage, stop: startMeter() };
  });
  const last = current as { stage: PipelineStage; stop: () => Cost } | null;
  if (last) stages.push([last.stage, last.stop()]);
  const total = stopTotal();
  await fs.rm(outputDir, { recursive: true, force: true });
  return { total, stages, result };
}

interface FloorRun {
  audio: Cost;
  renders: Cost;
  total: Cost;
}

/** One audio decode of the source (16 kHz mono, as the analysis), then plain renders of the windows. */
async function measureFloor(source: string, workDir: string, windows: { start: number; duration: number }[]): Promise<FloorRun> {
  const outputDir = await fs.mkdtemp(path.join(workDir, 'floor-'));
  const quiet = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];
  const resample = 'aresample=16000,aformat=sample_fmts=s16:channel_layouts=mono';
  const audio = await measure(() => runFfmpeg(FFMPEG, [...quiet, '-i', source, '-map', '0:a:0', '-af', resample, '-f', 'null', '-']));
  const concurrency = defaultRenderConcurrency();
  const threads = renderThreads(concurrency, windows.length);
  const limit = createLimiter(concurrency);
  const renders = await measure(() =>
    Promise.all(
      windows.map((w, i) =>
        limit(() =>
          runFfmpeg(FFMPEG, [
            ...[...quiet, '-ss', String(w.start), '-i', source, '-t', String(w.duration), '-map', '0:v:0', '-map', '0:a:0'],
            ...['-c:v', 'libx264', '-preset', PRESET, '-crf', String(CRF), '-threads', String(threads), '-pix_fmt', 'yuv420p'],
            ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', path.join(outputDir, `clip-${i + 1}.mp4`)],
          ]),
        ),
      ),
    ),
  );
  await fs.rm(outputDir, { recursive: true, force: true });
  return { audio, renders, total: { wall: audio.wall + renders.wall, cpu: audio.cpu + renders.cpu } };
}

async function main(): Promise<void> {
  const source = await makeSource();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-bench-clipper-run-'));
  try {
    const pipelines: Record<'original' | '9:16', PipelineRun[]> = { original: [], '9:16': [] };
    const floors: FloorRun[] = [];
    let windows: { start: number; duration: number }[] = [];
    const pipelineRound = (ratio: 'original' | '9:16') => async () => {
      const run = await measurePipeline(source, workDir, ratio);
      windows = run.result.clips.map((c) => ({ start: c.start_time, duration: c.duration }));
      pipelines[ratio].push(run);
    };
    const floorRound = async () => {
      floors.push(await measureFloor(source, workDir, windows));
    };
    // The first round's windows come from the pipeline, which the floor then renders.
    const steps = [pipelineRound('original'), floorRound, pipelineRound('9:16')];
    for (let round = 1; round <= ROUNDS; round++) {
      // Rotating which side goes first evens out load that drifts during a round.
      for (let i = 0; i < steps.length; i++) await steps[(i + (round - 1) * 2) % steps.length]();
      const floorWall = floors.at(-1)!.total.wall;
      const wall = (ratio: 'original' | '9:16') => pipelines[ratio].at(-1)!.total.wall;
      console.log(
        `round ${round}/${ROUNDS}: floor ${floorWall.toFixed(1)} s, source frame ${wall('original').toFixed(1)} s ` +
          `(${(wall('original') / floorWall).toFixed(2)}×), 9:16 ${wall('9:16').toFixed(1)} s (${(wall('9:16') / floorWall).toFixed(2)}×)`,
      );
    }
    const best = <T extends { total: Cost }>(runs: T[]) => runs.reduce((a, b) => (b.total.wall < a.total.wall ? b : a));
    const minCpu = (runs: { total: Cost }[]) => Math.min(...runs.map((r) => r.total.cpu));
    const floor = best(floors);
    const versus = (runs: PipelineRun[]) => ({ wall: best(runs).total.wall / floor.total.wall, cpu: minCpu(runs) / minCpu(floors) });
    const plain = versus(pipelines.original);
    const vertical = versus(pipelines['9:16']);
    const pipeline = best(pipelines.original);
    const reframed = best(pipelines['9:16']);

    const line = (name: string, cost: Cost, extra: Record<string, string> = {}): Figure => ({
      name,
      values: { 'wall s': cost.wall, 'CPU s': cost.cpu, '× realtime': SOURCE_SEC / cost.wall, ...extra },
    });
    const ratioColumns = (r: { wall: number; cpu: number }) => ({
      'vs floor': `${r.wall.toFixed(2)}×`,
      'CPU vs floor': `${r.cpu.toFixed(2)}×`,
    });
    printFigures(
      `Video clipper: ${SOURCE_SEC} s ${WIDTH}×${HEIGHT} source, ${NUM_CLIPS} clips of ${CLIP_SEC} s with captions, ` +
        `${os.availableParallelism()} CPUs, best of ${ROUNDS}`,
      [
        line('floor: audio decode', floor.audio),
        line('floor: plain renders', floor.renders),
        line('floor', floor.total, { 'vs floor': '1.00×', 'CPU vs floor': '1.00×' }),
        ...pipeline.stages.map(([stage, cost]) => line(`source frame: ${stage}`, cost)),
        line('pipeline, source frame', pipeline.total, ratioColumns(plain)),
        ...reframed.stages.map(([stage, cost]) => line(`9:16: ${stage}`, cost)),
        line('pipeline, 9:16 following the face', reframed.total, ratioColumns(vertical)),
      ],
    );
    const clips = pipeline.result.clips.map((c) => `${c.start_time}–${c.end_time} s (${c.virality_score})`).join(', ');
    console.log(`\nClips: ${clips}; transcript: ${pipeline.result.transcriptSource}; warnings: ${pipeline.result.warnings.length}`);
    console.log(`Load average at the end: ${os.loadavg()[0].toFixed(1)} (other work on the machine slows both sides)`);
    const verdict = (r: number, target: number) => `${r.toFixed(2)}× (${r <= target ? 'met' : 'NOT met'})`;
    console.log(
      `Target: source frame ≤ ${TARGET_RATIO}× the floor. Wall: ${verdict(plain.wall, TARGET_RATIO)}; CPU: ${verdict(plain.cpu, TARGET_RATIO)}`,
    );
    console.log(
      `Target: 9:16 following the face ≤ ${REFRAME_TARGET_RATIO}× the floor. ` +
        `Wall: ${verdict(vertical.wall, REFRAME_TARGET_RATIO)}; CPU: ${verdict(vertical.cpu, REFRAME_TARGET_RATIO)}`,
    );
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();

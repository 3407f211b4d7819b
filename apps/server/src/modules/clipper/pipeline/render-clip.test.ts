import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo, makeVideoWithoutAudio, TEST_VIDEO } from '../../../../test/clipper/make-test-video.ts';
import { grabGrayFrame, meanPixelDifference, probeDurations } from '../../../../test/clipper/media-helpers.ts';
import { buildCaptions } from './build-captions.ts';
import type { CropPlan } from './plan-crop-path.ts';
import { probeMedia, type MediaInfo } from './probe-media.ts';
import { createLimiter, defaultRenderConcurrency, renderClip, renderThreads } from './render-clip.ts';

let dir: string;
let media: MediaInfo;

beforeAll(async () => {
  const videos = await makeTestVideo();
  media = await probeMedia(videos.mp4);
  // Quotes, commas, brackets, semicolons and colons all need escaping in a filtergraph.
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "hookline-render it's, [odd]; dir: "));
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('renderClip', () => {
  it('cuts exactly and burns subtitles from a path full of filter syntax', async () => {
    const cue = TEST_VIDEO.cues[0];
    const start = cue.start - 0.5;
    const subtitlesPath = path.join(dir, 'clip.ass');
    await fs.writeFile(
      subtitlesPath,
      buildCaptions([cue], { clipStart: start, clipDuration: 2, width: media.width, height: media.height, style: 'bold' }),
    );
    const withSubs = path.join(dir, 'with.mp4');
    const without = path.join(dir, 'without.mp4');
    const fractions: number[] = [];
    const common = { media, hasAudio: true, start, duration: 2, preset: 'ultrafast' };
    await renderClip({ ...common, outputPath: withSubs, subtitlesPath, onProgress: (f) => fractions.push(f) });
    await renderClip({ ...common, outputPath: without });

    const durations = await probeDurations(withSubs);
    expect(Math.abs(durations.video - 2)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 1e-6);
    expect(Math.abs(durations.format - 2)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 1e-6);
    expect(fractions.at(-1)).toBe(1);
    await expect(fs.access(`${withSubs}.partial`)).rejects.toThrow();

    const [a, b] = await Promise.all([grabGrayFrame(withSubs, 1), grabGrayFrame(without, 1)]);
    expect(meanPixelDifference(a, b)).toBeGreaterThan(1);
    const [c, d] = await Promise.all([grabGrayFrame(withSubs, 0.2), grabGrayFrame(without, 0.2)]);
    expect(meanPixelDifference(c, d)).toBeLessThan(0.5); // before the cue: no caption, same picture
  }, 30_000);

  it('cuts MPEG-TS exactly too (its seek can land after the wanted keyframe)', async () => {
    // Keyframes every 10 s from 1.4 s: a plain input seek to 3 s would start the clip at 10 s.
    const ts = await probeMedia(await makeVideoWithoutAudio(dir));
    expect(ts.demuxer).toBe('mpegts');
    const outputPath = path.join(dir, 'ts-clip.mp4');
    await renderClip({ media: ts, hasAudio: false, start: 3, duration: 4, outputPath, preset: 'ultrafast' });
    const d = await probeDurations(outputPath);
    expect(Math.abs(d.video - 4)).toBeLessThanOrEqual(1 / 25 + 1e-6);
    const clipFrame = await grabGrayFrame(outputPath, 1, true);
    const exact = meanPixelDifference(clipFrame, await grabGrayFrame(ts.path, 4, true));
    const offByFiveFrames = meanPixelDifference(clipFrame, await grabGrayFrame(ts.path, 4.2, true));
    expect(exact).toBeLessThan(offByFiveFrames);
    expect(exact).toBeLessThan(3);
  }, 30_000);

  it('reframes after a crop plan, then burns the subtitles on the cropped picture', async () => {
    const cue = TEST_VIDEO.cues[0];
    const start = cue.start - 0.5;
    const fps = TEST_VIDEO.fps;
    // 9:16 out of 320×240: 134×240, sweeping from the left edge to the right one in 2 s.
    const frames = Array.from({ length: 2 * fps }, (_, i) => ({ t: i / fps, x: Math.round((186 * i) / (2 * fps - 1) / 2) * 2, y: 0 }));
    const plan: CropPlan = { width: 134, height: 240, frames, noFace: [{ start: 1.2, end: 1.6 }] };
    const subtitlesPath = path.join(dir, 'reframed.ass');
    await fs.writeFile(subtitlesPath, buildCaptions([cue], { clipStart: start, clipDuration: 2, width: 134, height: 240, style: 'bold' }));
    const render = async (name: string, noFace: 'center' | 'blur', subtitles: string | null = null) => {
      const outputPath = path.join(dir, `${name}.mp4`);
      const commandsPath = path.join(dir, `${name}.cmd`);
      await renderClip({
        media,
        hasAudio: true,
        start,
        duration: 2,
        outputPath,
        preset: 'ultrafast',
        subtitlesPath: subtitles,
        reframe: { plan, noFace, commandsPath },
      });
      return outputPath;
    };
    const [centred, blurred, captioned] = await Promise.all([
      render('centred', 'center'),
      render('blurred', 'blur'),
      render('captioned', 'center', subtitlesPath),
    ]);

    expect(await probeMedia(centred)).toMatchObject({ width: 134, height: 240 });
    // Each frame is the source cropped where the plan says, not where it was a few frames before.
    for (const i of [5, 20, 45]) {
      const t = frames[i].t;
      const out = await grabGrayCrop(centred, t);
      expect(meanPixelDifference(out, await grabGrayCrop(media.path, start + t, frames[i]))).toBeLessThan(4);
      expect(meanPixelDifference(out, await grabGrayCrop(media.path, start + t, frames[i - 5]))).toBeGreaterThan(10);
    }
    // 'blur' changes the no-face stretch only.
    expect(meanPixelDifference(await grabGrayCrop(centred, 0.4), await grabGrayCrop(blurred, 0.4))).toBeLessThan(0.5);
    expect(meanPixelDifference(await grabGrayCrop(centred, 1.4), await grabGrayCrop(blurred, 1.4))).toBeGreaterThan(10);
    // The caption is burned on the 134×240 output (during the cue only).
    expect(meanPixelDifference(await grabGrayCrop(centred, 1), await grabGrayCrop(captioned, 1))).toBeGreaterThan(1);
    expect(meanPixelDifference(await grabGrayCrop(centred, 0.2), await grabGrayCrop(captioned, 0.2))).toBeLessThan(0.5);
  }, 60_000);

  it('leaves no partial file when ffmpeg fails', async () => {
    const outputPath = path.join(dir, 'broken.mp4');
    await expect(renderClip({ media, hasAudio: true, start: 0, duration: 1, outputPath, preset: 'no-such-preset' })).rejects.toThrow(
      /ffmpeg exited/,
    );
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('broken'))).toEqual([]);
  });
});

/** One grey frame at `seconds`, cropped to 134×240 at `at` when given. */
async function grabGrayCrop(file: string, seconds: number, at?: { x: number; y: number }): Promise<Buffer> {
  const crop = at ? ['-vf', `crop=134:240:${at.x}:${at.y}`] : [];
  const args = ['-v', 'error', '-ss', String(seconds), '-i', file, ...crop, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'];
  const { stdout } = await promisify(execFile)('ffmpeg', args, { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

describe('createLimiter', () => {
  it('runs at most n tasks at once, all of them, passing results and errors through', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let most = 0;
    const task = (i: number) =>
      limit(async () => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setImmediate(r));
        active--;
        if (i === 3) throw new Error('task 3 failed');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      1,
      2,
      'task 3 failed',
      4,
      5,
    ]);
  });

  it('defaults to between 1 and 2 parallel renders', () => {
    const n = defaultRenderConcurrency();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(Math.min(2, os.availableParallelism()));
  });

  it('shares the CPUs among the renders that run at once', () => {
    expect(renderThreads(2, 3, 2)).toBe(1);
    expect(renderThreads(2, 5, 8)).toBe(4);
    // A single clip (or fewer clips than the concurrency) gets every CPU.
    expect(renderThreads(2, 1, 2)).toBe(2);
    expect(renderThreads(4, 2, 8)).toBe(4);
    // Never less than one thread.
    expect(renderThreads(4, 4, 2)).toBe(1);
    expect(renderThreads(2, 0, 2)).toBe(2);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTranscriber, type FakeTranscriber } from '../../../../test/clipper/fake-transcriber.ts';
import { startFakeOpenAI } from '../../../../test/support/fake-openai.ts';
import { makeTestVideo, makeVideoWithoutAudio, TEST_VIDEO, type TestVideos } from '../../../../test/clipper/make-test-video.ts';
import { childProcessesOf, grabGrayFrame, meanPixelDifference, probeDurations } from '../../../../test/clipper/media-helpers.ts';
import { UnsupportedMediaError } from './errors.ts';
import { probeMedia } from './probe-media.ts';
import { renderClip } from './render-clip.ts';
import { runPipeline, type PipelineProgress, type PipelineResult } from './run-pipeline.ts';

let videos: TestVideos;
let root: string;
let result: PipelineResult;
let outputDir: string;
const progress: PipelineProgress[] = [];

beforeAll(async () => {
  videos = await makeTestVideo();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-pipeline-'));
  outputDir = path.join(root, 'job-1');
  result = await runPipeline(
    { inputPath: videos.mp4, outputDir, clipDuration: 15, numClips: 2, subtitles: true, preset: 'ultrafast' },
    (p) => progress.push(p),
  );
}, 60_000);
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('runPipeline', () => {
  it('returns 2 clips of 15 s around the spoken parts, best first, with metadata', () => {
    expect(result.clips).toHaveLength(2);
    expect(result.clips.map((c) => c.clip_number)).toEqual([1, 2]);
    expect(result.clips[0].virality_score).toBeGreaterThanOrEqual(result.clips[1].virality_score);
    for (const clip of result.clips) {
      expect(clip.duration).toBe(15);
      expect(clip.end_time - clip.start_time).toBeCloseTo(15, 6);
      expect(clip.virality_score).toBeGreaterThanOrEqual(0);
      expect(clip.virality_score).toBeLessThanOrEqual(10);
      expect(Math.round(clip.virality_score * 10) / 10).toBe(clip.virality_score);
    }
    const byStart = [...result.clips].sort((a, b) => a.start_time - b.start_time);
    expect(byStart[0].start_time).toBeLessThanOrEqual(10);
    expect(byStart[0].end_time).toBeGreaterThanOrEqual(18);
    expect(byStart[1].start_time).toBeLessThanOrEqual(40);
    expect(byStart[1].end_time).toBeGreaterThanOrEqual(48);
    expect(byStart[0].text_preview).toContain('How do you stop wasting time?');
    expect(byStart[1].text_preview).toContain('Marmalade zebra keyword');
    expect(result.metadata).toEqual({ title: TEST_VIDEO.title, uploader: TEST_VIDEO.uploader, duration: 60 });
    expect(result.subtitlesMissing).toBe(false);
    expect(result.transcriptSource).toBe('embedded');
    expect(result.warnings).toEqual([]);
  });

  it('writes download-safe files whose length is the clip duration within one frame', async () => {
    expect(result.clips.map((c) => c.file_name)).toEqual(['hookline-test-video-clip-1.mp4', 'hookline-test-video-clip-2.mp4']);
    for (const clip of result.clips) {
      expect(clip.path).toBe(path.join(outputDir, clip.file_name));
      const d = await probeDurations(clip.path);
      expect(Math.abs(d.video - clip.duration)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 1e-6);
      expect(Math.abs(d.format - clip.duration)).toBeLessThanOrEqual(1 / TEST_VIDEO.fps + 1e-6);
      expect(d.audio).not.toBeNull();
    }
    // Only the clips remain: no WAV, ASS or partial files.
    expect((await fs.readdir(outputDir)).sort()).toEqual(result.clips.map((c) => c.file_name).sort());
  });

  it('burns the subtitles in (a frame differs from the same clip rendered without them)', async () => {
    const clip = result.clips.find((c) => c.start_time <= 10)!;
    const plain = path.join(root, 'plain.mp4');
    const media = await probeMedia(videos.mp4);
    await renderClip({ media, hasAudio: true, start: clip.start_time, duration: clip.duration, outputPath: plain, preset: 'ultrafast' });
    const t = TEST_VIDEO.cues[0].start + 1 - clip.start_time; // one second into the first cue
    const [withSubs, without] = await Promise.all([grabGrayFrame(clip.path, t), grabGrayFrame(plain, t)]);
    expect(withSubs.length).toBe(TEST_VIDEO.width * TEST_VIDEO.height);
    expect(meanPixelDifference(withSubs, without)).toBeGreaterThan(1);
  }, 30_000);

  it('reports every stage in order with a percent that only grows to 100', () => {
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(['probing', 'analyzing', 'transcribing', 'selecting', 'rendering']);
    for (let i = 1; i < progress.length; i++) expect(progress[i].percent).toBeGreaterThanOrEqual(progress[i - 1].percent);
    expect(progress[0].percent).toBe(0);
    expect(progress.at(-1)).toEqual({ stage: 'rendering', percent: 100 });
  });

  it('transcribes through the endpoint when there is no subtitle track, and still works when that fails', async () => {
    const fake: FakeTranscriber = await startFakeTranscriber();
    try {
      // Two 30 s chunks; the second says something 10.5 s in, i.e. at 40.5 s of the source.
      fake.answer = (_request, index) => ({
        body:
          index === 0
            ? { text: '', segments: [] }
            : { text: 'x', segments: [{ start: 10.5, end: 13, text: 'Transcribed words, why not?' }] },
      });
      const media = { ...(await probeMedia(videos.mp4)), subtitleStreamIndex: null };
      const common = {
        inputPath: videos.mp4,
        media,
        clipDuration: 15,
        numClips: 1,
        subtitles: true,
        preset: 'ultrafast',
        title: 'Über Talk: Part 1!',
      };
      const ok = await runPipeline(
        {
          ...common,
          outputDir: path.join(root, 'job-2'),
          transcription: { baseUrl: `${fake.url}/v1`, chunkSec: 30 },
        },
        () => {
          throw new Error('a broken progress listener does not stop the job');
        },
      );
      expect(fake.requests).toHaveLength(2);
      expect(ok.transcriptSource).toBe('transcription');
      expect(ok.subtitlesMissing).toBe(false);
      expect(ok.clips).toHaveLength(1);
      expect(ok.clips[0].start_time).toBeLessThanOrEqual(40.5);
      expect(ok.clips[0].end_time).toBeGreaterThanOrEqual(43);
      expect(ok.clips[0].text_preview).toBe('Transcribed words, why not?');
      expect(ok.clips[0].file_name).toBe('uber-talk-part-1-clip-1.mp4');

      fake.answer = () => ({ status: 500, body: { error: { message: 'model overloaded' } } });
      const degraded = await runPipeline({ ...common, outputDir: path.join(root, 'job-3'), transcription: { baseUrl: `${fake.url}/v1` } });
      expect(degraded.transcriptSource).toBe('none');
      expect(degraded.subtitlesMissing).toBe(true);
      expect(degraded.warnings).toEqual(['Transcription failed: The transcription endpoint answered 500: model overloaded']);
      expect(degraded.clips).toHaveLength(1);
      expect(degraded.clips[0].text_preview).toBe('');
    } finally {
      await fake.close();
    }
  }, 30_000);

  it('lets a chat model re-rank the windows, and keeps the heuristic order with a warning when it fails', async () => {
    const fake = await startFakeOpenAI();
    try {
      // The model prefers the window about breakfast: it becomes clip 1 (the heuristic ranks it second).
      fake.reply = (messages) => {
        const { candidates } = JSON.parse(messages.at(-1)!.content) as { candidates: { id: number; transcript: string }[] };
        return JSON.stringify({ scores: candidates.map((c) => ({ id: c.id, score: c.transcript.includes('breakfast') ? 10 : 1 })) });
      };
      const common = { inputPath: videos.mp4, clipDuration: 15, numClips: 2, subtitles: false, preset: 'ultrafast' };
      const rerank = { baseUrl: `${fake.url}/v1`, model: 'clip-judge' };
      const reranked = await runPipeline({ ...common, outputDir: path.join(root, 'job-rerank'), rerank });
      expect(fake.requests).toHaveLength(1);
      expect(reranked.warnings).toEqual([]);
      expect(reranked.clips.map((c) => c.text_preview)).toEqual([result.clips[1].text_preview, result.clips[0].text_preview]);
      expect(reranked.clips[0].start_time).toBeLessThanOrEqual(40);
      expect(reranked.clips[0].end_time).toBeGreaterThanOrEqual(48);
      expect(reranked.clips[0].end_time <= reranked.clips[1].start_time || reranked.clips[1].end_time <= reranked.clips[0].start_time).toBe(
        true,
      );
      expect(reranked.clips[0].virality_score).toBeGreaterThan(reranked.clips[1].virality_score);
      expect(reranked.clips[0].file_name).toBe('hookline-test-video-clip-1.mp4');

      fake.failWith = { status: 500, message: 'The server had an error while processing your request.' };
      const fallback = await runPipeline({ ...common, outputDir: path.join(root, 'job-rerank-failed'), rerank });
      expect(fake.requests).toHaveLength(2);
      expect(fallback.warnings).toEqual([
        'The AI re-rank was skipped (clips keep the heuristic order): The AI service failed (HTTP 500): The server had an error while processing your request.',
      ]);
      expect(fallback.clips.map(({ start_time, end_time, virality_score }) => ({ start_time, end_time, virality_score }))).toEqual(
        result.clips.map(({ start_time, end_time, virality_score }) => ({ start_time, end_time, virality_score })),
      );
    } finally {
      await fake.close();
    }
  }, 30_000);

  it('clips an MPEG-TS video without audio (no transcript, subtitles reported missing)', async () => {
    const input = await makeVideoWithoutAudio(root);
    const outDir = path.join(root, 'job-ts');
    const silent = await runPipeline({
      inputPath: input,
      outputDir: outDir,
      clipDuration: 15,
      numClips: 2,
      subtitles: true,
      preset: 'ultrafast',
    });
    expect(silent).toMatchObject({
      subtitlesMissing: true,
      transcriptSource: 'none',
      warnings: [],
      metadata: { title: 'no-audio', uploader: '' },
    });
    expect(silent.clips).toHaveLength(1);
    expect(silent.clips[0].file_name).toBe('no-audio-clip-1.mp4');
    const d = await probeDurations(silent.clips[0].path);
    expect(Math.abs(d.video - 15)).toBeLessThanOrEqual(1 / 25 + 1e-6);
    expect(d.audio).toBeNull();
  }, 30_000);

  it('rejects bad input before doing any work', async () => {
    const fake = path.join(root, 'fake.mp4');
    await fs.writeFile(fake, 'not a video');
    const outDir = path.join(root, 'job-bad');
    await expect(
      runPipeline({ inputPath: fake, outputDir: outDir, clipDuration: 15, numClips: 1, subtitles: false }),
    ).rejects.toBeInstanceOf(UnsupportedMediaError);
    expect(await fs.readdir(outDir)).toEqual([]);
    await expect(runPipeline({ inputPath: fake, outputDir: outDir, clipDuration: 0, numClips: 1, subtitles: false })).rejects.toThrow(
      RangeError,
    );
  });

  it('stops on abort: ffmpeg killed, no child process, no files left', async () => {
    const controller = new AbortController();
    const outDir = path.join(root, 'job-abort');
    const seen: string[] = [];
    const options = {
      inputPath: videos.mp4,
      outputDir: outDir,
      clipDuration: 15,
      numClips: 2,
      subtitles: true,
      preset: 'veryslow',
      signal: controller.signal,
    };
    const run = runPipeline(options, (p) => {
      seen.push(p.stage);
      if (p.stage === 'rendering' && p.percent > 50) controller.abort();
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toContain('rendering');
    expect(childProcessesOf(process.pid).filter((c) => /ffmpeg|ffprobe/.test(c.name))).toEqual([]);
    expect(await fs.readdir(outDir)).toEqual([]);
  }, 30_000);
});

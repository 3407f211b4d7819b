import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo, TEST_VIDEO } from '../../../../test/clipper/make-test-video.ts';
import { wavSeconds } from '../../../../test/clipper/fake-transcriber.ts';
import { analyzeAudio, createSilenceParser, type AudioAnalysis } from './analyze-audio.ts';
import { probeMedia } from './probe-media.ts';

let dir: string;
let analysis: AudioAnalysis;
const fractions: number[] = [];

beforeAll(async () => {
  const videos = await makeTestVideo();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-analyze-'));
  const media = await probeMedia(videos.mp4);
  analysis = await analyzeAudio(media, path.join(dir, 'audio.wav'), { onProgress: (f) => fractions.push(f) });
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const meanDb = (from: number, to: number) => {
  const values = analysis.loudnessDb.slice(Math.round(from * 10), Math.round(to * 10));
  return values.reduce((a, b) => a + b, 0) / values.length;
};

describe('analyzeAudio (one ffmpeg pass)', () => {
  it('gives one loudness value per 100 ms', () => {
    expect(analysis.loudnessDb.length).toBeGreaterThanOrEqual(TEST_VIDEO.durationSec * 10);
    expect(analysis.loudnessDb.length).toBeLessThanOrEqual(TEST_VIDEO.durationSec * 10 + 1);
    expect(analysis.loudnessDb.every((v) => Number.isFinite(v))).toBe(true);
  });

  it('finds the loud segments at the known times', () => {
    for (const loud of TEST_VIDEO.loud) expect(meanDb(loud.start + 0.1, loud.end - 0.1)).toBeGreaterThan(-25);
    for (const quiet of TEST_VIDEO.silences) expect(meanDb(quiet.start + 0.1, quiet.end - 0.1)).toBeLessThan(-50);
    // The edges sit on the right 100 ms step.
    expect(analysis.loudnessDb[99]).toBeLessThan(-50);
    expect(analysis.loudnessDb[100]).toBeGreaterThan(-25);
    expect(analysis.loudnessDb[179]).toBeGreaterThan(-25);
    expect(analysis.loudnessDb[180]).toBeLessThan(-50);
  });

  it('finds the pauses at the known times (within 0.1 s)', () => {
    expect(analysis.silences).toHaveLength(TEST_VIDEO.silences.length);
    analysis.silences.forEach((s, i) => {
      expect(Math.abs(s.start - TEST_VIDEO.silences[i].start)).toBeLessThan(0.1);
      expect(Math.abs(s.end - TEST_VIDEO.silences[i].end)).toBeLessThan(0.1);
    });
  });

  it('writes the 16 kHz mono WAV for transcription in the same pass', async () => {
    const wav = await fs.readFile(analysis.wavPath);
    expect(wav.readUInt16LE(22)).toBe(1); // channels
    expect(wav.readUInt32LE(24)).toBe(16_000); // sample rate
    expect(wavSeconds(wav)).toBeCloseTo(TEST_VIDEO.durationSec, 1);
  });

  it('reports progress up to the end', () => {
    expect(fractions.length).toBeGreaterThan(5);
    expect(fractions.at(-1)).toBeGreaterThan(0.95);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });
});

describe('createSilenceParser', () => {
  it('pairs starts and ends, ignores the repeated last end and closes a pause still open at the end', () => {
    const parser = createSilenceParser();
    for (const line of [
      '[silencedetect @ 0x1] silence_start: 0',
      '[silencedetect @ 0x1] silence_end: 2.5 | silence_duration: 2.5',
      'something else',
      '[silencedetect @ 0x1] silence_start: 7.25',
      '[silencedetect @ 0x1] silence_end: 8 | silence_duration: 0.75',
      '[silencedetect @ 0x1] silence_end: 8 | silence_duration: 0.75',
      '[silencedetect @ 0x1] silence_start: 9.5',
    ])
      parser.push(line);
    expect(parser.finish(10)).toEqual([
      { start: 0, end: 2.5 },
      { start: 7.25, end: 8 },
      { start: 9.5, end: 10 },
    ]);
  });
});

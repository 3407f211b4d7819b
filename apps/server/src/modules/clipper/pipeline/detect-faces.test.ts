import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, stopFaceDetector } from './detect-faces.ts';
import { FfmpegError } from './errors.ts';
import { probeMedia, type MediaInfo } from './probe-media.ts';
import { FACE_VIDEO, makeFaceVideo } from './test-support/face-video.ts';

let media: MediaInfo;

beforeAll(async () => {
  media = await probeMedia(await makeFaceVideo());
}, 120_000);

/** The centres of the faces found. */
const centresOf = (faces: { x: number; y: number; width: number; height: number }[]) =>
  faces.map((f) => ({ x: f.x + f.width / 2, y: f.y + f.height / 2 }));

describe('detectFaces', () => {
  it('samples only the window, reporting faces in source pixels and its progress', async () => {
    const fractions: number[] = [];
    const window = { start: 1.5, duration: 2 };
    const samples = await detectFaces(media, window, { onProgress: (f) => fractions.push(f) });
    expect(samples.map((s) => s.t)).toEqual([0, 0.5, 1, 1.5]);
    // A tiny detector may miss a frame now and then, never finds a second face.
    expect(samples.filter((s) => s.faces.length === 1).length).toBeGreaterThanOrEqual(3);
    for (const { t, faces } of samples.filter((s) => s.faces.length > 0)) {
      const truth = FACE_VIDEO.faceCentreAt(window.start + t);
      const [found, ...more] = centresOf(faces);
      expect(more).toEqual([]);
      expect(Math.abs(found.x - truth.x)).toBeLessThan(40);
      expect(Math.abs(found.y - truth.y)).toBeLessThan(40);
    }
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1])).toBe(true);
  }, 60_000);

  it('rejects with the abort reason when aborted, and keeps working afterwards', async () => {
    const controller = new AbortController();
    const aborted = detectFaces(media, { start: 0, duration: 8 }, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(aborted).rejects.toThrow(/aborted/);
    const after = await detectFaces(media, { start: 6, duration: 0.5 });
    expect(centresOf(after[0].faces)).toHaveLength(1);
  }, 60_000);

  it('fails the calls waiting on a stopped detector, and the next call starts a new one', async () => {
    let stopped: Promise<void> | null = null;
    const waiting = detectFaces(media, { start: 0, duration: 8 }, { onProgress: () => void (stopped ??= stopFaceDetector()) });
    await expect(waiting).rejects.toThrow(/face detector stopped/);
    const after = await detectFaces(media, { start: 6, duration: 0.5 });
    expect(centresOf(after[0].faces)).toHaveLength(1);
  }, 60_000);

  it('rejects with FfmpegError when the file cannot be read', async () => {
    const missing = { ...media, path: `${media.path}.missing` };
    await expect(detectFaces(missing, { start: 0, duration: 1 })).rejects.toBeInstanceOf(FfmpegError);
  });
});

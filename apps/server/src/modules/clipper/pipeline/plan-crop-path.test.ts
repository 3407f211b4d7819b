import { describe, expect, it } from 'vitest';
import type { FaceBox, FaceSample } from './detect-faces.ts';
import { planCropPath, type PlanCropPathInput } from './plan-crop-path.ts';

const FPS = 30;
const SAMPLE_FPS = 4;

/** A square face of `size` centred on (cx, cy). */
function face(cx: number, cy: number, size = 200, score = 0.8): FaceBox {
  return { x: cx - size / 2, y: cy - size / 2, width: size, height: size, score };
}

/** Samples at SAMPLE_FPS over `duration` seconds with the faces `at(t)` returns. */
function sampleOver(duration: number, at: (t: number) => FaceBox[]): FaceSample[] {
  return Array.from({ length: Math.ceil(duration * SAMPLE_FPS) }, (_, i) => ({ t: i / SAMPLE_FPS, faces: at(i / SAMPLE_FPS) }));
}

function plan(samples: FaceSample[], overrides: Partial<PlanCropPathInput> = {}) {
  return planCropPath({
    samples,
    sceneCuts: [],
    sourceWidth: 1920,
    sourceHeight: 1080,
    aspectRatio: '9:16',
    frameRate: FPS,
    duration: samples.length / SAMPLE_FPS,
    ...overrides,
  });
}

/** Moves between consecutive frames along x. */
const stepsOf = (frames: { x: number }[]) => frames.slice(1).map((f, i) => f.x - frames[i].x);

/** The even position that centres `centre` in a crop of `length`. */
const centring = (centre: number, length: number) => Math.round((centre - length / 2) / 2) * 2;

/** A deterministic wobble in [-1, 1]. */
const wobble = (i: number) => Math.sin(i * 12.9898) * 0.999;

describe('planCropPath', () => {
  it('takes the largest crop of the ratio, even, and one position per output frame', () => {
    const samples = sampleOver(2, () => [face(960, 540)]);
    expect(plan(samples)).toMatchObject({ width: 606, height: 1080 });
    expect(plan(samples, { aspectRatio: '1:1' })).toMatchObject({ width: 1080, height: 1080 });
    expect(plan(samples, { aspectRatio: '4:5' })).toMatchObject({ width: 864, height: 1080 });
    const frames = plan(samples, { duration: 2.5 }).frames;
    expect(frames).toHaveLength(75);
    expect(frames[1].t).toBeCloseTo(1 / FPS);
    for (const f of frames) expect([f.x % 2, f.y]).toEqual([0, 0]);
  });

  it('holds still while the face only jitters in place', () => {
    const samples = sampleOver(10, (t) => [face(700 + 20 * wobble(t * 4), 500 + 15 * wobble(t * 4 + 1), 220 + 10 * wobble(t))]);
    const { frames, noFace } = plan(samples);
    expect(new Set(frames.map((f) => f.x))).toEqual(new Set([frames[0].x]));
    expect(Math.abs(frames[0].x + 303 - 700)).toBeLessThanOrEqual(22);
    expect(noFace).toEqual([]);
  });

  it('pans with bounded speed and easing until the face is centred again', () => {
    // The face stays put for 2 s, then glides 1000 px to the right in 2 s and stays there.
    const cx = (t: number) => 500 + 1000 * Math.min(1, Math.max(0, (t - 2) / 2));
    const { frames, width } = plan(sampleOver(8, (t) => [face(cx(t), 540)]));
    const steps = stepsOf(frames);
    const maxStep = width / FPS + 2;
    expect(Math.max(...steps.map(Math.abs))).toBeLessThanOrEqual(maxStep);
    // Eased: it speeds up over several frames instead of jumping to full speed.
    const firstMove = steps.findIndex((s) => s !== 0);
    expect(steps[firstMove]).toBeLessThan(maxStep / 4);
    expect(steps.slice(firstMove, firstMove + 15).every((s, i, all) => i === 0 || s >= all[i - 1] - 2)).toBe(true);
    // It follows closely during the glide and ends centred on the face, then rests.
    for (const f of frames) expect(Math.abs(cx(f.t) - (f.x + width / 2))).toBeLessThan(width / 4);
    const end = frames.at(-1)!;
    expect(Math.abs(end.x + width / 2 - 1500)).toBeLessThanOrEqual(2);
    expect(steps.slice(-FPS).every((s) => s === 0)).toBe(true);
  });

  it('cuts without panning at a given scene cut', () => {
    const samples = sampleOver(6, (t) => [face(t < 3 ? 400 : 1500, 540)]);
    const { frames, width } = plan(samples, { sceneCuts: [3, 42] });
    const big = stepsOf(frames).flatMap((s, i) => (Math.abs(s) > width / 10 ? [i + 1] : []));
    expect(big).toEqual([3 * FPS]);
    expect(frames[3 * FPS - 1].x + width / 2).toBeCloseTo(400, -1);
    expect(frames[3 * FPS].x + width / 2).toBeCloseTo(1500, -1);
  });

  it('cuts where the face leaps far and stays, and ignores a lone stray detection', () => {
    const samples = sampleOver(6, (t) => [face(t < 3 ? 400 : 1500, 540)]);
    samples[4].faces = [face(1700, 300)]; // a false detection while the face was missed
    const { frames, width } = plan(samples);
    const big = stepsOf(frames).flatMap((s, i) => (Math.abs(s) > width / 10 ? [i + 1] : []));
    expect(big).toHaveLength(1);
    // Halfway between the last sample before the leap (2.75 s) and the first after it (3 s).
    expect(Math.abs(frames[big[0]].t - 2.875)).toBeLessThanOrEqual(1 / FPS);
    expect(frames.slice(0, big[0]).every((f) => Math.abs(f.x + width / 2 - 400) <= 2)).toBe(true);
  });

  it('centres the crop through a stretch of more than a second with no face, and holds through a short miss', () => {
    const samples = sampleOver(9, (t) => ((t >= 2 && t < 5) || (t >= 7 && t < 7.5) ? [] : [face(400, 540)]));
    const { frames, noFace, width } = plan(samples);
    expect(noFace).toHaveLength(1);
    expect(noFace[0].start).toBeCloseTo(1.875, 1);
    expect(noFace[0].end).toBeCloseTo(4.875, 1);
    for (const f of frames) {
      const inStretch = f.t >= noFace[0].start && f.t < noFace[0].end;
      expect(f.x).toBe(inStretch ? 656 : centring(400, width));
    }
  });

  it('follows the bigger, lasting face rather than a small one or one passing by', () => {
    const samples = sampleOver(8, (t) => [face(400, 500, 120), face(1400, 560, 260), ...(t >= 3 && t < 3.5 ? [face(900, 520, 320)] : [])]);
    const { frames, width } = plan(samples);
    for (const f of frames) expect(Math.abs(f.x + width / 2 - 1400)).toBeLessThanOrEqual(2);
  });

  it('when two people take turns, follows the one who has been bigger lately', () => {
    // Both stay on screen; the left one leans in for the first 4 s, the right one after.
    const samples = sampleOver(9, (t) => [face(500, 540, t < 4 ? 280 : 160), face(1450, 520, t < 4 ? 160 : 280)]);
    const { frames, width } = plan(samples);
    const onLeft = frames.filter((f) => Math.abs(f.x - centring(500, width)) <= 2).map((f) => f.t);
    const onRight = frames.filter((f) => Math.abs(f.x - centring(1450, width)) <= 2).map((f) => f.t);
    expect(onLeft.length + onRight.length).toBe(frames.length);
    // The switch comes once the right one has been bigger for a while, not at its first bigger frame.
    expect(Math.max(...onLeft)).toBeGreaterThan(4.2);
    expect(Math.min(...onRight)).toBeLessThan(5.5);
    expect(Math.max(...onLeft)).toBeLessThan(Math.min(...onRight));
  });

  it('pans along y in a source taller than the ratio', () => {
    // A 1080×1920 portrait video cropped to 4:5: the face rises from low in the frame to high.
    const cy = (t: number) => 1500 - 600 * Math.min(1, Math.max(0, (t - 1) / 3));
    const samples = sampleOver(7, (t) => [face(560, cy(t), 300)]);
    const { frames, width, height } = plan(samples, { sourceWidth: 1080, sourceHeight: 1920, aspectRatio: '4:5' });
    expect([width, height]).toEqual([1080, 1350]);
    expect(frames.every((f) => f.x === 0)).toBe(true);
    const ys = frames.map((f) => f.y);
    expect(ys[0]).toBe(1920 - 1350); // clamped to the bottom
    expect(ys.at(-1)).toBe(centring(900, 1350));
    expect(Math.max(...stepsOf(frames.map((f) => ({ x: f.y }))).map(Math.abs))).toBeLessThanOrEqual(height / FPS + 2);
  });

  it('centres a clip without any face', () => {
    const { frames, noFace, width } = plan(sampleOver(3, () => []));
    expect(noFace).toEqual([{ start: 0, end: 3 }]);
    expect(width).toBe(606);
    expect(frames.every((f) => f.x === 656)).toBe(true); // (1920 - 606) / 2, even
  });
});

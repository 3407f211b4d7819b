import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, type FaceSample } from './detect-faces.ts';
import { detectSceneCuts } from './detect-scene-cuts.ts';
import { planCropPath, type CropPlan } from './plan-crop-path.ts';
import { probeMedia, type MediaInfo } from './probe-media.ts';
import { renderClip } from './render-clip.ts';
import { FACE_VIDEO, makeFaceVideo } from './test-support/face-video.ts';

// End to end on a real face: the face video (a face gliding left to right, then a scene cut after
// which it sits on the left), the window [1 s, 7 s) around the cut, real ffmpeg and the real detector.
const WINDOW = { start: 1, duration: 6 };
const CUT_IN_WINDOW = FACE_VIDEO.cutAt - WINDOW.start;

let dir: string;
let media: MediaInfo;
let sceneCuts: number[];
let samples: FaceSample[];
let plan: CropPlan;
let output: MediaInfo;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-reframe-'));
  media = await probeMedia(await makeFaceVideo());
  sceneCuts = (await detectSceneCuts(media)).map((c) => c - WINDOW.start).filter((c) => c > 0 && c < WINDOW.duration);
  samples = await detectFaces(media, WINDOW);
  plan = planCropPath({
    samples,
    sceneCuts,
    sourceWidth: media.width,
    sourceHeight: media.height,
    aspectRatio: '9:16',
    frameRate: media.frameRate,
    duration: WINDOW.duration,
  });
  const outputPath = path.join(dir, 'reframed.mp4');
  await renderClip({
    media,
    hasAudio: media.hasAudio,
    ...WINDOW,
    outputPath,
    preset: 'ultrafast',
    reframe: { plan, noFace: 'center', commandsPath: path.join(dir, 'crop.cmd') },
  });
  output = await probeMedia(outputPath);
}, 180_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('reframing a clip to 9:16 around its face', () => {
  it('finds the face in the samples of the window, where the video put it', () => {
    expect(samples.map((s) => s.t)).toEqual(Array.from({ length: WINDOW.duration * 2 }, (_, i) => i / 2));
    expect(samples.filter((s) => s.faces.length === 1).length).toBeGreaterThanOrEqual(0.9 * samples.length);
    for (const { t, faces } of samples.filter((s) => s.faces.length > 0)) {
      expect(faces).toHaveLength(1);
      const truth = FACE_VIDEO.faceCentreAt(WINDOW.start + t);
      expect(Math.abs(faces[0].x + faces[0].width / 2 - truth.x)).toBeLessThan(40);
      expect(Math.abs(faces[0].y + faces[0].height / 2 - truth.y)).toBeLessThan(40);
    }
  });

  it('renders at the crop size, keeping the face in the middle half of the picture', async () => {
    expect([output.width, output.height]).toEqual([plan.width, plan.height]);
    expect([plan.width, plan.height]).toEqual([404, 720]);
    expect(Math.abs(output.durationSec - WINDOW.duration)).toBeLessThan(0.1);

    // Detected again, in the output.
    const again = await detectFaces(output, { start: 0, duration: output.durationSec }, { sampleFps: 5 });
    const centred = again.filter(({ faces }) =>
      faces.some((f) => f.x + f.width / 2 >= output.width / 4 && f.x + f.width / 2 <= (output.width * 3) / 4),
    );
    expect(again).toHaveLength(WINDOW.duration * 5);
    expect(centred.length / again.length).toBeGreaterThanOrEqual(0.9);
    // And against where the face really was, for every frame of the plan.
    for (const frame of plan.frames) {
      const inCrop = FACE_VIDEO.faceCentreAt(WINDOW.start + frame.t).x - frame.x;
      expect(inCrop).toBeGreaterThanOrEqual(plan.width / 4);
      expect(inCrop).toBeLessThanOrEqual((plan.width * 3) / 4);
    }
  }, 60_000);

  it('pans smoothly and cuts once, at the scene cut', () => {
    expect(sceneCuts).toHaveLength(1);
    expect(sceneCuts[0]).toBeCloseTo(CUT_IN_WINDOW, 2);
    const moves = plan.frames.slice(1).map((f, i) => ({ t: f.t, by: Math.abs(f.x - plan.frames[i].x) }));
    const big = moves.filter((m) => m.by > 0.04 * media.width);
    expect(big).toHaveLength(1);
    expect(big[0].t).toBeCloseTo(CUT_IN_WINDOW, 2);
    expect(big[0].by).toBeGreaterThan(0.3 * media.width);
    // It did pan before the cut, following the glide.
    expect(plan.frames[Math.round(3.5 * FACE_VIDEO.fps)].x - plan.frames[0].x).toBeGreaterThan(300);
    expect(plan.noFace).toEqual([]);
  });
});

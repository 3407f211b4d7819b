import type { FaceBox, FaceSample } from './detect-faces.ts';

export type ReframeAspectRatio = '9:16' | '1:1' | '4:5';

export interface PlanCropPathInput {
  /** Faces found in the clip (detectFaces on the clip's window), in source pixels. */
  samples: FaceSample[];
  /** Scene cuts in seconds from the clip's start. */
  sceneCuts: number[];
  sourceWidth: number;
  sourceHeight: number;
  aspectRatio: ReframeAspectRatio;
  /** Frames per second of the clip; 0 (unknown) plans 30 positions a second, which the render applies by time. */
  frameRate: number;
  /** Seconds. */
  duration: number;
}

export interface CropPlan {
  /** Crop size in source pixels: even, the largest of the ratio inside the source. */
  width: number;
  height: number;
  /** The crop's top-left corner for each output frame (t in seconds from the clip's start), even. */
  frames: { t: number; x: number; y: number }[];
  /** Stretches (seconds from the clip's start) with no face, where the crop is centred. */
  noFace: { start: number; end: number }[];
}

/** Longer than this without a face, the crop is centred instead of held where the face was. */
const NO_FACE_MIN_SEC = 1;
/** A face missed for up to this long still continues its track. */
const TRACK_GAP_SEC = 1;
/** A face's claim to be the subject: its area summed over its detections this close in time. */
const SUBJECT_WINDOW_SEC = 2;
/** The subject changes only when another face's claim is this much larger (no flapping between two). */
const SUBJECT_SWITCH_FACTOR = 1.4;
/** While the crop rests, the face may drift this share of the crop's length before it moves again. */
const DEAD_ZONE_SHARE = 0.1;
/** Fastest pan: one crop length per second. */
const MAX_SPEED_SHARE_PER_SEC = 1;
/** Seconds to reach full pan speed (and to stop from it): eases in and out. */
const RAMP_SEC = 0.5;
/** A face this far from where it just was (a share of the crop's length) means a cut. */
const JUMP_SHARE = 0.5;
const FALLBACK_FPS = 30;

type Axis = 'x' | 'y';

/**
 * Plans a crop of the given ratio that follows the clip's main face. The crop moves along its free
 * axis only (x in a source wider than the ratio, y in a taller one) and, for each output frame:
 * - follows the subject: each sample's largest, most lasting face (see pickSubject);
 * - holds still while the face stays within a dead zone, then pans with eased, bounded speed until
 *   the face is centred again;
 * - jumps without panning at scene cuts, given or seen as the face leaping far and staying there;
 * - is centred through stretches of more than NO_FACE_MIN_SEC without a face (listed in noFace)
 *   and holds where the face was through shorter misses.
 */
export function planCropPath(input: PlanCropPathInput): CropPlan {
  const { sourceWidth, sourceHeight, duration } = input;
  const [ratioW, ratioH] = input.aspectRatio.split(':').map(Number);
  const axis: Axis = sourceWidth / sourceHeight > ratioW / ratioH ? 'x' : 'y';
  const height = axis === 'x' ? evenFloor(sourceHeight) : evenFloor((evenFloor(sourceWidth) * ratioH) / ratioW);
  const width = axis === 'x' ? evenFloor((height * ratioW) / ratioH) : evenFloor(sourceWidth);
  const cropLength = axis === 'x' ? width : height;
  const maxPosition = (axis === 'x' ? sourceWidth : sourceHeight) - cropLength;
  const centred = evenFloor(maxPosition / 2);
  const fixed = axis === 'x' ? evenFloor((sourceHeight - height) / 2) : evenFloor((sourceWidth - width) / 2);
  const fps = input.frameRate > 0 ? input.frameRate : FALLBACK_FPS;
  const frameCount = Math.max(1, Math.ceil(duration * fps - 1e-6));
  const frameTimes = Array.from({ length: frameCount }, (_, i) => i / fps);

  const samples = input.samples.toSorted((a, b) => a.t - b.t);
  const times = samples.map((s) => s.t);
  const subjects = pickSubject(samples);
  // Where the crop would put each sampled subject's face in the middle (its top-left corner).
  const targets = subjects.map((face) => {
    if (!face) return null;
    const centre = axis === 'x' ? face.x + face.width / 2 : face.y + face.height / 2;
    return clamp(centre - cropLength / 2, 0, maxPosition);
  });
  const jump = cropLength * JUMP_SHARE;
  const givenCuts = input.sceneCuts.filter((c) => c > 0 && c < duration);
  dropStrays(times, targets, givenCuts, jump);
  const cuts = [...givenCuts, ...findJumpCuts(times, targets, givenCuts, jump)].sort((a, b) => a - b);
  const shotOf = (t: number) => cuts.filter((c) => c <= t).length;
  const sampleShots = times.map(shotOf);
  const frameShots = frameTimes.map(shotOf);

  const frameTargets = frameTimes.map((t, i) => targetAt(t, frameShots[i], times, sampleShots, targets));
  const noFaceFrames = markNoFace(frameTargets, fps);
  fillMisses(frameTargets, noFaceFrames, frameShots, centred);

  const positions = followTargets(frameTargets as number[], {
    snaps: frameShots.map((shot, i) => i === 0 || shot !== frameShots[i - 1] || noFaceFrames[i] !== noFaceFrames[i - 1]),
    deadZone: cropLength * DEAD_ZONE_SHARE,
    maxSpeed: cropLength * MAX_SPEED_SHARE_PER_SEC,
    fps,
    maxPosition,
  });
  return {
    width,
    height,
    frames: frameTimes.map((t, i) => {
      const position = Math.min(evenFloor(maxPosition), Math.round(positions[i] / 2) * 2);
      return axis === 'x' ? { t, x: position, y: fixed } : { t, x: fixed, y: position };
    }),
    noFace: stretchesOf(noFaceFrames, frameTimes, duration),
  };
}

/**
 * The subject of each sample, or null when it has no face. Faces are linked across samples into
 * tracks (the nearest face of the previous detections within about a face width); a track's claim at
 * a sample is its area summed over its detections within SUBJECT_WINDOW_SEC around it, so a big face
 * that stays beats a small one or a passing one, and when people take turns the one that has been
 * biggest and present around that moment wins. The subject stays until another face present claims
 * SUBJECT_SWITCH_FACTOR times more.
 */
function pickSubject(samples: FaceSample[]): (FaceBox | null)[] {
  const tracks: { last: FaceBox; lastT: number; hits: { t: number; area: number }[] }[] = [];
  const trackOf = samples.map((sample) => {
    const taken = new Set<number>();
    return sample.faces
      .toSorted((a, b) => area(b) - area(a))
      .map((face) => {
        let best = -1;
        let bestDistance = Infinity;
        tracks.forEach((track, i) => {
          const distance = Math.hypot(centreX(face) - centreX(track.last), centreY(face) - centreY(track.last));
          const reach = Math.max(face.width, track.last.width);
          if (taken.has(i) || sample.t - track.lastT > TRACK_GAP_SEC || distance > reach || distance >= bestDistance) return;
          best = i;
          bestDistance = distance;
        });
        if (best < 0) best = tracks.push({ last: face, lastT: sample.t, hits: [] }) - 1;
        taken.add(best);
        Object.assign(tracks[best], { last: face, lastT: sample.t });
        tracks[best].hits.push({ t: sample.t, area: area(face) });
        return { face, track: best };
      });
  });

  let subject = -1;
  return samples.map((sample, i) => {
    const claims = trackOf[i].map(({ face, track }) => ({
      face,
      track,
      claim: tracks[track].hits.reduce((sum, hit) => (Math.abs(hit.t - sample.t) <= SUBJECT_WINDOW_SEC ? sum + hit.area : sum), 0),
    }));
    if (claims.length === 0) return null;
    const strongest = claims.reduce((a, b) => (b.claim > a.claim ? b : a));
    const current = claims.find((c) => c.track === subject);
    const chosen = current && strongest.claim <= current.claim * SUBJECT_SWITCH_FACTOR ? current : strongest;
    subject = chosen.track;
    return chosen.face;
  });
}

/** Forgets a lone sample far from the face before and after it (which agree): a false detection. */
function dropStrays(times: number[], targets: (number | null)[], cuts: number[], jump: number): void {
  const withFace = targets.flatMap((target, i) => (target === null ? [] : [i]));
  const strays = withFace.filter((i, k) => {
    const [before, after] = [withFace[k - 1], withFace[k + 1]];
    if (before === undefined || after === undefined || crossesCut(times[before], times[after], cuts)) return false;
    const [b, here, a] = [targets[before]!, targets[i]!, targets[after]!];
    return Math.abs(b - a) <= jump / 2 && Math.abs(here - b) > jump && Math.abs(here - a) > jump;
  });
  for (const i of strays) targets[i] = null;
}

/** Cuts the given ones miss: the face leaps more than `jump` between two samples (placed halfway). */
function findJumpCuts(times: number[], targets: (number | null)[], cuts: number[], jump: number): number[] {
  const withFace = targets.flatMap((target, i) => (target === null ? [] : [i]));
  return withFace.slice(1).flatMap((i, k) => {
    const before = withFace[k];
    const leap = Math.abs(targets[i]! - targets[before]!) > jump;
    return leap && !crossesCut(times[before], times[i], cuts) ? [(times[before] + times[i]) / 2] : [];
  });
}

/**
 * The target at time t: the nearest sample in the same shot decides whether there is a face; with
 * one, the targets of the face samples on either side are interpolated (when they are neighbours).
 */
function targetAt(t: number, shot: number, times: number[], shots: number[], targets: (number | null)[]): number | null {
  let nearest = -1;
  times.forEach((time, i) => {
    if (shots[i] === shot && (nearest < 0 || Math.abs(time - t) < Math.abs(times[nearest] - t))) nearest = i;
  });
  if (nearest < 0 || targets[nearest] === null) return null;
  const [before, after] = times[nearest] <= t ? [nearest, nearest + 1] : [nearest - 1, nearest];
  const [a, b] = [targets[before], targets[after]];
  if (a == null || b == null || shots[before] !== shot || shots[after] !== shot) return targets[nearest];
  return a + ((b - a) * (t - times[before])) / (times[after] - times[before]);
}

/** Frames in runs without a face longer than NO_FACE_MIN_SEC. */
function markNoFace(targets: (number | null)[], fps: number): boolean[] {
  const marks = targets.map(() => false);
  for (let start = 0; start < targets.length; start++) {
    if (targets[start] !== null) continue;
    let end = start;
    while (end < targets.length && targets[end] === null) end++;
    if ((end - start) / fps > NO_FACE_MIN_SEC) marks.fill(true, start, end);
    start = end;
  }
  return marks;
}

/** No-face stretches get the centred crop; shorter misses hold the face's place in their shot (else the next one's). */
function fillMisses(targets: (number | null)[], noFace: boolean[], shots: number[], centred: number): void {
  const nextInShot = (i: number) => {
    for (let j = i + 1; j < targets.length && shots[j] === shots[i]; j++) if (targets[j] !== null) return targets[j];
    return null;
  };
  targets.forEach((target, i) => {
    if (noFace[i]) targets[i] = centred;
    else if (target === null) targets[i] = (i > 0 && shots[i - 1] === shots[i] ? targets[i - 1] : null) ?? nextInShot(i) ?? centred;
  });
}

/**
 * Moves a position after per-frame targets: at a snap it jumps to the target; else it rests until
 * the target leaves the dead zone, then accelerates (at most maxSpeed / RAMP_SEC) towards it,
 * braking so it arrives without overshooting, and rests again once there. A moving target is
 * followed at a short distance without stopping.
 */
function followTargets(
  targets: number[],
  options: { snaps: boolean[]; deadZone: number; maxSpeed: number; fps: number; maxPosition: number },
): number[] {
  const { snaps, deadZone, maxSpeed, fps, maxPosition } = options;
  const dt = 1 / fps;
  const acceleration = maxSpeed / RAMP_SEC;
  let position = 0;
  let velocity = 0;
  let moving = false;
  return targets.map((target, i) => {
    if (snaps[i]) {
      [position, velocity, moving] = [target, 0, false];
      return position;
    }
    const distance = target - position;
    if (!moving && Math.abs(distance) <= deadZone) return position;
    moving = true;
    const wanted = Math.sign(distance) * Math.min(maxSpeed, Math.sqrt(2 * acceleration * Math.abs(distance)));
    velocity += clamp(wanted - velocity, -acceleration * dt, acceleration * dt);
    const step = velocity * dt;
    if (Math.abs(distance) < 1 || (Math.sign(step) === Math.sign(distance) && Math.abs(step) >= Math.abs(distance))) {
      [position, velocity, moving] = [target, 0, false];
    } else position = clamp(position + step, 0, maxPosition);
    return position;
  });
}

function stretchesOf(marks: boolean[], frameTimes: number[], duration: number): { start: number; end: number }[] {
  const stretches: { start: number; end: number }[] = [];
  marks.forEach((marked, i) => {
    if (!marked) return;
    const end = frameTimes[i + 1] ?? duration;
    if (i > 0 && marks[i - 1]) stretches[stretches.length - 1].end = end;
    else stretches.push({ start: frameTimes[i], end });
  });
  return stretches;
}

function crossesCut(a: number, b: number, cuts: number[]): boolean {
  return cuts.some((c) => c > a && c <= b);
}

const area = (f: FaceBox) => f.width * f.height;
const centreX = (f: FaceBox) => f.x + f.width / 2;
const centreY = (f: FaceBox) => f.y + f.height / 2;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const evenFloor = (n: number) => Math.max(0, Math.floor(n / 2) * 2);

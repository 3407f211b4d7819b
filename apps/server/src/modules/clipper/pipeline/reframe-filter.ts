import type { CropPlan } from './plan-crop-path.ts';
import { escapeFilterValue } from './run-ffmpeg.ts';

/** What a clip shows where the plan found no face: the centred crop, or the whole frame over a blurred copy of itself. */
export type NoFaceStyle = 'center' | 'blur';

/** The crop filter's instance name, which the commands address. */
const CROP = 'crop@reframe';
/** Keeps a frame that starts exactly on a no-face boundary on the right side of it. */
const EDGE_SEC = 0.001;

/**
 * The sendcmd script that moves the crop through the plan: a line where the position changes,
 * timed halfway between that frame and the one before (so rounding never delays it a frame).
 */
export function cropCommands(plan: CropPlan): string {
  const lines: string[] = [];
  plan.frames.forEach((frame, i) => {
    const before = plan.frames[i - 1];
    if (!before) return;
    const moves = [...(frame.x !== before.x ? [`${CROP} x ${frame.x}`] : []), ...(frame.y !== before.y ? [`${CROP} y ${frame.y}`] : [])];
    if (moves.length > 0) lines.push(`${((before.t + frame.t) / 2).toFixed(4)} ${moves.join(', ')};`);
  });
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * A filtergraph from [input] to [output] at the plan's crop size: sendcmd reads the commands file
 * (cropCommands) and moves the crop frame by frame. With 'blur', the no-face stretches show the
 * whole frame fitted over a blurred copy scaled to cover the crop instead (timeline `enable`, so
 * the blur is only computed there).
 */
export function reframeGraph(plan: CropPlan, noFace: NoFaceStyle, commandsPath: string, input: string, output: string): string {
  const { width: w, height: h } = plan;
  const first = plan.frames[0] ?? { x: 0, y: 0 };
  const follow = `sendcmd=f=${escapeFilterValue(commandsPath)},${CROP}=w=${w}:h=${h}:x=${first.x}:y=${first.y}`;
  if (noFace === 'center' || plan.noFace.length === 0) return `[${input}]${follow}[${output}]`;

  const when = `enable='${plan.noFace.map((s) => `gte(t,${s.start - EDGE_SEC})*lt(t,${s.end - EDGE_SEC})`).join('+')}'`;
  const radius = Math.max(2, Math.round(Math.min(w, h) / 20));
  return [
    `[${input}]split=3[rf_follow][rf_back][rf_front]`,
    `[rf_follow]${follow}[rf_crop]`,
    `[rf_back]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},boxblur=${radius}:2:${when}[rf_blurred]`,
    `[rf_front]scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2[rf_fitted]`,
    `[rf_blurred][rf_fitted]overlay=x=(W-w)/2:y=(H-h)/2:${when}[rf_whole]`,
    `[rf_crop][rf_whole]overlay=x=0:y=0:${when}[${output}]`,
  ].join(';');
}

import { isQuarterTurned } from '../modules/clipper/pipeline/probe-media.ts';
import { runFfmpeg } from '../modules/clipper/pipeline/run-ffmpeg.ts';

/** What the networks' checks need to know of an uploaded image or video. */
export interface MediaFacts {
  width: number | null;
  height: number | null;
  /** Seconds; null for still images. */
  durationSeconds: number | null;
  /** Whether a video has an audio track; null for still images. */
  hasAudio: boolean | null;
}

interface ProbeOutput {
  format?: { duration?: string };
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
    side_data_list?: Array<{ rotation?: number }>;
    tags?: Record<string, string>;
  }>;
}

export const UNKNOWN_MEDIA_FACTS: MediaFacts = { width: null, height: null, durationSeconds: null, hasAudio: null };

/**
 * Reads a media file's size in pixels, its duration and whether it has sound with ffprobe. A file
 * ffprobe cannot read gives unknown facts rather than an error: the upload was already checked by
 * its bytes, and the networks' checks then say what they could not verify.
 */
export async function readMediaFacts(
  filePath: string,
  contentType: string,
  options: { ffprobePath: string; signal?: AbortSignal },
): Promise<MediaFacts> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath];
  let output: ProbeOutput;
  try {
    const { stdout } = await runFfmpeg(options.ffprobePath, args, { signal: options.signal, timeoutMs: 60_000 });
    output = JSON.parse(stdout) as ProbeOutput;
  } catch {
    return UNKNOWN_MEDIA_FACTS;
  }
  const streams = output.streams ?? [];
  const picture = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const isVideo = contentType.startsWith('video/');
  const duration = Number(output.format?.duration);
  // The size as players show it: upright (a phone's portrait video is stored sideways with a rotation flag).
  const turned = picture ? isQuarterTurned(picture) : false;
  return {
    width: (turned ? picture?.height : picture?.width) ?? null,
    height: (turned ? picture?.width : picture?.height) ?? null,
    durationSeconds: isVideo && Number.isFinite(duration) ? duration : null,
    hasAudio: isVideo ? streams.some((stream) => stream.codec_type === 'audio') : null,
  };
}

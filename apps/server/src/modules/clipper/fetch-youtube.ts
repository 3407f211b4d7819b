import fs from 'node:fs';
import path from 'node:path';
import { ClipperError } from './clipper-error.ts';
import { FfmpegError, MediaTooLongError, runFfmpeg } from './pipeline/index.ts';

/** YouTube sources may run up to 60 minutes. */
export const MAX_YOUTUBE_DURATION_SEC = 60 * 60;

export interface YoutubeInfo {
  title: string;
  uploader: string;
  durationSec: number;
}

export interface YtdlpOptions {
  ytdlpPath: string;
  signal?: AbortSignal;
}

/** Never read the user's or the system's yt-dlp configuration; never expand a playlist. */
const BASE_ARGS = ['--ignore-config', '--no-playlist', '--no-warnings'];
const METADATA_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
const PROGRESS_PREFIX = 'hookline-progress';

/** yt-dlp's messages for videos YouTube will not hand out (as opposed to a network or server failure). */
const BLOCKED =
  /private video|sign in to confirm|members[- ]only|join this channel|age[- ]restricted|inappropriate for some users|not available in your country|blocked it in your country|copyright|video unavailable|has been removed|account associated with this video has been terminated|HTTP Error 403|HTTP Error 429/i;

/**
 * Reads a YouTube video's metadata with yt-dlp (nothing is downloaded) and checks it can be clipped:
 * not live, a known duration of at most 60 minutes. Throws ClipperError (or MediaTooLongError) with a
 * message for the user.
 */
export async function readYoutubeInfo(url: string, options: YtdlpOptions): Promise<YoutubeInfo> {
  const { stdout } = await runYtdlp(options.ytdlpPath, [...BASE_ARGS, '--skip-download', '--dump-single-json', '--', url], {
    signal: options.signal,
    timeoutMs: METADATA_TIMEOUT_MS,
  });
  let info: { title?: string; uploader?: string; channel?: string; duration?: number; is_live?: boolean; live_status?: string };
  try {
    info = JSON.parse(stdout) as typeof info;
  } catch {
    throw new ClipperError(502, 'The video could not be fetched from YouTube. Please try again later.');
  }
  if (info.is_live || info.live_status === 'is_live' || info.live_status === 'is_upcoming' || info.live_status === 'post_live') {
    throw new ClipperError(422, "Live streams can't be clipped. Try again once the stream has ended and is available as a video.");
  }
  const durationSec = Number(info.duration);
  if (!(durationSec > 0)) throw new ClipperError(422, 'The length of this YouTube video could not be read.');
  if (durationSec > MAX_YOUTUBE_DURATION_SEC) throw new MediaTooLongError(durationSec, MAX_YOUTUBE_DURATION_SEC);
  return { title: info.title?.trim() ?? '', uploader: (info.uploader ?? info.channel ?? '').trim(), durationSec };
}

/**
 * Downloads the video (at most 1080p, MP4 when YouTube has it) into `dir` and returns its path.
 * The length and live checks run again in yt-dlp itself (`--match-filter`), and `maxBytes` bounds the file.
 */
export async function downloadYoutubeVideo(
  url: string,
  dir: string,
  options: YtdlpOptions & { ffmpegPath: string; maxBytes: number; onProgress?: (fraction: number) => void },
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  let done = 0;
  const track = (line: string) => {
    const match = new RegExp(`^${PROGRESS_PREFIX} (\\S+) (\\S+) (\\S+)`).exec(line.trim());
    if (!match) return;
    const total = Number(match[2]) || Number(match[3]);
    // Video and audio come as two downloads; the bar only moves forward.
    if (total > 0) done = Math.max(done, Math.min(1, Number(match[1]) / total));
    options.onProgress?.(done);
  };
  await runYtdlp(
    options.ytdlpPath,
    [
      ...BASE_ARGS,
      '--format',
      'bv*[height<=1080][ext=mp4]+ba[ext=m4a]/b[height<=1080][ext=mp4]/bv*[height<=1080]+ba/b[height<=1080]/b',
      '--merge-output-format',
      'mp4',
      '--match-filter',
      `!is_live & duration <= ${MAX_YOUTUBE_DURATION_SEC}`,
      '--max-filesize',
      String(options.maxBytes),
      ...(options.ffmpegPath.includes(path.sep) ? ['--ffmpeg-location', options.ffmpegPath] : []),
      '--newline',
      '--progress',
      '--progress-template',
      `download:${PROGRESS_PREFIX} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s`,
      '--output',
      path.join(dir, 'source.%(ext)s'),
      '--',
      url,
    ],
    { signal: options.signal, timeoutMs: DOWNLOAD_TIMEOUT_MS, onStdoutLine: track, onStderrLine: track },
  );
  const file = fs.readdirSync(dir).find((name) => name.startsWith('source.') && !/\.(part|ytdl|temp)$/.test(name));
  // yt-dlp exits 0 without a file when --match-filter or --max-filesize skipped the video.
  if (!file) throw new ClipperError(422, 'YouTube gave a video that is too long or too large to clip.');
  return path.join(dir, file);
}

/** Runs yt-dlp and turns its failures into messages for the user. */
async function runYtdlp(binary: string, args: string[], options: Parameters<typeof runFfmpeg>[2]) {
  try {
    return await runFfmpeg(binary, args, options);
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    if (error.missingBinary) {
      throw new ClipperError(503, 'YouTube sources need yt-dlp, which is not installed on this server. Upload the video file instead.');
    }
    if (BLOCKED.test(error.stderrTail)) {
      throw new ClipperError(
        422,
        'YouTube would not let us fetch this video: it may be private, age-restricted, members-only, blocked in this region or removed.',
      );
    }
    throw new ClipperError(502, 'The video could not be fetched from YouTube. Please try again later.');
  }
}

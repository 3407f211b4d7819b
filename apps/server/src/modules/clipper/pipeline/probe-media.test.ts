import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOtherContainer, makeTestVideo, TEST_VIDEO, type TestVideos } from '../../../../test/clipper/make-test-video.ts';
import { FfmpegError, MediaTooLongError, UnsupportedMediaError } from './errors.ts';
import { readMediaFacts } from '../../../lib/read-media-facts.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { assertAcceptedContainer, assertAcceptedDuration, assertAcceptedMedia, mediaInfoFrom, probeMedia } from './probe-media.ts';

let videos: TestVideos;
let dir: string;

beforeAll(async () => {
  videos = await makeTestVideo();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-probe-'));
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('probeMedia', () => {
  it('reads the facts of an MP4 with a mov_text subtitle track', async () => {
    const info = await probeMedia(videos.mp4);
    expect(info).toMatchObject({
      path: videos.mp4,
      demuxer: 'mov',
      width: TEST_VIDEO.width,
      height: TEST_VIDEO.height,
      frameRate: TEST_VIDEO.fps,
      hasAudio: true,
      subtitleStreamIndex: 0,
      title: TEST_VIDEO.title,
      uploader: TEST_VIDEO.uploader,
    });
    expect(info.formatName).toContain('mp4');
    expect(info.durationSec).toBeCloseTo(TEST_VIDEO.durationSec, 1);
  });

  it('reports a phone video stored sideways with a rotation flag in its upright size, as ffmpeg decodes it', async () => {
    const rotated = path.join(dir, 'portrait.mp4');
    // Stored 320×240 with a quarter-turn display matrix: a 240×320 portrait picture.
    await runFfmpeg('ffmpeg', ['-v', 'error', '-y', '-i', videos.mp4, '-c', 'copy', '-t', '2', '-metadata:s:v:0', 'rotate=90', rotated]);
    expect(await probeMedia(rotated)).toMatchObject({ width: TEST_VIDEO.height, height: TEST_VIDEO.width });
    // The same for a draft's media, whose size the networks' checks judge.
    expect(await readMediaFacts(rotated, 'video/mp4', { ffprobePath: 'ffprobe' })).toMatchObject({
      width: TEST_VIDEO.height,
      height: TEST_VIDEO.width,
    });
    const still = path.join(dir, 'portrait.png');
    await runFfmpeg('ffmpeg', ['-v', 'error', '-y', '-i', rotated, '-frames:v', '1', still]);
    const frame = await runFfmpeg('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', still]);
    expect(frame.stdout.trim()).toBe(`${TEST_VIDEO.height},${TEST_VIDEO.width}`);
  });

  it('reads an MKV (matroska demuxer, SRT track)', async () => {
    const info = await probeMedia(videos.mkv);
    expect(info).toMatchObject({ demuxer: 'matroska', hasAudio: true, subtitleStreamIndex: 0, width: 320, height: 240 });
    expect(info.formatName).toBe('matroska,webm');
  });

  it('reads file names that look like options or URLs as plain files', async () => {
    const odd = path.join(dir, '-i http:odd name.mp4');
    await fs.copyFile(videos.mp4, odd);
    const info = await probeMedia(odd);
    expect(info.demuxer).toBe('mov');
  });

  it('rejects a text file renamed .mp4 with a 415 error', async () => {
    const fake = path.join(dir, 'notes.mp4');
    await fs.writeFile(fake, 'This is a text file, not a video.\n'.repeat(20));
    const error = await probeMedia(fake).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedMediaError);
    expect((error as UnsupportedMediaError).statusCode).toBe(415);
  });

  it.each(['avi', 'flv'] as const)('rejects a real %s video (container not accepted) with a 415 error', async (ext) => {
    const file = await makeOtherContainer(dir, ext);
    const error = await probeMedia(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedMediaError);
    expect((error as UnsupportedMediaError).statusCode).toBe(415);
    expect((error as Error).message).toContain(`The ${ext} format is not accepted`);
  });

  it('rejects a source longer than the limit', async () => {
    const error = await probeMedia(videos.mp4, { maxDurationSec: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaTooLongError);
    expect((error as MediaTooLongError).statusCode).toBe(422);
    expect((error as Error).message).toBe('The video is 1 min 00 s long; the limit is 30 s.');
  });

  it('reports a missing ffprobe as an FfmpegError, not as bad input', async () => {
    const error = await probeMedia(videos.mp4, { ffprobePath: '/nonexistent/ffprobe' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as Error).message).toContain('not found');
  });
});

describe('accepted containers and limits', () => {
  it('accepts mp4/mov, mpeg, mpegts, matroska/webm and nothing else', () => {
    for (const name of ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'mpeg', 'mpegts', 'webm', 'mp4'])
      expect(() => assertAcceptedContainer(name)).not.toThrow();
    for (const name of ['avi', 'flv', 'wav', 'image2', 'gif', 'hls', 'concat', 'tty', ''])
      expect(() => assertAcceptedContainer(name)).toThrow(UnsupportedMediaError);
  });

  it('limits the duration to 2 hours by default', () => {
    expect(() => assertAcceptedDuration(7200)).not.toThrow();
    expect(() => assertAcceptedDuration(7201)).toThrow(MediaTooLongError);
    expect(() => assertAcceptedDuration(3601, 3600)).toThrow('The video is 1 h 00 min long; the limit is 1 h 00 min.');
  });

  it('needs a video stream and a known duration', () => {
    const audioOnly = mediaInfoFrom('/x.m4a', {
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5' },
      streams: [{ codec_type: 'audio', codec_name: 'aac' }],
    });
    expect(() => assertAcceptedMedia(audioOnly)).toThrow('no video stream');
    const noDuration = mediaInfoFrom('/x.webm', {
      format: { format_name: 'matroska,webm' },
      streams: [{ codec_type: 'video', width: 10, height: 10 }],
    });
    expect(() => assertAcceptedMedia(noDuration)).toThrow('length of the video');
  });

  it('skips cover art and bitmap subtitles and reads tags in any case', () => {
    const info = mediaInfoFrom('/x.mkv', {
      format: { format_name: 'matroska,webm', duration: '10', tags: { TITLE: 'Talk', ARTIST: 'Ada' } },
      streams: [
        { codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } },
        { codec_type: 'video', width: 1920, height: 1080, avg_frame_rate: '30000/1001' },
        { codec_type: 'subtitle', codec_name: 'hdmv_pgs_subtitle' },
        { codec_type: 'subtitle', codec_name: 'ass' },
      ],
    });
    expect(info).toMatchObject({ width: 1920, height: 1080, hasAudio: false, subtitleStreamIndex: 1, title: 'Talk', uploader: 'Ada' });
    expect(info.frameRate).toBeCloseTo(29.97, 2);
  });
});

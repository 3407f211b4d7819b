import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo, TEST_VIDEO, type TestVideos } from '../../../../test/clipper/make-test-video.ts';
import { probeMedia } from './probe-media.ts';
import { parseSrt, readTranscript } from './read-transcript.ts';

let videos: TestVideos;
beforeAll(async () => {
  videos = await makeTestVideo();
}, 60_000);

describe('readTranscript', () => {
  it.each(['mp4', 'mkv'] as const)('returns the known cues of the embedded track (%s)', async (kind) => {
    const media = await probeMedia(videos[kind]);
    const segments = await readTranscript(media, media.subtitleStreamIndex!);
    expect(segments.map((s) => s.text)).toEqual(TEST_VIDEO.cues.map((c) => c.text));
    // Within a frame: the MKV remux starts its video 23 ms late (AAC priming), and ffmpeg shifts the cues with it.
    segments.forEach((s, i) => {
      expect(Math.abs(s.start - TEST_VIDEO.cues[i].start)).toBeLessThan(1 / TEST_VIDEO.fps);
      expect(Math.abs(s.end - TEST_VIDEO.cues[i].end)).toBeLessThan(1 / TEST_VIDEO.fps);
    });
  });

  it('fails clearly for a stream that does not exist', async () => {
    const media = await probeMedia(videos.mp4);
    await expect(readTranscript(media, 3)).rejects.toThrow(/ffmpeg exited with code/);
  });
});

describe('parseSrt', () => {
  it('handles a BOM, CRLF, markup, several lines per cue and empty cues', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> {\\an8}there,\r\ngeneral\r\n\r\n' +
      '2\r\n00:01:02.5 --> 00:01:04,250\r\nSecond\r\n\r\n3\r\n00:01:05,000 --> 00:01:06,000\r\n\r\n\r\n' +
      '4\r\n01:00:00,000 --> 01:00:01,000\r\nLast';
    expect(parseSrt(srt)).toEqual([
      { start: 1, end: 2.5, text: 'Hello there, general' },
      { start: 62.5, end: 64.25, text: 'Second' },
      { start: 3600, end: 3601, text: 'Last' },
    ]);
  });

  it('returns [] for nothing', () => {
    expect(parseSrt('')).toEqual([]);
  });
});

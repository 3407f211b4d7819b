import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs, type ApiCaller } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { FAKE_YOUTUBE, writeFakeYtdlp, type FakeYtdlp } from '../clipper/fake-ytdlp.ts';
import { startFakeTranscriber, type FakeTranscriber } from '../clipper/fake-transcriber.ts';
import { makeVideoWithoutSubtitles, TEST_VIDEO } from '../clipper/make-test-video.ts';
import { postProcess, waitForClipJob } from '../clipper/post-process.ts';

const youtube = (id: string) => ({ input_type: 'YouTube URL', youtube_url: `https://www.youtube.com/watch?v=${id}`, clip_duration: '15' });

describe('clipper sources: YouTube through yt-dlp', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let ytdlp: FakeYtdlp;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(`${process.env.TMPDIR ?? '/tmp'}/hookline-ytdlp-`);
    // The "download" is the generated test video without its subtitle track: no transcript, no subtitles.
    ytdlp = writeFakeYtdlp(dir, await makeVideoWithoutSubtitles(dir));
    t = await createTestApp({ JOB_POLL_MS: '50', YTDLP_PATH: ytdlp.path });
    ana = await signUpAs(t, 'ana@youtube.test');
  }, 60_000);
  afterAll(() => t?.close());

  it('reads the metadata, downloads with progress, and clips with the YouTube title and uploader', async () => {
    const response = await postProcess(t, ana, { ...youtube(FAKE_YOUTUBE.ok), num_clips: '2', add_subtitles: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.metadata).toEqual({ title: FAKE_YOUTUBE.title, uploader: FAKE_YOUTUBE.uploader, duration: TEST_VIDEO.durationSec });
    expect(result.clips).toHaveLength(2);
    for (const clip of result.clips) {
      expect(clip.source_video).toBe(`https://www.youtube.com/watch?v=${FAKE_YOUTUBE.ok}`);
      expect(clip.duration).toBe(15);
      expect(clip.file_name).toMatch(/^fake-talk-on-youtube.*\.mp4$/);
    }
    expect(result.status_message).toMatch(/no transcript/);
    // Metadata first (nothing downloaded), then the download; the URL always comes after `--`.
    const [metadata, download] = ytdlp.calls().slice(-2);
    expect(metadata).toEqual(expect.arrayContaining(['--ignore-config', '--no-playlist', '--skip-download', '--dump-single-json']));
    expect(download).toEqual(expect.arrayContaining(['--match-filter', '!is_live & duration <= 3600', '--max-filesize']));
    for (const call of [metadata, download]) expect(call.at(-2)).toBe('--');
  }, 120_000);

  it('shows the download as its own stage in the job progress', async () => {
    const response = await postProcess(t, ana, { ...youtube(FAKE_YOUTUBE.ok), num_clips: '1', async: 'true' });
    expect(response.statusCode, response.body).toBe(202);
    const seen: Array<{ stage: string; percent: number }> = [];
    const status = await waitForClipJob(ana, response.json().job_id, (s) => {
      seen.push(s as unknown as { stage: string; percent: number });
      return s.status === 'done';
    });
    expect(status.status).toBe('done');
    const downloading = seen.filter((s) => s.stage === 'downloading');
    expect(downloading.length).toBeGreaterThan(0);
    // The download fills the first 30 % of the bar; the pipeline's stages come after it.
    for (const s of downloading) expect(s.percent).toBeLessThanOrEqual(30);
    const firstLater = seen.findIndex((s) => !['queued', 'downloading'].includes(s.stage));
    expect(seen.findIndex((s) => s.stage === 'downloading')).toBeLessThan(firstLater);
    expect(seen[firstLater].percent).toBeGreaterThanOrEqual(30);
  }, 120_000);

  it('refuses live streams, sources over 60 minutes and blocked videos before downloading anything', async () => {
    const before = ytdlp.calls().length;
    const cases: Array<[string, number, RegExp]> = [
      [FAKE_YOUTUBE.long, 422, /1 h 10 min long; the limit is 1 h 00 min/],
      [FAKE_YOUTUBE.live, 422, /Live streams can't be clipped/],
      [FAKE_YOUTUBE.private, 422, /private, age-restricted, members-only, blocked in this region or removed/],
    ];
    for (const [id, status, detail] of cases) {
      const response = await postProcess(t, ana, youtube(id));
      expect(response.statusCode, id).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    const calls = ytdlp.calls().slice(before);
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call).toContain('--skip-download');
    expect((await t.db.selectFrom('clipJob').select('id').execute()).length).toBe(2);
  });

  it('fails the job with a clear message when the download itself fails', async () => {
    const response = await postProcess(t, ana, { ...youtube(FAKE_YOUTUBE.broken), async: 'true' });
    expect(response.statusCode, response.body).toBe(202);
    const status = await waitForClipJob(ana, response.json().job_id);
    expect(status).toMatchObject({ status: 'failed', detail: 'The video could not be fetched from YouTube. Please try again later.' });
    expect(fs.existsSync(`${t.dataDir}/clipper/${response.json().job_id}/upload`)).toBe(false);
  }, 60_000);

  it('says so when yt-dlp is not installed', async () => {
    const bare = await createTestApp({ YTDLP_PATH: '/nonexistent/yt-dlp' });
    try {
      const bo = await signUpAs(bare, 'bo@youtube.test');
      const response = await postProcess(bare, bo, youtube(FAKE_YOUTUBE.ok));
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toBe(
        'YouTube sources need yt-dlp, which is not installed on this server. Upload the video file instead.',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('clipper sources: transcription over the OpenAI protocol', () => {
  let t: TestApp;
  let ana: ApiCaller;
  let transcriber: FakeTranscriber;
  let video: Buffer;
  beforeAll(async () => {
    transcriber = await startFakeTranscriber();
    transcriber.answer = (request) => ({
      body: {
        text: 'Transcribed opening hook. Transcribed closing line.',
        duration: request.audioSec,
        segments: [
          { id: 0, start: 10.2, end: 13.4, text: ' Transcribed opening hook.' },
          { id: 1, start: 41, end: 45, text: ' Transcribed closing line.' },
        ],
      },
    });
    t = await createTestApp({
      JOB_POLL_MS: '50',
      TRANSCRIBE_BASE_URL: transcriber.url,
      TRANSCRIBE_API_KEY: 'sk-test-transcribe',
      TRANSCRIBE_MODEL: 'whisper-test',
    });
    ana = await signUpAs(t, 'ana@transcribe.test');
    video = fs.readFileSync(await makeVideoWithoutSubtitles(t.dataDir));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await transcriber?.close();
  });

  it('sends the audio to /v1/audio/transcriptions and uses the segments for previews and subtitles', async () => {
    const response = await postProcess(t, ana, { clip_duration: '15', num_clips: '2' }, { bytes: video, name: 'untitled.mp4' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.status_message).toBe('Generated 2 clips.');
    const previews = result.clips.map((c: { text_preview: string }) => c.text_preview).join(' | ');
    expect(previews).toMatch(/Transcribed opening hook\./);
    expect(previews).toMatch(/Transcribed closing line\./);
    expect(transcriber.requests).toHaveLength(1);
    const [request] = transcriber.requests;
    expect(request.authorization).toBe('Bearer sk-test-transcribe');
    expect(request.fields.model).toEqual(['whisper-test']);
    expect(request.fields.response_format).toEqual(['verbose_json']);
    expect(request.fileType).toBe('audio/wav');
    expect(request.audioSec).toBeCloseTo(TEST_VIDEO.durationSec, 0);
  }, 120_000);

  it('still makes clips, without text, when the transcription service fails', async () => {
    transcriber.answer = () => ({ status: 500, body: { error: { message: 'model overloaded', type: 'server_error' } } });
    const response = await postProcess(t, ana, { clip_duration: '15', num_clips: '1' }, { bytes: video, name: 'untitled.mp4' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status_message).toMatch(/no transcript/);
    expect(response.json().clips[0].text_preview).toBe('');
  }, 120_000);
});

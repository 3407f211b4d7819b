import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingData, signUpAs, type ApiCaller } from '../support/admin.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clientTimeline } from '../support/workspace-caller.ts';
import { makeTestVideo, TEST_VIDEO } from '../clipper/make-test-video.ts';
import { postProcess, waitForClipJob } from '../clipper/post-process.ts';

/**
 * A clip becomes a draft: a Reel/Short in the job's workspace with the clip as its media and a
 * caption the assistant writes from the clip's words in the brand's voice (the words themselves
 * when the model fails), once per clip, kept after the job's files are purged.
 */
describe('clips to drafts', () => {
  let t: TestApp;
  let ai: FakeOpenAI;
  let ana: ApiCaller;
  let bo: ApiCaller;
  let founder: ApiCaller;
  let jobId: string;
  let workspaceId: string;
  let clips: Array<{ clip_number: number; text_preview: string; download_url: string; aspect_ratio: string; draft_id: string | null }>;

  beforeAll(async () => {
    ai = await startFakeOpenAI();
    ai.reply = (messages) => `Caption for: ${messages.at(-1)?.content.slice(0, 60)}`;
    t = await createTestApp({ AI_BASE_URL: `${ai.url}/v1`, FOUNDER_EMAIL: 'founder@clips.test', JOB_POLL_MS: '50' });
    founder = await signUpAs(t, 'founder@clips.test');
    ana = await signUpAs(t, 'ana@clips.test');
    bo = await signUpAs(t, 'bo@clips.test');
    workspaceId = (await ana.get('/api/workspace')).json().id;
    const saved = await founder.put(
      `/api/admin/clients/${workspaceId}/onboarding`,
      onboardingData({ email: 'ana@clips.test', brand: 'Ana Bakes', pillars: 'Warm and playful, never salesy' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const { mp4 } = await makeTestVideo();
    const started = await postProcess(
      t,
      ana,
      { clip_duration: '15', num_clips: '2', aspect_ratio: '9:16', async: 'true' },
      { bytes: fs.readFileSync(mp4), name: 'talk.mp4' },
    );
    expect(started.statusCode, started.body).toBe(202);
    jobId = started.json().job_id;
    const status = await waitForClipJob(ana, jobId);
    expect(status.status, JSON.stringify(status)).toBe('done');
    clips = status.result.clips;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  it('reframed clips come out 9:16 with no draft yet', async () => {
    expect(clips.map((c) => [c.aspect_ratio, c.draft_id])).toEqual([
      ['9:16', null],
      ['9:16', null],
    ]);
  });

  it('Create draft: a Reel with the clip as media and a caption in the brand voice, once per clip', async () => {
    const made = await ana.post(`/api/clipper/jobs/${jobId}/clips/1/draft`, {});
    expect(made.statusCode, made.body).toBe(201);
    const [draft] = made.json().drafts;
    expect(draft).toMatchObject({ channel: 'instagram', type: 'reel', status: 'draft', media: { type: 'video/mp4' } });
    expect(draft.text).toMatch(/^Caption for: /);

    // The model was asked with the brand's voice and the clip's words.
    const asked = ai.requests.at(-1)!.body!.messages!;
    expect(asked[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Warm and playful, never salesy') });
    expect(asked.at(-1)!.content).toContain(clips[0].text_preview.replace(/…$/, ''));

    // The draft's media is the clip, byte for byte, and stays its own after the job's files go.
    const clipBytes = (await t.app.inject({ url: clips[0].download_url })).rawPayload;
    const media = await ana.get(`/api/drafts/${draft.id}/media`);
    expect(media.rawPayload.equals(clipBytes)).toBe(true);
    // Its facts (read from the file) say what the networks' checks need: a vertical video with sound.
    const facts = await t.db
      .selectFrom('draft')
      .select(['mediaWidth', 'mediaHeight', 'mediaDuration', 'mediaHasAudio'])
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(facts.mediaHeight! / facts.mediaWidth!).toBeCloseTo(16 / 9, 1);
    expect(facts).toMatchObject({ mediaHeight: TEST_VIDEO.height, mediaHasAudio: 1 });
    expect(facts.mediaDuration).toBeCloseTo(15, 0);

    // Asked again, it answers the same draft; the job shows it on the clip.
    const again = await ana.post(`/api/clipper/jobs/${jobId}/clips/1/draft`, {});
    expect(again.statusCode).toBe(201);
    expect(again.json().drafts[0].id).toBe(draft.id);
    const status = (await ana.get(`/api/clipper/jobs/${jobId}`)).json();
    expect(status.result.clips[0].draft_id).toBe(draft.id);
    expect((await ana.get('/api/drafts')).json().filter((d: { id: string }) => d.id === draft.id)).toHaveLength(1);
  });

  it('Create drafts for all: the clip that has one keeps it; without the model, the caption is the clip’s words', async () => {
    ai.failWith = { status: 500, message: 'The server had an error while processing your request.' };
    try {
      const made = await ana.post(`/api/clipper/jobs/${jobId}/drafts`, { channel: 'youtube' });
      expect(made.statusCode, made.body).toBe(201);
      const drafts = made.json().drafts;
      expect(drafts).toHaveLength(2);
      const first = (await ana.get(`/api/clipper/jobs/${jobId}`)).json().result.clips[0].draft_id;
      expect(drafts[0]).toMatchObject({ id: first, channel: 'instagram' });
      expect(drafts[1]).toMatchObject({ channel: 'youtube', type: 'reel', media: { type: 'video/mp4' } });
      const spoken = TEST_VIDEO.cues.map((c) => c.text);
      expect(spoken.some((line) => drafts[1].text.includes(line.split(' ').slice(0, 3).join(' ')))).toBe(true);
    } finally {
      ai.reset();
    }
  });

  it('a deleted draft is no longer named; clicks at once make one draft per clip, also on two clips', async () => {
    const before = (await ana.get(`/api/clipper/jobs/${jobId}`)).json().result.clips as Array<{ draft_id: string }>;
    for (const clip of before) expect((await ana.del(`/api/drafts/${clip.draft_id}`)).statusCode).toBe(204);
    const after = (await ana.get(`/api/clipper/jobs/${jobId}`)).json().result.clips as Array<{ draft_id: string | null }>;
    expect(after.map((c) => c.draft_id)).toEqual([null, null]);

    const answers = await Promise.all([1, 2, 1, 2, 1].map((n) => ana.post(`/api/clipper/jobs/${jobId}/clips/${n}/draft`, {})));
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const made = (n: number) =>
      new Set(answers.filter((a, i) => a.statusCode === 201 && [1, 2, 1, 2, 1][i] === n).map((a) => a.json().drafts[0].id));
    expect(made(1).size).toBe(1);
    expect(made(2).size).toBe(1);
    expect((await ana.get('/api/drafts')).json()).toHaveLength(2);
  });

  it('the drafts are on the timeline only when staff made them, and other clients cannot make any', async () => {
    const lines = await clientTimeline(t.db, workspaceId);
    expect(lines.filter((l) => l.text.startsWith('Draft created from clip'))).toEqual([]);
    const refused = await bo.post(`/api/clipper/jobs/${jobId}/drafts`, {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toMatch(/not found/);
    expect((await bo.post(`/api/clipper/jobs/${jobId}/clips/2/draft`, {})).statusCode).toBe(404);
    expect((await ana.post(`/api/clipper/jobs/${jobId}/clips/9/draft`, {})).json()).toMatchObject({ detail: 'Clip not found.' });
    expect((await ana.post(`/api/clipper/jobs/${jobId}/drafts`, { channel: 'myspace' })).statusCode).toBe(400);
  });

  it('drafts keep their media when the job is removed', async () => {
    const drafts = (await ana.get('/api/drafts')).json() as Array<{ id: string }>;
    expect((await ana.del(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(204);
    for (const draft of drafts) expect((await ana.get(`/api/drafts/${draft.id}/media`)).statusCode).toBe(200);
    // The clips are gone; asking again answers the drafts made of them.
    expect((await t.app.inject({ url: clips[0].download_url })).statusCode).toBe(404);
    const again = await ana.post(`/api/clipper/jobs/${jobId}/drafts`, {});
    expect(again.statusCode, again.body).toBe(201);
    expect(
      again
        .json()
        .drafts.map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual(drafts.map((d) => d.id).sort());
  });
});

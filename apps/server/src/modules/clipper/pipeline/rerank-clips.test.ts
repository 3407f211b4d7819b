import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_VIDEO } from '../../../../test/clipper/make-test-video.ts';
import { startFakeOpenAI, type FakeChatMessage, type FakeOpenAI } from '../../../../test/support/fake-openai.ts';
import { chooseClips, listCandidates, toVirality, type ChooseClipsInput, type ChosenClip } from './choose-clips.ts';
import { chooseRerankedClips, rerankClips, type RerankConfig } from './rerank-clips.ts';

interface PromptCandidate {
  id: number;
  start: number;
  end: number;
  heuristic_score: number;
  transcript: string;
}

const API_KEY = 'sk-test-rerank-key';
let fake: FakeOpenAI;
let config: RerankConfig;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
  config = { baseUrl: `${fake.url}/v1`, apiKey: API_KEY, model: 'clip-judge' };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.requests.length = 0;
});

/** The signals of the test video (make-test-video.ts): speech at 10–18 and 40–48 s, 15 s clips. */
function videoInput(overrides: Partial<ChooseClipsInput> = {}): ChooseClipsInput {
  const loudnessDb = Array.from({ length: 600 }, (_, i) => (TEST_VIDEO.loud.some((l) => i / 10 >= l.start && i / 10 < l.end) ? -15 : -60));
  return {
    durationSec: TEST_VIDEO.durationSec,
    clipDuration: 15,
    numClips: 2,
    loudnessDb,
    silences: [...TEST_VIDEO.silences],
    segments: [...TEST_VIDEO.cues],
    sceneCuts: [...TEST_VIDEO.sceneCuts],
    ...overrides,
  };
}

function promptCandidates(messages: FakeChatMessage[]): PromptCandidate[] {
  return (JSON.parse(messages.at(-1)!.content) as { candidates: PromptCandidate[] }).candidates;
}

/** The one request the model received. */
function received() {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0];
}

/** A model that scores each candidate with `score` and answers OpenAI-style JSON. */
const scoring = (score: (c: PromptCandidate) => number) => (messages: FakeChatMessage[]) =>
  JSON.stringify({ scores: promptCandidates(messages).map((c) => ({ id: c.id, score: score(c) })) });

/** The blended 0–10 score of a heuristic candidate the model scored `model`. */
const blend = (clip: ChosenClip, model: number) => toVirality((clip.rawScore * 10 + model) / 20);

const windows = (clips: { start: number; end: number }[]) => clips.map((c) => [c.start, c.end]);

describe('chooseRerankedClips', () => {
  it('puts the window the model prefers first, with the blended score (0–10, one decimal)', async () => {
    const input = videoInput();
    const heuristic = chooseClips(input);
    expect(windows(heuristic)).toEqual([
      [9.75, 24.75],
      [39.75, 54.75],
    ]);
    fake.reply = scoring((c) => (c.start === 39.75 ? 9.6 : 2));

    const { clips, warning } = await chooseRerankedClips(input, config);

    expect(warning).toBeNull();
    expect(windows(clips)).toEqual([
      [39.75, 54.75],
      [9.75, 24.75],
    ]);
    // Half heuristic (4.9 and 3.4 here), half model.
    expect(clips.map((c) => c.viralityScore)).toEqual([blend(heuristic[1], 9.6), blend(heuristic[0], 2)]);
    expect(clips.map((c) => c.viralityScore)).toEqual([6.5, 3.4]);
    expect(clips[0].rawScore).toBeGreaterThan(clips[1].rawScore);
    expect(clips[0].textPreview).toBe('Why you should never skip breakfast Marmalade zebra keyword');

    // One chat-completions request with the key, the model, and every candidate with its text.
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', authorization: `Bearer ${API_KEY}`, completed: true });
    expect(request.body?.model).toBe('clip-judge');
    expect(request.body?.messages?.[0]).toMatchObject({ role: 'system', content: expect.stringContaining('JSON') });
    const sent = promptCandidates(request.body!.messages!);
    expect(sent).toEqual(
      listCandidates(input, 4).map((c, i) => ({
        id: i + 1,
        start: c.start,
        end: c.end,
        heuristic_score: c.viralityScore,
        transcript: c.textPreview,
      })),
    );
    expect(sent.length).toBe(4);
  });

  it('tells the model what the user looks for, and the heuristic part already favours windows that say it', async () => {
    const plain = videoInput();
    const input = videoInput({ lookFor: '  moments about\n breakfast ' });
    // Without it the opening leads; "breakfast" at 40–44 s lifts the second stretch above it.
    expect(windows(chooseClips(plain))).toEqual([
      [9.75, 24.75],
      [39.75, 54.75],
    ]);
    expect(windows(chooseClips(input))).toEqual([
      [39.75, 54.75],
      [9.75, 24.75],
    ]);
    fake.reply = scoring((c) => (c.transcript.includes('breakfast') ? 9 : 3));

    const { clips, warning } = await chooseRerankedClips(input, config);

    expect(warning).toBeNull();
    expect(windows(clips)).toEqual([
      [39.75, 54.75],
      [9.75, 24.75],
    ]);
    const [system, user] = received().body!.messages!;
    expect(system.content).toContain('The user is looking for: "moments about breakfast"; rank windows about that first');
    // The candidates carry the boosted heuristic scores, the window about breakfast first.
    expect(promptCandidates([user])[0]).toMatchObject({ start: 39.75, heuristic_score: chooseClips(input)[0].viralityScore });
    expect(chooseClips(input)[0].viralityScore).toBeGreaterThan(chooseClips(plain)[1].viralityScore);

    fake.requests.length = 0;
    await chooseRerankedClips(plain, config);
    expect(received().body!.messages![0].content).not.toContain('looking for');
  });

  it('still drops overlaps after the re-rank: the next window that fits takes the place', async () => {
    const input = videoInput();
    // The model likes 32–47 best and 39.75–54.75 next (blended 5.7 and 4.7, before 9.75–24.75 at 2.9);
    // they overlap, so the second gives way to 9.75–24.75.
    fake.reply = scoring((c) => (c.start === 32 ? 10 : c.start === 39.75 ? 6 : 1));
    const { clips, warning } = await chooseRerankedClips(input, config);
    expect(warning).toBeNull();
    expect(windows(clips)).toEqual([
      [32, 47],
      [9.75, 24.75],
    ]);
    expect(clips.map((c) => c.viralityScore)).toEqual([5.7, 2.9]);
  });

  it('fills in with the heuristic choice when the favourites overlap each other too much', async () => {
    // 200 s with loud speech at 40–60 and 80–100 and a quiet spoken part at 150–170; 20 s clips.
    const speech = [
      { start: 40, end: 60, db: -12, text: 'lively words said quickly here' },
      { start: 80, end: 100, db: -12, text: 'more lively words said quickly' },
      { start: 150, end: 170, db: -30, text: 'quiet line' },
    ];
    const input: ChooseClipsInput = {
      durationSec: 200,
      clipDuration: 20,
      numClips: 3,
      loudnessDb: Array.from({ length: 2000 }, (_, i) => speech.find((s) => i / 10 >= s.start && i / 10 < s.end)?.db ?? -60),
      silences: [],
      segments: speech.flatMap((s) =>
        Array.from({ length: 10 }, (_, j) => ({ start: s.start + 2 * j, end: s.start + 2 * j + 2, text: s.text })),
      ),
      sceneCuts: [],
    };
    // The candidates are 40, 80 and four windows half over them; 150 is the heuristic's third pick only.
    expect(
      listCandidates(input, 6)
        .map((c) => c.start)
        .sort((a, b) => a - b),
    ).toEqual([30, 40, 50, 70, 80, 90]);
    expect(chooseClips(input).map((c) => c.start)).toEqual([40, 80, 150]);
    fake.reply = scoring((c) => (c.start === 40 || c.start === 80 ? 10 : 0));

    const { clips, warning } = await chooseRerankedClips(input, config);

    expect(warning).toBeNull();
    expect(clips.map((c) => c.start)).toEqual([40, 80, 150]);
    const [first, second, third] = chooseClips(input);
    // The filler keeps its heuristic score: the model never saw it.
    expect(clips.map((c) => c.viralityScore)).toEqual([blend(first, 10), blend(second, 10), third.viralityScore]);
  });

  const NOT_JSON = 'the AI service did not answer with JSON scores';
  const failures: [string, (f: FakeOpenAI) => void, string][] = [
    [
      'an error status',
      (f) => (f.failWith = { status: 503, message: 'The model is overloaded.' }),
      'The AI service failed (HTTP 503): The model is overloaded.',
    ],
    ['an answer that is not JSON', (f) => (f.reply = 'I would pick the second one, it is great!'), NOT_JSON],
    ['an empty answer', (f) => (f.reply = ''), NOT_JSON],
    ['a score out of range', (f) => (f.reply = scoring(() => 42)), NOT_JSON],
    ['a null score', (f) => (f.reply = JSON.stringify({ scores: [1, 2, 3, 4].map((id) => ({ id, score: null })) })), NOT_JSON],
    [
      'a missing candidate',
      (f) => (f.reply = JSON.stringify({ scores: [{ id: 1, score: 5 }] })),
      'the AI service did not score every candidate',
    ],
    [
      'a slow model',
      (f) => {
        f.reply = '{}';
        f.chunkDelayMs = 5000;
      },
      'the AI service did not answer within 0.5 s',
    ],
  ];
  it.each(failures)('keeps the heuristic choice and warns on %s', async (_name, breakModel, message) => {
    const input = videoInput();
    breakModel(fake);
    // Only the slow model meets the short limit; a loaded machine must not time out the others.
    const timeoutMs = message.includes('did not answer within') ? 500 : 10_000;
    const { clips, warning } = await chooseRerankedClips(input, config, { timeoutMs });
    expect(clips).toEqual(chooseClips(input));
    expect(warning).toBe(`The AI re-rank was skipped (clips keep the heuristic order): ${message}`);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps the heuristic choice and warns when the service cannot be reached or the key is refused', async () => {
    const input = videoInput();
    const closed = await startFakeOpenAI();
    const unreachable = `${closed.url}/v1`;
    await closed.close();
    const down = await chooseRerankedClips(input, { baseUrl: unreachable });
    expect(down).toEqual({
      clips: chooseClips(input),
      warning: 'The AI re-rank was skipped (clips keep the heuristic order): Could not reach the AI service. Please try again later.',
    });
    const refused = await chooseRerankedClips(input, { ...config, apiKey: 'sk-wrong-key-1234' });
    expect(refused.clips).toEqual(chooseClips(input));
    expect(refused.warning).toContain('HTTP 401');
    expect(refused.warning).not.toContain('sk-wrong-key-1234');
  });

  it('asks nothing without a transcript, without a service, or with a single candidate', async () => {
    for (const [input, rerank] of [
      [videoInput({ segments: [] }), config],
      [videoInput({ segments: [{ start: 10, end: 12, text: '  ' }] }), config],
      [videoInput(), null],
      [videoInput({ clipDuration: 90 }), config],
    ] as const) {
      const result = await chooseRerankedClips(input, rerank);
      expect(result).toEqual({ clips: chooseClips(input), warning: null });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects with the abort reason when the job is cancelled during the request', async () => {
    fake.reply = '{}';
    fake.chunkDelayMs = 3000;
    const controller = new AbortController();
    const pending = chooseRerankedClips(videoInput(), config, { signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => fake.requests[0].aborted).toBe(true);
  });
});

describe('rerankClips', () => {
  it('reads JSON in a code fence, a bare array and quoted numbers', async () => {
    const candidates = listCandidates(videoInput(), 4);
    const answers = [
      '```json\n{"scores":[{"id":1,"score":1},{"id":2,"score":2},{"id":3,"score":3},{"id":4,"score":10}]}\n```',
      'Here you go: [{"id":"1","score":"1"},{"id":"2","score":"2"},{"id":"3","score":"3"},{"id":"4","score":"10.0"}]',
    ];
    for (const answer of answers) {
      fake.reply = answer;
      const ranked = await rerankClips(candidates, videoInput().segments, config);
      expect(ranked).toHaveLength(4);
      expect(ranked[0].start).toBe(candidates[3].start);
      for (let i = 1; i < ranked.length; i++) expect(ranked[i].rawScore).toBeLessThanOrEqual(ranked[i - 1].rawScore);
    }
  });
});

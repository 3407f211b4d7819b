import twitterText from 'twitter-text';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createAiClient, type AiBackend } from '../assistant/create-ai-client.ts';
import { writeClipCaption } from './write-clip-caption.ts';

const BRAND = [
  "About the brand you write for, from the client's onboarding answers (where the user asks for something else, follow the user):",
  'Write for Ana Bakes.',
  'Their content pillars and voice: Warm and playful, never salesy.',
].join('\n');

const TRANSCRIPT = [
  'Most people kill their sourdough starter in the first week.',
  'The secret is feeding it at the same time every day, with flour that still has its bran.',
  'Do that for five days and it will double in four hours.',
  'After that you can bake with it every weekend, and your kitchen will smell like a bakery every Saturday morning.',
  'We teach the whole routine in our Saturday class, from the first feed to the first loaf out of the oven.',
].join('  \n ');
const FLAT = TRANSCRIPT.replace(/\s+/g, ' ');

let fake: FakeOpenAI;
let ai: AiBackend;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-caption' });
  ai = createAiClient({ AI_BASE_URL: `${fake.url}/v1`, AI_API_KEY: 'sk-test-caption', AI_MODEL: 'caption-model' })!;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.requests.length = 0;
});

/** The messages of the one request the model received. */
const received = () => {
  expect(fake.requests).toHaveLength(1);
  expect(fake.requests[0].body?.model).toBe('caption-model');
  return fake.requests[0].body?.messages ?? [];
};

/** A fallback caption: the transcript's start, cut after a whole word and ended with "…". */
const expectExcerpt = (text: string, maxChars: number) => {
  expect(text.endsWith('…')).toBe(true);
  expect([...text].length).toBeLessThanOrEqual(maxChars);
  const start = text.slice(0, -1);
  expect(FLAT.startsWith(start)).toBe(true);
  expect(FLAT[start.length]).toMatch(/[\s,;:.-]/);
};

describe('writeClipCaption with an AI service', () => {
  it('asks for a caption for the channel from the transcript, in the brand’s voice', async () => {
    fake.reply = 'Your starter is not dead, it is hungry.\nFeed it on time for five days.\n#sourdough #breadtok #baking';
    const caption = await writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'instagram' });
    expect(caption).toEqual({
      text: 'Your starter is not dead, it is hungry.\nFeed it on time for five days.\n#sourdough #breadtok #baking',
      source: 'assistant',
    });

    const [system, user, ...rest] = received();
    expect(rest).toEqual([]);
    expect(system.role).toBe('system');
    expect(system.content).toContain('posted on Instagram');
    expect(system.content).toContain('hook line');
    expect(system.content).toContain('1 to 3 short sentences');
    expect(system.content).toContain('3 to 5 relevant hashtags');
    // The brand context closes the system message.
    expect(system.content.endsWith(`\n\n${BRAND}`)).toBe(true);
    expect(user).toEqual({ role: 'user', content: `Transcript of the clip:\n${FLAT}` });
  });

  it('tells the model each channel’s limit, and sends no brand section without one', async () => {
    const cases = [
      ['twitter', 'At most 280 characters'],
      ['bluesky', 'At most 300 characters'],
      ['mastodon', 'CamelCase'],
      ['linkedin', '2 or 3 hashtags'],
      ['youtube', 'The first line is the video title: at most 100 characters'],
    ] as const;
    for (const [channel, advice] of cases) {
      fake.reply = 'Feed your starter on time.';
      const caption = await writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: null, channel });
      expect(caption).toEqual({ text: 'Feed your starter on time.', source: 'assistant' });
      const [system] = received();
      expect(system.content, channel).toContain(advice);
      expect(system.content).not.toContain('Write for');
      fake.requests.length = 0;
    }
  });

  it('cuts an answer that runs over X’s 280 characters after a whole word, as X counts them', async () => {
    const long = `Stop killing your sourdough starter. ${'Feed it on time and it will thank you with a big rise. '.repeat(8)}#sourdough`;
    fake.reply = long;
    const { text, source } = await writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'twitter' });
    expect(source).toBe('assistant');
    expect(twitterText.parseTweet(text).weightedLength).toBeLessThanOrEqual(280);
    expect(twitterText.parseTweet(text).weightedLength).toBeGreaterThan(250);
    expect(text.endsWith('…')).toBe(true);
    expect(long.startsWith(text.slice(0, -1))).toBe(true);
    expect(long[text.length - 1]).toMatch(/[\s,;:.-]/);
  });

  it('drops the quotes or code fence a model wraps its caption in', async () => {
    for (const answer of ['"Feed your starter on time."', '“Feed your starter on time.”', '```\nFeed your starter on time.\n```']) {
      fake.reply = answer;
      const caption = await writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: null, channel: 'linkedin' });
      expect(caption).toEqual({ text: 'Feed your starter on time.', source: 'assistant' });
    }
  });

  it('falls back to the transcript when the model fails or says nothing', async () => {
    const breakers: Array<(f: FakeOpenAI) => void> = [
      (f) => (f.failWith = { status: 500, message: 'The model is overloaded.' }),
      (f) => (f.reply = ''),
      (f) => (f.reply = '  ""  '),
    ];
    for (const breakModel of breakers) {
      fake.reset();
      breakModel(fake);
      const { text, source } = await writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'instagram' });
      expect(source).toBe('transcript');
      expectExcerpt(text, 300);
    }
    expect(fake.requests).toHaveLength(3);

    const closed = await startFakeOpenAI();
    const unreachable = createAiClient({ AI_BASE_URL: `${closed.url}/v1` });
    await closed.close();
    const offline = await writeClipCaption({ ai: unreachable }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'instagram' });
    expect(offline.source).toBe('transcript');
  });

  it('rejects with the abort when the caller gives up while the model writes', async () => {
    fake.hold = new Promise(() => {});
    const controller = new AbortController();
    const pending = writeClipCaption({ ai }, { transcript: TRANSCRIPT, brand: null, channel: 'instagram', signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => fake.requests[0].aborted).toBe(true);
  });
});

describe('writeClipCaption without an AI service', () => {
  it('quotes the transcript on one line, cut at a whole word to a length that suits the channel', async () => {
    const instagram = await writeClipCaption({ ai: null }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'instagram' });
    expect(instagram.source).toBe('transcript');
    expectExcerpt(instagram.text, 300);
    expect(instagram.text.length).toBeGreaterThan(250);
    expect(instagram.text).not.toContain('\n');

    const x = await writeClipCaption({ ai: null }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'twitter' });
    expectExcerpt(x.text, 280);
    expect(twitterText.parseTweet(x.text).weightedLength).toBeLessThanOrEqual(280);

    // A YouTube draft's first line is the video's title: 100 characters.
    const youtube = await writeClipCaption({ ai: null }, { transcript: TRANSCRIPT, brand: BRAND, channel: 'youtube' });
    expectExcerpt(youtube.text, 100);
    expect(youtube.text.length).toBeGreaterThan(80);

    const short = await writeClipCaption({ ai: null }, { transcript: '  Feed it\non time.  ', brand: null, channel: 'twitter' });
    expect(short).toEqual({ text: 'Feed it on time.', source: 'transcript' });
    expect(await writeClipCaption({ ai }, { transcript: '   ', brand: BRAND, channel: 'instagram' })).toEqual({
      text: '',
      source: 'transcript',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('cuts a transcript without spaces between characters, as X weighs them (two each for Chinese)', async () => {
    const transcript = '今天我们来聊聊如何养好酸面团'.repeat(20);
    const { text } = await writeClipCaption({ ai: null }, { transcript, brand: null, channel: 'twitter' });
    expect(twitterText.parseTweet(text).weightedLength).toBeLessThanOrEqual(280);
    expect([...text].length).toBeGreaterThan(130);
    expect(transcript.startsWith(text.slice(0, -1))).toBe(true);
  });
});

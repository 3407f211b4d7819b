import { describe, expect, it } from 'vitest';
import {
  chooseClips,
  dropOverlaps,
  hookScore,
  listCandidates,
  lookForKeywords,
  previewText,
  toVirality,
  type ChooseClipsInput,
} from './choose-clips.ts';
import type { TimeRange } from './types.ts';

/** A 60 s source like the test video: loud speech at 10–13.5, 14–18 and 40–48 s, quiet elsewhere. */
function fixtureInput(overrides: Partial<ChooseClipsInput> = {}): ChooseClipsInput {
  const loud: TimeRange[] = [
    { start: 10, end: 13.5 },
    { start: 14, end: 18 },
    { start: 40, end: 48 },
  ];
  const loudnessDb = Array.from({ length: 600 }, (_, i) => {
    const t = i / 10 + 0.05;
    return loud.some((l) => t >= l.start && t < l.end) ? -14 + (i % 5) : -63 + (i % 3);
  });
  return {
    durationSec: 60,
    clipDuration: 15,
    numClips: 2,
    loudnessDb,
    silences: [
      { start: 0, end: 10 },
      { start: 13.5, end: 14 },
      { start: 18, end: 40 },
      { start: 48, end: 60 },
    ],
    segments: [
      { start: 10, end: 13.5, text: 'How do you stop wasting time?' },
      { start: 14, end: 18, text: 'The secret is 3 simple habits.' },
      { start: 40, end: 44, text: 'Why you should never skip breakfast' },
      { start: 44, end: 48, text: 'Marmalade zebra keyword' },
    ],
    sceneCuts: [20, 40],
    ...overrides,
  };
}

const covers = (clip: { start: number; end: number }, range: TimeRange) => clip.start <= range.start + 1e-9 && clip.end >= range.end - 1e-9;
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

function expectWellFormed(clips: ReturnType<typeof chooseClips>, input: ChooseClipsInput) {
  expect(clips.length).toBeLessThanOrEqual(input.numClips);
  for (const clip of clips) {
    expect(clip.duration).toBe(Math.min(input.clipDuration, input.durationSec));
    expect(clip.end - clip.start).toBeCloseTo(clip.duration, 9);
    expect(clip.start).toBeGreaterThanOrEqual(0);
    expect(clip.end).toBeLessThanOrEqual(input.durationSec + 1e-9);
    expect(clip.viralityScore).toBeGreaterThanOrEqual(0);
    expect(clip.viralityScore).toBeLessThanOrEqual(10);
    expect(Math.round(clip.viralityScore * 10) / 10).toBe(clip.viralityScore);
  }
  for (let i = 0; i < clips.length; i++) for (let j = i + 1; j < clips.length; j++) expect(overlaps(clips[i], clips[j])).toBe(false);
  for (let i = 1; i < clips.length; i++) {
    expect(clips[i].viralityScore).toBeLessThanOrEqual(clips[i - 1].viralityScore);
    expect(clips[i].rawScore).toBeLessThanOrEqual(clips[i - 1].rawScore);
  }
}

describe('chooseClips', () => {
  it('picks windows of exactly clip_duration covering the loud, spoken parts, best first', () => {
    const input = fixtureInput();
    const clips = chooseClips(input);
    expect(clips).toHaveLength(2);
    expectWellFormed(clips, input);
    expect(clips.some((c) => covers(c, { start: 10, end: 18 }))).toBe(true);
    expect(clips.some((c) => covers(c, { start: 40, end: 48 }))).toBe(true);
    // Both start where speech resumes after a pause (silence end minus a 0.25 s lead-in).
    expect(clips.map((c) => c.start).sort((a, b) => a - b)).toEqual([9.75, 39.75]);
    const first = clips.find((c) => c.start < 30)!;
    expect(first.textPreview).toBe('How do you stop wasting time? The secret is 3 simple habits.');
    expect(first.features.hook).toBeGreaterThan(0.5);
    expect(clips[0].viralityScore).toBeGreaterThan(clips.at(-1)!.viralityScore - 1e-9);
  });

  it('never returns more than num_clips nor overlapping windows', () => {
    for (const numClips of [1, 3, 5]) {
      const input = fixtureInput({ numClips });
      const clips = chooseClips(input);
      expectWellFormed(clips, input);
      // Greedy by score: the two speech windows always come first; filler windows only where they fit.
      expect(clips.length).toBeGreaterThanOrEqual(Math.min(numClips, 2));
    }
    const one = chooseClips(fixtureInput({ numClips: 1 }));
    expect(one).toHaveLength(1);
  });

  it('scores on loudness and pauses alone when there is no transcript', () => {
    const input = fixtureInput({ segments: [] });
    const clips = chooseClips(input);
    expectWellFormed(clips, input);
    expect(clips.some((c) => covers(c, { start: 10, end: 18 }))).toBe(true);
    expect(clips.some((c) => covers(c, { start: 40, end: 48 }))).toBe(true);
    expect(clips.every((c) => c.textPreview === '')).toBe(true);
  });

  it('gives one clip of the whole source when it is shorter than clip_duration', () => {
    const input = fixtureInput({ durationSec: 12, clipDuration: 30, numClips: 3, loudnessDb: fixtureInput().loudnessDb.slice(0, 120) });
    const clips = chooseClips(input);
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({ start: 0, end: 12, duration: 12 });
    expect(clips[0].textPreview).toBe('How do you stop wasting time?');
  });

  it('works without audio or transcript (scores still 0–10)', () => {
    const input = fixtureInput({ loudnessDb: [], silences: [], segments: [], sceneCuts: [], numClips: 3 });
    const clips = chooseClips(input);
    expect(clips.length).toBeGreaterThan(0);
    expectWellFormed(clips, input);
  });

  it('never runs past the end of the source', () => {
    // Speech only in the last 7.7 s: the best window is the last one possible, rounded down.
    const input: ChooseClipsInput = {
      durationSec: 37.777,
      clipDuration: 15,
      numClips: 1,
      loudnessDb: Array.from({ length: 378 }, (_, i) => (i >= 300 ? -15 : -60)),
      silences: [{ start: 0, end: 30 }],
      segments: [{ start: 30, end: 37.7, text: 'Why is this the end?' }],
      sceneCuts: [],
    };
    const [clip] = chooseClips(input);
    expect(clip).toMatchObject({ start: 22.77, end: 37.77, duration: 15 });
  });

  it('returns nothing for a zero-length source or zero clips', () => {
    expect(chooseClips(fixtureInput({ durationSec: 0 }))).toEqual([]);
    expect(chooseClips(fixtureInput({ numClips: 0 }))).toEqual([]);
  });

  it('prefers the window that opens with a hook', () => {
    const flat = Array.from({ length: 600 }, () => -20);
    const base = { durationSec: 60, clipDuration: 15, numClips: 1, loudnessDb: flat, silences: [], sceneCuts: [] };
    const segments = [
      { start: 2, end: 5, text: 'and then we went on with the day' },
      { start: 31, end: 34, text: 'Why do 9 out of 10 people never notice this?' },
    ];
    const [clip] = chooseClips({ ...base, segments });
    expect(clip.start).toBeGreaterThan(28);
    expect(clip.start).toBeLessThanOrEqual(31);
  });

  // Its speed is measured by `npm run bench:clipper`, not asserted here.
  it('chooses five clips from a two-hour source with dense cues, pauses and scene cuts', () => {
    const durationSec = 7200;
    const loudnessDb = Array.from({ length: 72_000 }, (_, i) => -30 + 20 * Math.sin(i / 37));
    const silences = Array.from({ length: 4000 }, (_, i) => ({ start: i * 1.8, end: i * 1.8 + 0.5 }));
    const segments = Array.from({ length: 3000 }, (_, i) => ({ start: i * 2.4, end: i * 2.4 + 2, text: `sentence ${i} why how` }));
    const sceneCuts = Array.from({ length: 1500 }, (_, i) => i * 4.8);
    const clips = chooseClips({ durationSec, clipDuration: 90, numClips: 5, loudnessDb, silences, segments, sceneCuts });
    expect(clips).toHaveLength(5);
    for (const clip of clips) expect(clip.end - clip.start).toBeCloseTo(90, 0);
  });
});

/**
 * A 90 s talk: a lively opening at 10–25 s (loud, hook words, a question) and, at 50–65 s, a calmer
 * stretch about pricing; pauses around both.
 */
function pricingTalkInput(overrides: Partial<ChooseClipsInput> = {}): ChooseClipsInput {
  const spoken = [
    { start: 10, end: 25, db: -12 },
    { start: 50, end: 65, db: -22 },
  ];
  return {
    durationSec: 90,
    clipDuration: 15,
    numClips: 1,
    loudnessDb: Array.from({ length: 900 }, (_, i) => spoken.find((s) => i / 10 >= s.start && i / 10 < s.end)?.db ?? -60),
    silences: [
      { start: 0, end: 10 },
      { start: 25, end: 50 },
      { start: 65, end: 90 },
    ],
    segments: [
      { start: 10, end: 14, text: 'Why do 9 out of 10 creators never grow?' },
      { start: 14, end: 19, text: 'The biggest mistake is repricing old videos instead of making new ones.' },
      { start: 19, end: 25, text: 'Stop doing that and you will actually see the difference.' },
      { start: 50, end: 55, text: 'Let me walk through our pricing for the coming year.' },
      { start: 55, end: 60, text: 'The starter plan keeps its price and the team plan gets cheaper.' },
      { start: 60, end: 65, text: 'Pricing for agencies is set per seat, with prices listed on the site.' },
    ],
    sceneCuts: [],
    ...overrides,
  };
}

describe('chooseClips with what to look for', () => {
  // Each stretch's window starts 0.25 s before its speech, as speech resumes after a pause.
  const pricing = { start: 49.75, end: 64.75 };
  const opening = { start: 9.75, end: 24.75 };
  const at = (clip: { start: number; end: number }) => ({ start: clip.start, end: clip.end });

  it('puts the window about what the user looks for first, which another wins without it', () => {
    const [without] = chooseClips(pricingTalkInput());
    expect(at(without)).toEqual(opening);
    expect(without.features.topic).toBe(0);

    const input = pricingTalkInput({ lookFor: 'moments about pricing' });
    const clips = chooseClips(input);
    expectWellFormed(clips, input);
    expect(at(clips[0])).toEqual(pricing);
    // "pricing" twice (the segment saying "repricing" does not count): the keyword in full.
    expect(clips[0].features.topic).toBe(1);
    expect(clips[0].textPreview).toContain('our pricing for the coming year');

    // The opening is still the second choice: the boost reorders, it does not hide the rest.
    const two = chooseClips({ ...input, numClips: 2 });
    expect(two.map(at)).toEqual([pricing, opening]);
    expect(two[1].features.topic).toBe(0);
  });

  it('matches plurals and singulars of the words, never parts of other words', () => {
    // "prices" asks for "price": the singular at 55–60 s and the plural at 60–65 s both count.
    const [byPrice] = chooseClips(pricingTalkInput({ lookFor: 'Prices!' }));
    expect(at(byPrice)).toEqual(pricing);
    expect(byPrice.features.topic).toBe(1);
    // Words are compared whole: "repricing" (said once in the opening) is not "pricing", nor the other way round.
    const byRepricing = chooseClips(pricingTalkInput({ lookFor: 'repricing', numClips: 2 }));
    expect(byRepricing.map((c) => [at(c), c.features.topic])).toEqual([
      [opening, 0.5],
      [pricing, 0],
    ]);
  });

  it('changes nothing when the words are nowhere, name no topic, or there is no transcript', () => {
    const plain = chooseClips(pricingTalkInput({ numClips: 3 }));
    for (const lookFor of ['funny bits', 'moments where they talk about something', '   ', null]) {
      expect(chooseClips(pricingTalkInput({ numClips: 3, lookFor }))).toEqual(plain);
    }
    // Without words, no window can mention the topic: loudness and pauses decide as before.
    const silent = chooseClips(pricingTalkInput({ numClips: 3, segments: [] }));
    expect(chooseClips(pricingTalkInput({ numClips: 3, segments: [], lookFor: 'pricing' }))).toEqual(silent);
    expect(silent.every((c) => c.features.topic === 0)).toBe(true);
  });

  it('reads the topic words: lower-cased, without stop words or plural s, each once', () => {
    expect(lookForKeywords('moments about pricing')).toEqual(['pricing']);
    expect(lookForKeywords('Funny bits')).toEqual(['funny']);
    expect(lookForKeywords('Where they talk about PRICES, discounts and the stories behind them')).toEqual([
      'price',
      'discount',
      'story',
      'behind',
    ]);
    expect(lookForKeywords("the customer's questions about customers")).toEqual(['customer', 'question']);
    expect(lookForKeywords('the moments')).toEqual([]);
    expect(lookForKeywords(undefined)).toEqual([]);
  });
});

describe('listCandidates and dropOverlaps', () => {
  it('lists distinct alternatives for a re-rank: best first, no two sharing more than half their length', () => {
    const input = fixtureInput({ numClips: 2 });
    const candidates = listCandidates(input, 10);
    expect(candidates.length).toBeGreaterThan(2);
    expect(candidates.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < candidates.length; i++) expect(candidates[i].rawScore).toBeLessThanOrEqual(candidates[i - 1].rawScore);
    for (let i = 0; i < candidates.length; i++)
      for (let j = i + 1; j < candidates.length; j++) {
        const shared = Math.min(candidates[i].end, candidates[j].end) - Math.max(candidates[i].start, candidates[j].start);
        expect(shared).toBeLessThanOrEqual(7.5 + 1e-6);
      }
    // Some do overlap (the choice between them is the re-rank's), and the heuristic's picks lead.
    expect(candidates.some((a, i) => candidates.slice(i + 1).some((b) => overlaps(a, b)))).toBe(true);
    expect(candidates.slice(0, 2)).toEqual(chooseClips(input));
    expect(listCandidates(input, 3)).toEqual(candidates.slice(0, 3));
  });

  it('drops overlaps greedily in the given order', () => {
    const clips = [
      { start: 10, end: 20 },
      { start: 15, end: 25 },
      { start: 20, end: 30 },
      { start: 0, end: 10 },
      { start: 40, end: 50 },
    ];
    expect(dropOverlaps(clips, 5)).toEqual([clips[0], clips[2], clips[3], clips[4]]);
    expect(dropOverlaps(clips, 2)).toEqual([clips[0], clips[2]]);
    expect(dropOverlaps(clips, 5, 0.5)).toEqual(clips);
    expect(dropOverlaps([], 3)).toEqual([]);
  });
});

describe('choose-clips helpers', () => {
  it('scales raw scores to 0–10 with one decimal', () => {
    expect(toVirality(0.734)).toBe(7.3);
    expect(toVirality(1.7)).toBe(10);
    expect(toVirality(-0.2)).toBe(0);
  });

  it('finds hook cues', () => {
    expect(hookScore('')).toBe(0);
    expect(hookScore('and so on')).toBe(0);
    expect(hookScore('Is this it?')).toBeCloseTo(0.4);
    expect(hookScore('The secret behind 3 habits')).toBeCloseTo(0.45);
    expect(hookScore('Why you should never stop? 10 reasons')).toBe(1);
    expect(hookScore('showcase knowhow')).toBe(0);
  });

  it('cuts the preview at a word near 200 characters', () => {
    const segments = Array.from({ length: 20 }, (_, i) => ({ start: i, end: i + 1, text: `word${i} is quite a long sentence` }));
    const preview = previewText(segments, 0, 20);
    expect(preview.length).toBeLessThanOrEqual(201);
    expect(preview.endsWith('…')).toBe(true);
    expect(previewText(segments, 5, 7)).toBe('word5 is quite a long sentence word6 is quite a long sentence');
  });
});

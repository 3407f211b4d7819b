import { LOOK_FOR_MAX_CHARS } from '@hookline/shared';
import type { TimeRange, TranscriptSegment } from './types.ts';

export interface ChooseClipsInput {
  /** Length of the source in seconds. */
  durationSec: number;
  /** Wanted length of each clip in seconds. */
  clipDuration: number;
  /** Most clips to return. */
  numClips: number;
  /** RMS level in dBFS per 100 ms (analyzeAudio); [] when the source has no audio. */
  loudnessDb: number[];
  /** Pauses (analyzeAudio). */
  silences: TimeRange[];
  /** Transcript; [] when there is none. */
  segments: TranscriptSegment[];
  /** Scene cut times in seconds. */
  sceneCuts: number[];
  /**
   * What the user wants clips of ("moments about pricing", at most LOOK_FOR_MAX_CHARS): windows
   * whose words mention its keywords score higher. Blank or absent for none.
   */
  lookFor?: string | null;
}

/** How a window scored, each part 0..1 (pauses is a penalty). */
export interface ClipFeatures {
  speech: number;
  loudness: number;
  peaks: number;
  pauses: number;
  scenes: number;
  hook: number;
  cleanEnd: number;
  /** How much the window's words mention what the user looks for (0 without lookFor). */
  topic: number;
}

export interface ChosenClip {
  /** Seconds in the source (two decimals). */
  start: number;
  end: number;
  /** end - start: clipDuration, or the whole source when it is shorter. */
  duration: number;
  /** 0..10 with one decimal. */
  viralityScore: number;
  /** Transcript text inside the window, at most about 200 characters. */
  textPreview: string;
  features: ClipFeatures;
  /** Unrounded score used for ordering. */
  rawScore: number;
}

const STEP_SEC = 0.1;
const FLOOR_DB = -100;
/** A candidate start moves to a pause boundary this close. */
const SNAP_SEC = 3;
/** Starting this long before speech resumes keeps the first syllable. */
const LEAD_IN_SEC = 0.25;
/** Pauses at least this long count against a window. */
const LONG_PAUSE_SEC = 1;
const HOOK_SEC = 3;
/** Words per second of lively speech (scores 1). */
const FULL_SPEECH_WPS = 2.5;
const PREVIEW_CHARS = 200;

/**
 * topic comes on top of the rest (which add up to 1): enough for a window about what the user looks
 * for to beat livelier ones about something else, and only words can earn it, so a window without
 * speech never gains by it.
 */
const WEIGHTS = { speech: 0.3, loudness: 0.2, peaks: 0.1, scenes: 0.1, hook: 0.25, cleanEnd: 0.05, pauses: 0.3, topic: 0.4 } as const;
/** Mentions of a keyword in a window that count in full; one mention counts half. */
const FULL_TOPIC_MENTIONS = 2;

const HOOK_WORDS = [
  'secret',
  'secrets',
  'how',
  'why',
  'what',
  'never',
  'stop',
  'nobody',
  'everyone',
  'always',
  'mistake',
  'mistakes',
  'truth',
  'best',
  'worst',
  'biggest',
  'only',
  'first',
  'wrong',
  'hack',
  'trick',
  'crazy',
  'insane',
  'imagine',
  'actually',
  'free',
  'money',
  'must',
  "don't",
  'dont',
  'here’s',
  "here's",
  'you',
];
const HOOK_WORD_RE = new RegExp(
  `(^|[^\\p{L}'’])(${HOOK_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=$|[^\\p{L}'’])`,
  'giu',
);

/** Words of a "what to look for" that name no topic: grammar, and the ways people ask for clips ("moments where they talk about…"). */
const LOOK_FOR_STOP_WORDS = new Set(
  `a about after all also an and any are around as at be been before being but by can could did do does during each every
  for from had has have he her here him his how i if in into is it its just me more most my no not of on or other our over
  she should so some such than that the their them then there these they this those to up us very was we were what when
  where which while who why will with would you your
  bit clip discuss discussed discussing find get like look looking mention mentioned mentioning moment part piece please
  scene section segment show someone something speak speaking stuff talk talked talking thing topic video want`
    .split(/\s+/)
    .map(stemWord),
);

/**
 * Picks the best windows of exactly clipDuration (the whole source when it is shorter). Candidate
 * starts lie on a 1 s grid and on pause boundaries; grid starts snap to a pause start or end within
 * 3 s. Each window is scored on speech density, loudness, peaks, long pauses (penalty), scene cuts,
 * hook cues in its first 3 s, whether it ends in a pause and, given lookFor, how much its words
 * mention what the user looks for; the best windows are taken greedily, skipping any that overlap
 * one already taken. Returns at most numClips, best first.
 */
export function chooseClips(input: ChooseClipsInput): ChosenClip[] {
  return pickWindows(input, input.numClips, 0);
}

/**
 * Candidates for a re-rank (rerankClips): the best windows, best first, at most `limit`, no two
 * sharing more than half their length, so that they are real alternatives (a window on a 1 s grid
 * differs little from its neighbours) and may still overlap, which dropOverlaps settles afterwards.
 */
export function listCandidates(input: ChooseClipsInput, limit: number): ChosenClip[] {
  return pickWindows(input, limit, 0.5);
}

/** Greedy in the given order: keeps each clip that overlaps none kept before, at most numClips. */
export function dropOverlaps<T extends TimeRange>(clips: readonly T[], numClips: number, maxSharedShare = 0): T[] {
  const kept: T[] = [];
  for (const clip of clips) {
    if (kept.length >= numClips) break;
    const limit = maxSharedShare * (clip.end - clip.start) + 1e-6;
    if (kept.some((k) => Math.min(k.end, clip.end) - Math.max(k.start, clip.start) > limit)) continue;
    kept.push(clip);
  }
  return kept;
}

/** Scores every candidate window, then keeps the best greedily (see dropOverlaps). */
function pickWindows(input: ChooseClipsInput, count: number, maxSharedShare: number): ChosenClip[] {
  const durationSec = Math.max(0, input.durationSec);
  const limit = Math.max(0, Math.floor(count));
  if (durationSec <= 0 || limit === 0 || !(input.clipDuration > 0)) return [];
  const clipDuration = Math.min(input.clipDuration, durationSec);
  const signals = prepareSignals({ ...input, durationSec });

  const starts = candidateStarts(durationSec, clipDuration, input.silences);
  const scored = starts.map((start) => {
    const end = start + clipDuration;
    const features = scoreWindow(signals, start, end);
    return { start, end, features, rawScore: combine(features) };
  });
  scored.sort((a, b) => b.rawScore - a.rawScore || a.start - b.start);

  return dropOverlaps(scored, limit, maxSharedShare).map((c) => ({
    start: round2(c.start),
    end: round2(c.start + clipDuration),
    duration: round2(clipDuration),
    viralityScore: toVirality(c.rawScore),
    textPreview: previewText(input.segments, c.start, c.end),
    features: c.features,
    rawScore: c.rawScore,
  }));
}

/** Raw score (about 0..1) to a 0..10 score with one decimal. */
export function toVirality(raw: number): number {
  return Math.round(Math.min(1, Math.max(0, raw)) * 100) / 10;
}

/** Text of the transcript segments whose middle lies in [start, end], joined, cut at a word near 200 characters. */
export function previewText(segments: readonly TranscriptSegment[], start: number, end: number, maxChars = PREVIEW_CHARS): string {
  const text = segments
    .filter((s) => {
      const mid = (s.start + s.end) / 2;
      return mid >= start && mid <= end;
    })
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** A word reduced to what its plural shares with its singular: "prices" → "price", "stories" → "story". */
function stemWord(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** The stems of a text's words (letters and digits, with inner apostrophes: "don't"), in order. */
function stemsOf(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)].map((m) => stemWord(m[0]));
}

/** The user's "what to look for" as sent: one line, at most LOOK_FOR_MAX_CHARS; '' for none. */
export function cleanLookFor(lookFor: string | null | undefined): string {
  return (lookFor ?? '').replace(/\s+/g, ' ').trim().slice(0, LOOK_FOR_MAX_CHARS);
}

/** The topic words of a "what to look for", stemmed, each once: "moments about pricing" → ["pricing"]. */
export function lookForKeywords(lookFor: string | null | undefined): string[] {
  return [...new Set(stemsOf(cleanLookFor(lookFor)).filter((w) => w.length > 1 && !LOOK_FOR_STOP_WORDS.has(w)))];
}

/** Counts hook cues in a text, 0..1: a question, a number, hook words. */
export function hookScore(text: string): number {
  if (!text.trim()) return 0;
  let score = 0;
  if (text.includes('?')) score += 0.4;
  if (/\d/.test(text)) score += 0.25;
  const words = new Set([...text.matchAll(HOOK_WORD_RE)].map((m) => m[2].toLowerCase()));
  score += 0.2 * words.size;
  return Math.min(1, score);
}

interface Signals {
  durationSec: number;
  hasAudio: boolean;
  hasTranscript: boolean;
  frames: number;
  /** Prefix sums over 100 ms frames. */
  dbSum: Float64Array;
  peakCount: Float64Array;
  silentCount: Float64Array;
  longPauseCount: Float64Array;
  wordCount: Float64Array;
  loudLo: number;
  loudHi: number;
  silences: TimeRange[];
  segments: TranscriptSegment[];
  segmentStarts: number[];
  longestSegment: number;
  sceneCuts: number[];
  /** lookForKeywords of the input, and how often each segment says each of them (segment by keyword). */
  keywords: string[];
  mentions: number[][];
}

function prepareSignals(input: ChooseClipsInput): Signals {
  const frames = Math.max(1, Math.ceil(input.durationSec / STEP_SEC - 1e-6));
  const db = Array.from({ length: frames }, (_, i) => {
    const v = input.loudnessDb[i];
    return Number.isFinite(v) ? Math.max(FLOOR_DB, v) : FLOOR_DB;
  });
  const hasAudio = input.loudnessDb.length > 0;
  const sorted = [...db].sort((a, b) => a - b);
  const loudLo = quantile(sorted, 0.1);
  const loudHi = quantile(sorted, 0.95);
  const peakThreshold = Math.max(quantile(sorted, 0.9), quantile(sorted, 0.5) + 3);

  const silent = new Float64Array(frames);
  const longPause = new Float64Array(frames);
  const silences = [...input.silences].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  for (const s of silences) {
    const from = Math.max(0, Math.floor(s.start / STEP_SEC));
    const to = Math.min(frames, Math.ceil(s.end / STEP_SEC));
    const long = s.end - s.start >= LONG_PAUSE_SEC;
    for (let i = from; i < to; i++) {
      silent[i] = 1;
      if (long) longPause[i] = 1;
    }
  }

  const words = new Float64Array(frames);
  const segments = [...input.segments].filter((s) => s.end > s.start && s.text.trim()).sort((a, b) => a.start - b.start);
  for (const s of segments) {
    const count = s.text.trim().split(/\s+/).length;
    const from = Math.max(0, Math.floor(s.start / STEP_SEC));
    const to = Math.min(frames, Math.max(from + 1, Math.ceil(s.end / STEP_SEC)));
    for (let i = from; i < to; i++) words[i] += count / (to - from);
  }

  const keywords = lookForKeywords(input.lookFor);
  return {
    durationSec: input.durationSec,
    hasAudio,
    hasTranscript: segments.length > 0,
    frames,
    dbSum: prefix(db),
    peakCount: prefix(db.map((v) => (hasAudio && v >= peakThreshold && v > FLOOR_DB ? 1 : 0))),
    silentCount: prefix(Array.from(silent)),
    longPauseCount: prefix(Array.from(longPause)),
    wordCount: prefix(Array.from(words)),
    loudLo,
    loudHi,
    silences,
    segments,
    segmentStarts: segments.map((s) => s.start),
    longestSegment: segments.reduce((m, s) => Math.max(m, s.end - s.start), 0),
    sceneCuts: [...input.sceneCuts].sort((a, b) => a - b),
    keywords,
    mentions: keywords.length === 0 ? [] : segments.map((s) => countMentions(stemsOf(s.text), keywords)),
  };
}

/** How often the words say each keyword (stems compared whole, so "pricing" is not found in "repricing"). */
function countMentions(stems: string[], keywords: string[]): number[] {
  return keywords.map((k) => stems.filter((w) => w === k).length);
}

function scoreWindow(sig: Signals, start: number, end: number): ClipFeatures {
  const from = Math.max(0, Math.round(start / STEP_SEC));
  const to = Math.min(sig.frames, Math.max(from + 1, Math.round(end / STEP_SEC)));
  const n = to - from;
  const seconds = end - start;
  const range = (p: Float64Array, a = from, b = to) => p[b] - p[a];

  const voicedShare = sig.hasAudio ? 1 - range(sig.silentCount) / n : 0;
  const speech = sig.hasTranscript ? clamp01(range(sig.wordCount) / seconds / FULL_SPEECH_WPS) : voicedShare;

  const meanDb = range(sig.dbSum) / n;
  const loudness = !sig.hasAudio ? 0 : sig.loudHi - sig.loudLo < 1 ? 0.5 : clamp01((meanDb - sig.loudLo) / (sig.loudHi - sig.loudLo));
  const peaks = clamp01(range(sig.peakCount) / n / 0.25);
  const pauses = sig.hasAudio ? range(sig.longPauseCount) / n : 0;

  const cuts = countBetween(sig.sceneCuts, start + 0.5, end - 0.5);
  const scenes = clamp01(((cuts / seconds) * 10) / 2);

  const hookEnd = Math.min(end, start + HOOK_SEC);
  let hook: number;
  if (sig.hasTranscript) {
    const opening: string[] = [];
    for (let i = lowerBound(sig.segmentStarts, start - sig.longestSegment); i < sig.segments.length; i++) {
      const s = sig.segments[i];
      if (s.start >= hookEnd) break;
      if (s.end > start) opening.push(s.text);
    }
    hook = hookScore(opening.join(' '));
  } else {
    const hookTo = Math.min(sig.frames, Math.max(from + 1, Math.round(hookEnd / STEP_SEC)));
    hook = sig.hasAudio ? 0.5 * (1 - range(sig.silentCount, from, hookTo) / (hookTo - from)) : 0;
  }

  const cleanEnd = end >= sig.durationSec - 0.05 || sig.silences.some((s) => end >= s.start - 0.3 && end <= s.end + 0.05) ? 1 : 0;
  return { speech, loudness, peaks, pauses, scenes, hook, cleanEnd, topic: topicScore(sig, start, end) };
}

/**
 * 0..1: how much the words in the window (the segments whose middle lies in it, as in its preview)
 * mention the keywords, each keyword counting in full from FULL_TOPIC_MENTIONS mentions, averaged.
 */
function topicScore(sig: Signals, start: number, end: number): number {
  if (sig.keywords.length === 0) return 0;
  const found = sig.keywords.map(() => 0);
  for (let i = lowerBound(sig.segmentStarts, start - sig.longestSegment); i < sig.segments.length; i++) {
    const s = sig.segments[i];
    if (s.start > end) break;
    const mid = (s.start + s.end) / 2;
    if (mid < start || mid > end) continue;
    sig.mentions[i].forEach((n, k) => (found[k] += n));
  }
  return found.reduce((sum, n) => sum + Math.min(1, n / FULL_TOPIC_MENTIONS), 0) / sig.keywords.length;
}

function combine(f: ClipFeatures): number {
  return (
    WEIGHTS.speech * f.speech +
    WEIGHTS.loudness * f.loudness +
    WEIGHTS.peaks * f.peaks +
    WEIGHTS.scenes * f.scenes +
    WEIGHTS.hook * f.hook +
    WEIGHTS.cleanEnd * f.cleanEnd +
    WEIGHTS.topic * f.topic -
    WEIGHTS.pauses * f.pauses
  );
}

/** Grid starts (1 s apart, snapped to a nearby pause boundary) plus every pause boundary, within [0, duration - clip]. */
function candidateStarts(durationSec: number, clipDuration: number, silences: TimeRange[]): number[] {
  const last = durationSec - clipDuration;
  if (last <= 1e-6) return [0];
  const boundaries = silences
    .flatMap((s) => [s.start, Math.max(s.start, s.end - LEAD_IN_SEC)])
    .filter((b) => b >= 0 && b <= last)
    .sort((a, b) => a - b);
  // Rounded down, so that start + clipDuration never passes the end of the source.
  const latest = Math.floor(last * 100) / 100;
  const clampStart = (t: number) => Math.min(latest, Math.max(0, round2(t)));
  const starts = new Set<number>([0, latest]);
  for (const b of boundaries) starts.add(clampStart(b));
  const step = Math.max(1, clipDuration / 30, last / 5000);
  for (let g = 0; g <= last + 1e-9; g += step) {
    const i = lowerBound(boundaries, g);
    const near = [boundaries[i - 1], boundaries[i]].filter((b): b is number => b !== undefined && Math.abs(b - g) <= SNAP_SEC);
    const best = near.sort((a, b) => Math.abs(a - g) - Math.abs(b - g))[0] ?? g;
    starts.add(clampStart(best));
  }
  return [...starts].sort((a, b) => a - b);
}

function prefix(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) out[i + 1] = out[i] + values[i];
  return out;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return FLOOR_DB;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))];
}

function countBetween(sorted: number[], from: number, to: number): number {
  return to < from ? 0 : lowerBound(sorted, to + 1e-9) - lowerBound(sorted, from);
}

/** First index whose value is >= x (sorted ascending). */
function lowerBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function clamp01(n: number): number {
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

import { z } from 'zod';
import { createAiClient } from '../../assistant/create-ai-client.ts';
import { toUpstreamError } from '../../assistant/upstream-error.ts';
import {
  chooseClips,
  cleanLookFor,
  dropOverlaps,
  listCandidates,
  previewText,
  toVirality,
  type ChooseClipsInput,
  type ChosenClip,
} from './choose-clips.ts';
import { abortReason } from './errors.ts';
import type { TranscriptSegment } from './types.ts';

/** An OpenAI-compatible chat-completions service (the assistant's AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export interface RerankConfig {
  /** Base URL of the API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  /** Default: the assistant's default model. */
  model?: string;
}

export interface RerankClipsOptions {
  signal?: AbortSignal;
  /** The whole request, answer included; default 20 s. */
  timeoutMs?: number;
  /**
   * What the user wants clips of ("moments about pricing"): the model ranks windows about it
   * first. chooseRerankedClips passes its input's.
   */
  lookFor?: string | null;
}

/** Candidates sent to the model: twice the clips asked for, at least 4, at most 10. */
export const MAX_RERANK_CANDIDATES = 10;
export const RERANK_TIMEOUT_MS = 20_000;
/** Share of the model's score in the blended score (the rest is the heuristic score). */
const MODEL_WEIGHT = 0.5;
/** Transcript characters per candidate: enough to judge a 90 s clip, bounded for the prompt. */
const CANDIDATE_TEXT_CHARS = 1200;

const SYSTEM_PROMPT = [
  'You pick moments of a long video to publish as short-form clips (TikTok, Instagram Reels, YouTube Shorts).',
  'For each candidate window you get its start and end in seconds, a heuristic score (0-10, from loudness, speech density, pauses and hook words) and its transcript.',
  'Rate from 0 to 10 how likely each candidate is to hold attention and be shared as a standalone clip: a strong hook in the first seconds, a complete thought, emotion, surprise or practical value.',
  'Answer with JSON only, no prose: {"scores":[{"id":1,"score":7.5}]} with exactly one entry per candidate id.',
].join(' ');

/** The system prompt, with what the user looks for (quoted as JSON, so that it reads as their words, not as more instructions). */
function systemPromptOf(lookFor: string): string {
  if (!lookFor) return SYSTEM_PROMPT;
  return `${SYSTEM_PROMPT} The user is looking for: ${JSON.stringify(lookFor)}; rank windows about that first, scoring those that are not about it lower however good they are.`;
}

// Models now and then quote their numbers; null or '' must not pass as 0, hence no z.coerce.
const ZNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*$/)
    .transform(Number),
]);
const ZScore = z.object({ id: ZNumber.pipe(z.number().int()), score: ZNumber.pipe(z.number().min(0).max(10)) });
const ZRerankAnswer = z.union([z.object({ scores: z.array(ZScore) }), z.array(ZScore).transform((scores) => ({ scores }))]);

/**
 * Asks the model to score each candidate for short-form virality (0-10), blends that with the
 * heuristic score and returns the candidates re-scored, best first. Throws on any failure, timeout
 * or answer without a valid score for every candidate (with a message fit for a job warning), and
 * with the signal's reason when aborted.
 */
export async function rerankClips(
  candidates: readonly ChosenClip[],
  segments: readonly TranscriptSegment[],
  config: RerankConfig,
  options: RerankClipsOptions = {},
): Promise<ChosenClip[]> {
  const { signal, timeoutMs = RERANK_TIMEOUT_MS, lookFor } = options;
  signal?.throwIfAborted();
  const ai = createAiClient({ AI_BASE_URL: config.baseUrl, AI_API_KEY: config.apiKey, AI_MODEL: config.model });
  if (!ai) throw new Error('no AI service is configured');
  const prompt = {
    clip_duration_sec: candidates[0]?.duration ?? 0,
    candidates: candidates.map((c, i) => ({
      id: i + 1,
      start: c.start,
      end: c.end,
      heuristic_score: c.viralityScore,
      transcript: previewText(segments, c.start, c.end, CANDIDATE_TEXT_CHARS),
    })),
  };

  const timeout = AbortSignal.timeout(timeoutMs);
  let content: string;
  try {
    const completion = await ai.client.chat.completions.create(
      {
        model: ai.model,
        messages: [
          { role: 'system', content: systemPromptOf(cleanLookFor(lookFor)) },
          { role: 'user', content: JSON.stringify(prompt) },
        ],
      },
      { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, timeout: timeoutMs },
    );
    content = completion.choices?.[0]?.message?.content ?? '';
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (timeout.aborted) throw new Error(`the AI service did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
    throw new Error(toUpstreamError(error, ai.apiKey).message);
  }

  const scores = parseScores(content, candidates.length);
  return candidates
    .map((c, i) => {
      const heuristic = Math.min(1, Math.max(0, c.rawScore)) * 10;
      const rawScore = ((1 - MODEL_WEIGHT) * heuristic + MODEL_WEIGHT * scores[i]) / 10;
      return { clip: { ...c, rawScore, viralityScore: toVirality(rawScore) }, order: i };
    })
    .sort((a, b) => b.clip.rawScore - a.clip.rawScore || a.order - b.order)
    .map((x) => x.clip);
}

/**
 * The clips to render: the heuristic choice (chooseClips), or with a re-rank configured and a
 * transcript present, the best candidates re-scored by the model, then overlaps dropped. The
 * input's lookFor steers both: its keywords in the heuristic scores, the phrase in the model's
 * prompt. A failed re-rank keeps the heuristic choice and gives a warning; only an abort rejects.
 */
export async function chooseRerankedClips(
  input: ChooseClipsInput,
  rerank: RerankConfig | null | undefined,
  options: RerankClipsOptions = {},
): Promise<{ clips: ChosenClip[]; warning: string | null }> {
  const heuristic = chooseClips(input);
  if (!rerank || input.segments.every((s) => !s.text.trim())) return { clips: heuristic, warning: null };
  const candidates = listCandidates(input, Math.min(MAX_RERANK_CANDIDATES, Math.max(4, 2 * input.numClips)));
  if (candidates.length < 2) return { clips: heuristic, warning: null };
  try {
    const ranked = await rerankClips(candidates, input.segments, rerank, { ...options, lookFor: input.lookFor });
    // The heuristic picks come last: they fill in when overlaps among the favourites leave too few clips.
    const clips = dropOverlaps([...ranked, ...heuristic], input.numClips).sort((a, b) => b.rawScore - a.rawScore);
    return { clips, warning: null };
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    return { clips: heuristic, warning: `The AI re-rank was skipped (clips keep the heuristic order): ${(error as Error).message}` };
  }
}

/** The model's scores in candidate order; throws when the answer is not JSON or misses a candidate. */
function parseScores(content: string, count: number): number[] {
  const text = content.replace(/```(?:json)?/gi, '');
  const from = text.search(/[[{]/);
  const to = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  let json: unknown;
  try {
    json = from >= 0 && to > from ? JSON.parse(text.slice(from, to + 1)) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = ZRerankAnswer.safeParse(json);
  if (!parsed.success) throw new Error('the AI service did not answer with JSON scores');
  const byId = new Map(parsed.data.scores.map((s) => [s.id, s.score]));
  const scores = Array.from({ length: count }, (_, i) => byId.get(i + 1));
  if (scores.some((s) => s === undefined)) throw new Error('the AI service did not score every candidate');
  return scores as number[];
}

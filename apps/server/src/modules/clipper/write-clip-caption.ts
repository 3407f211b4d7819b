import twitterText from 'twitter-text';
import type { TDraftChannel } from '@hookline/shared';
import type { AiBackend } from '../assistant/create-ai-client.ts';
import { countGraphemes } from '../networks/count-graphemes.ts';
import { countMastodonCharacters } from '../networks/mastodon/check-mastodon-post.ts';
import { abortReason } from './pipeline/errors.ts';

/** A draft waits for its caption: a slow model gives way to the transcript rather than hold it for minutes. */
const CAPTION_TIMEOUT_MS = 30_000;
/** Transcript characters sent to the model: a 90 s clip's words, bounded for the prompt. */
const TRANSCRIPT_CHARS = 4000;
/** Without a model the caption quotes the clip: a few sentences, not all it says. */
const EXCERPT_CHARS = 300;

interface ChannelStyle {
  name: string;
  /** Whether a caption is within what the network takes, counted its way. */
  fits: (text: string) => boolean;
  /** That limit and the channel's habits (hashtags, layout), for the model. */
  advice: string;
}

const codePoints = (text: string) => [...text].length;

/**
 * Each network's limit, counted as its post check counts it (networks/*): X weighs URLs and CJK
 * characters, Bluesky counts graphemes, Mastodon 23 per URL. A YouTube draft's first line is the
 * video's title (100 characters) and the rest its description (5,000 bytes).
 */
const CHANNEL_STYLES: Record<TDraftChannel, ChannelStyle> = {
  twitter: {
    name: 'X',
    fits: (text) => twitterText.parseTweet(text).weightedLength <= 280,
    advice: 'At most 280 characters in all, hashtags included. At most 2 hashtags, only where they fit.',
  },
  bluesky: {
    name: 'Bluesky',
    fits: (text) => countGraphemes(text) <= 300,
    advice: 'At most 300 characters in all. One hashtag at most.',
  },
  mastodon: {
    name: 'Mastodon',
    fits: (text) => countMastodonCharacters(text) <= 500,
    advice: 'At most 500 characters in all. 1 to 3 hashtags in CamelCase (#SourdoughTips), so screen readers read them word by word.',
  },
  instagram: {
    name: 'Instagram',
    fits: (text) => codePoints(text) <= 2200,
    advice: '3 to 5 relevant hashtags on a last line of their own.',
  },
  linkedin: {
    name: 'LinkedIn',
    fits: (text) => text.length <= 3000,
    advice: '2 or 3 hashtags on a last line of their own.',
  },
  youtube: {
    name: 'YouTube Shorts',
    fits: (text) => codePoints(text.split('\n', 1)[0]) <= 100 && Buffer.byteLength(text) <= 5000,
    advice: 'The first line is the video title: at most 100 characters, no hashtags. Then the sentences, then 2 or 3 hashtags.',
  },
};

/** The longest start of the text ending at one of the cut offsets that fits with "…" after it; '' when none does. */
function longestFitting(text: string, cuts: number[], fits: (candidate: string) => boolean): string {
  let best = '';
  // Binary search: a start longer than one that does not fit does not fit either.
  let lo = 0;
  let hi = cuts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = `${text.slice(0, cuts[mid]).replace(/[\s,;:.-]+$/, '')}…`;
    if (fits(candidate)) {
      best = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

/**
 * The text itself when it fits; else its longest start that does, cut after a whole word and
 * ended with "…". A text without spaces (Chinese, Japanese), or whose first word alone is too
 * long, is cut between characters.
 */
function cutToFit(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  const wordEnds = [...text.matchAll(/\s+/g)].map((m) => m.index);
  const byWords = longestFitting(text, wordEnds, fits);
  if (byWords) return byWords;
  const characterEnds: number[] = [];
  let offset = 0;
  for (const character of text) characterEnds.push((offset += character.length));
  return longestFitting(text, characterEnds, fits);
}

function systemPromptOf(style: ChannelStyle, brand: string | null): string {
  const task = [
    `You write the caption of a short video clip to be posted on ${style.name}.`,
    'Start with a hook line that makes people stop scrolling, then 1 to 3 short sentences about what the clip says.',
    style.advice,
    'Use only what is said in the clip: invent no facts, numbers, offers or links.',
    'Answer with the caption alone: no quotes around it, no introduction, no alternatives.',
  ].join(' ');
  return brand ? `${task}\n\n${brand}` : task;
}

/** The model's answer without the code fence or the quotes a model may wrap a caption in. */
function cleanAnswer(answer: string): string {
  return answer
    .trim()
    .replace(/^```\w*\n?|\n?```$/g, '')
    .trim()
    .replace(/^["“]([^"“”]*)["”]$/, '$1')
    .trim();
}

/**
 * A clip's caption for a channel. With an AI service, the model writes it from the clip's
 * transcript in the brand's voice (the brand context, readBrandContext, closes its system
 * message), cut to the channel's limit should it run over. Without one, or when the model fails,
 * times out or says nothing, the transcript itself on one line, cut at a whole word to a quote's
 * length within the channel's limit ('' for a clip without words). Only an abort through the
 * signal rejects, with the signal's reason.
 */
export async function writeClipCaption(
  deps: { ai: AiBackend | null },
  input: { transcript: string; brand: string | null; channel: TDraftChannel; signal?: AbortSignal },
): Promise<{ text: string; source: 'assistant' | 'transcript' }> {
  const style = CHANNEL_STYLES[input.channel];
  const transcript = input.transcript.replace(/\s+/g, ' ').trim();
  const fallback = {
    text: cutToFit(transcript, (text) => codePoints(text) <= EXCERPT_CHARS && style.fits(text)),
    source: 'transcript' as const,
  };
  input.signal?.throwIfAborted();
  if (!deps.ai || !transcript) return fallback;
  try {
    const completion = await deps.ai.client.chat.completions.create(
      {
        model: deps.ai.model,
        messages: [
          { role: 'system', content: systemPromptOf(style, input.brand) },
          { role: 'user', content: `Transcript of the clip:\n${transcript.slice(0, TRANSCRIPT_CHARS)}` },
        ],
      },
      { signal: input.signal, timeout: CAPTION_TIMEOUT_MS },
    );
    const text = cleanAnswer(completion.choices?.[0]?.message?.content ?? '');
    return text ? { text: cutToFit(text, style.fits), source: 'assistant' } : fallback;
  } catch {
    if (input.signal?.aborted) throw abortReason(input.signal);
    // The caption is a suggestion the user edits in the draft: the clip's words stand in for it.
    return fallback;
  }
}

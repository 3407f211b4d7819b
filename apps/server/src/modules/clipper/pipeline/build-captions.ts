import type { TCaptionStyle } from '@hookline/shared';
import { CAPTION_FONT_FAMILY, CAPTION_HALF_HEIGHT, captionTextWidth } from './caption-font.ts';
import { segmentWords } from './caption-words.ts';
import type { TranscriptSegment } from './types.ts';

export interface BuildCaptionsOptions {
  /** Where the clip starts in the source, seconds. */
  clipStart: number;
  clipDuration: number;
  /** Size of the output video; the script's canvas matches it, so sizes are in its pixels. */
  width: number;
  height: number;
  style: TCaptionStyle;
}

/** The part of the frame no app covers, in pixels from the top left; right and bottom are the far edges. */
export interface CaptionSafeArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** At most this many words on screen at once. */
const MAX_GROUP_WORDS = 3;
/** A silence longer than this ends a group and clears the screen until the next word. */
const PAUSE_SEC = 0.5;
/** A word ending so (a sentence, a clause) ends its group, closing quotes and brackets allowed. */
const GROUP_END = /[.!?…,;:]["'’”)\]]*$/u;
/** Share of the safe width the widest group may fill: room for kerning, which the widths leave out. */
const FIT_SHARE = 0.97;

/**
 * Share of each side of the frame the apps cover, by shape (width / height up to `upToRatio`), and
 * where the captions' middle sits down the safe height. Shorts, Reels and TikTok cover the bottom
 * quarter of 9:16 (description, sound, buttons), the top (tabs, search) and a right-hand strip (like,
 * comment, share); feeds show 4:5 and 1:1 with less on top of them; players put controls on the
 * bottom of landscape video.
 */
const SAFE_MARGINS = [
  { upToRatio: 0.7, left: 0.06, top: 0.14, right: 0.15, bottom: 0.25, middleAt: 0.8 },
  { upToRatio: 0.9, left: 0.08, top: 0.1, right: 0.1, bottom: 0.18, middleAt: 0.8 },
  { upToRatio: 1.2, left: 0.08, top: 0.08, right: 0.08, bottom: 0.14, middleAt: 0.8 },
  { upToRatio: Infinity, left: 0.06, top: 0.08, right: 0.06, bottom: 0.12, middleAt: 0.9 },
] as const;

interface CaptionLook {
  uppercase: boolean;
  /** Font size as a share of the video's shorter side, before fitting the widest group. */
  size: number;
  /** Longest group in characters, spaces included; a longer single word gets a group of its own. */
  maxChars: number;
  /** ASS colours, &HAABBGGRR (alpha 00 is opaque). */
  primaryColour: string;
  outlineColour: string;
  backColour: string;
  /**
   * A bar behind the line (ASS border style 3: a box in the outline colour behind each character).
   * Its runs must meet without overlapping, as one see-through box drawn over another shows a seam:
   * no sideways padding, hard spaces at both ends, and the spaces beside the spoken word in its run.
   */
  box: boolean;
  /** Outline width (the box's padding above and below), shadow depth and blur, per unit of font size. */
  outline: number;
  shadow: number;
  blur: number;
  /** Override tags that turn the spoken word's highlight on, and back off for the words after it. */
  highlightOn: string;
  highlightOff: string;
  /** How much the highlight enlarges the spoken word. */
  highlightScale: number;
}

const WHITE = '&H00FFFFFF';
const BRAND_GREEN = '&H5EC522&';

const LOOKS: Record<TCaptionStyle, CaptionLook> = {
  bold: {
    uppercase: true,
    size: 0.13,
    maxChars: 14,
    primaryColour: WHITE,
    outlineColour: '&H00000000',
    backColour: '&H80000000',
    box: false,
    outline: 0.07,
    shadow: 0.03,
    blur: 0,
    highlightOn: '\\c&H00D6FF&\\fscx115\\fscy115',
    highlightOff: '\\c&HFFFFFF&\\fscx100\\fscy100',
    highlightScale: 1.15,
  },
  boxed: {
    uppercase: false,
    size: 0.1,
    maxChars: 18,
    primaryColour: WHITE,
    // Slate, a quarter see-through.
    outlineColour: '&H402A170F',
    backColour: '&HFF000000',
    box: true,
    outline: 0.12,
    shadow: 0,
    blur: 0,
    highlightOn: `\\3c${BRAND_GREEN}\\3a&H00&`,
    highlightOff: '\\3c&H2A170F&\\3a&H40&',
    highlightScale: 1,
  },
  clean: {
    uppercase: false,
    size: 0.085,
    maxChars: 22,
    primaryColour: WHITE,
    outlineColour: '&H80000000',
    backColour: '&H80000000',
    box: false,
    outline: 0.03,
    shadow: 0.04,
    blur: 0.03,
    highlightOn: `\\c${BRAND_GREEN}`,
    highlightOff: '\\c&HFFFFFF&',
    highlightScale: 1,
  },
};

interface CaptionWord {
  /** Seconds of the clip. */
  start: number;
  end: number;
  /** As shown: cased for the style and escaped. */
  text: string;
}

/**
 * An ASS file of word-by-word captions for one clip: the words inside the clip (word timings, else
 * each line's text spread over its time) in groups of one to three, broken at punctuation, at pauses
 * longer than half a second and at the style's length; one event per word showing its group with that
 * word highlighted, from the word's start to the next one's (the group's last word stays until the
 * next group unless a pause comes first). Times are the clip's; events are cut at its edges. One line,
 * centred across the safe area of the frame's shape and low in it, in Montserrat at a size that fits
 * the widest group; a single word too wide even so is shrunk on its own. Always a valid file,
 * possibly without events.
 */
export function buildCaptions(segments: TranscriptSegment[], options: BuildCaptionsOptions): string {
  const { width, height } = options;
  const look = LOOKS[options.style];
  const groups = groupWords(clipWords(segments, options, look.uppercase), look.maxChars);
  const margins = safeMargins(width, height);
  const safe = captionSafeArea(width, height);
  const safeWidth = (safe.right - safe.left) * FIT_SHARE;

  // Ink reaches past the glyphs by the outline, the shadow and about three times the blur radius.
  const padPerSize = look.outline + look.shadow + 3 * look.blur;
  const widths = groups.map((group) => groupWidth(group, look));
  const fitting = groups.flatMap((group, i) => (lineLength(group) <= look.maxChars ? [widths[i]] : []));
  const fontSize = Math.max(
    1,
    Math.floor(Math.min(look.size * Math.min(width, height), ...fitting.map((w) => safeWidth / (w + 2 * padPerSize)))),
  );
  const outline = round1(look.outline * fontSize);
  const shadow = round1(look.shadow * fontSize);
  const blur = round1(look.blur * fontSize);
  const pad = outline + shadow + 3 * blur;

  const halfHeight = CAPTION_HALF_HEIGHT * fontSize * look.highlightScale + pad;
  const middle = safe.top + margins.middleAt * (safe.bottom - safe.top);
  const x = Math.round((safe.left + safe.right) / 2);
  const y = Math.round(Math.max(safe.top + halfHeight, Math.min(middle, safe.bottom - halfHeight)));

  const events: string[] = [];
  groups.forEach((group, g) => {
    const ownSize = widths[g] * fontSize + 2 * pad > safeWidth ? Math.max(1, Math.floor((safeWidth - 2 * pad) / widths[g])) : null;
    const tags = `{\\pos(${x},${y})${look.box ? '\\xbord0' : ''}${blur ? `\\blur${blur}` : ''}${ownSize ? `\\fs${ownSize}` : ''}}`;
    const next = groups[g + 1]?.[0];
    const last = group[group.length - 1];
    const groupEnd = next && next.start - last.end <= PAUSE_SEC ? next.start : last.end;
    group.forEach((word, k) => {
      const start = centiseconds(word.start);
      const end = centiseconds(k + 1 < group.length ? group[k + 1].start : groupEnd);
      if (end <= start) return;
      events.push(`Dialogue: 0,${assTime(start / 100)},${assTime(end / 100)},Caption,,0,0,0,,${tags}${highlightWord(group, k, look)}`);
    });
  });

  return [
    '[Script Info]',
    '; Generated by Hookline',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${CAPTION_FONT_FAMILY},${fontSize},${look.primaryColour},&H000000FF,${look.outlineColour},${look.backColour},0,0,0,0,100,100,0,0,${look.box ? 3 : 1},${outline},${shadow},5,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

/** Where captions may go on a frame of this size, so that no app's buttons or text cover them. */
export function captionSafeArea(width: number, height: number): CaptionSafeArea {
  const margins = safeMargins(width, height);
  return {
    left: Math.round(width * margins.left),
    top: Math.round(height * margins.top),
    right: Math.round(width * (1 - margins.right)),
    bottom: Math.round(height * (1 - margins.bottom)),
  };
}

function safeMargins(width: number, height: number) {
  return SAFE_MARGINS.find((m) => width / height <= m.upToRatio)!;
}

/** The words inside the clip, in clip time and cut at its edges, in order, as the style shows them. */
function clipWords(segments: TranscriptSegment[], options: BuildCaptionsOptions, uppercase: boolean): CaptionWord[] {
  const { clipStart, clipDuration } = options;
  const out: CaptionWord[] = [];
  for (const segment of segments) {
    if (segment.end <= clipStart || segment.start >= clipStart + clipDuration) continue;
    for (const word of segmentWords(segment)) {
      const start = Math.max(0, word.start - clipStart);
      const end = Math.min(clipDuration, word.end - clipStart);
      const text = escapeAssText(uppercase ? word.text.toUpperCase() : word.text);
      if (end > 0 && start < clipDuration && text) out.push({ start, end: Math.max(start, end), text });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** One to MAX_GROUP_WORDS words per group; a group ends after punctuation, before a pause and before going past maxChars. */
function groupWords(words: CaptionWord[], maxChars: number): CaptionWord[][] {
  const groups: CaptionWord[][] = [];
  let group: CaptionWord[] = [];
  for (const word of words) {
    const previous = group[group.length - 1];
    if (
      previous &&
      (group.length >= MAX_GROUP_WORDS ||
        GROUP_END.test(previous.text) ||
        word.start - previous.end > PAUSE_SEC ||
        lineLength([...group, word]) > maxChars)
    ) {
      groups.push(group);
      group = [];
    }
    group.push(word);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Characters of the group's line, spaces included. */
function lineLength(group: CaptionWord[]): number {
  return [...group.map((w) => w.text).join(' ')].length;
}

/** The group's line with word k highlighted (see CaptionLook.box for the spaces). */
function highlightWord(group: CaptionWord[], k: number, look: CaptionLook): string {
  const texts = group.map((w) => w.text);
  if (!look.box) {
    texts[k] = `{${look.highlightOn}}${texts[k]}{${look.highlightOff}}`;
    return texts.join(' ');
  }
  const before = k > 0 ? `\\h${texts.slice(0, k).join(' ')}` : '';
  const after = k + 1 < texts.length ? `${texts.slice(k + 1).join(' ')}\\h` : '';
  const spoken = `${before ? ' ' : '\\h'}${texts[k]}${after ? ' ' : '\\h'}`;
  return `${before}{${look.highlightOn}}${spoken}{${look.highlightOff}}${after}`;
}

/** Width of the group's line in units of font size, its widest word enlarged by the highlight. */
function groupWidth(group: CaptionWord[], look: CaptionLook): number {
  const line = group.map((w) => w.text).join(' ');
  const widest = Math.max(...group.map((w) => captionTextWidth(w.text)));
  return captionTextWidth(look.box ? ` ${line} ` : line) + (look.highlightScale - 1) * widest;
}

function centiseconds(sec: number): number {
  return Math.round(sec * 100);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** H:MM:SS.cc */
export function assTime(sec: number): string {
  const cs = Math.max(0, Math.round(sec * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** Keeps text literal: no override blocks ({…}), no \N-style escapes, one line. */
export function escapeAssText(text: string): string {
  return text.replace(/\\/g, '\u2216').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\s+/g, ' ').trim();
}

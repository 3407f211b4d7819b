// Kept apart from the zod contracts: the clipper page's controls need these, not zod.

/** Seconds per clip the clipper accepts, and the slider's step and default. */
export const CLIP_DURATION = { min: 15, max: 90, step: 5, default: 30 } as const;
/** How many clips one job makes. */
export const NUM_CLIPS = { min: 1, max: 5, default: 3 } as const;

/**
 * The frame of the clips: the source's own, or a crop of that shape that follows the main face
 * (vertical for Shorts, Reels and TikTok; square; portrait for feeds).
 */
export const ASPECT_RATIOS = ['original', '9:16', '1:1', '4:5'] as const;
export type TAspectRatio = (typeof ASPECT_RATIOS)[number];
export const ASPECT_RATIO_LABELS: Record<TAspectRatio, string> = {
  original: 'Original',
  '9:16': '9:16 vertical (Shorts, Reels, TikTok)',
  '1:1': '1:1 square',
  '4:5': '4:5 portrait',
};
/** The page's choice; the API keeps the source's frame unless asked. */
export const DEFAULT_PAGE_ASPECT_RATIO: TAspectRatio = '9:16';

/** Where no face is found in a reframed clip: a centred crop, or the whole frame over a blurred copy of itself. */
export const NO_FACE_FRAMINGS = ['center', 'blur'] as const;
export type TNoFaceFraming = (typeof NO_FACE_FRAMINGS)[number];
export const NO_FACE_FRAMING_LABELS: Record<TNoFaceFraming, string> = {
  center: 'Centred crop',
  blur: 'Whole frame on a blurred background',
};

/** "What to look for" (moments about pricing, funny bits): at most this many characters. */
export const LOOK_FOR_MAX_CHARS = 200;

/** How the word-by-word captions look; the spoken word is highlighted in each. */
export const CAPTION_STYLES = ['bold', 'boxed', 'clean'] as const;
export type TCaptionStyle = (typeof CAPTION_STYLES)[number];
export const CAPTION_STYLE_LABELS: Record<TCaptionStyle, string> = {
  bold: 'Bold pop',
  boxed: 'Boxed',
  clean: 'Clean',
};

import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The folder of Montserrat ExtraBold in its npm package, for libass (`ass=…:fontsdir=`), so the
 * captions need no system font. Resolved like any dependency, from this module: the same from the
 * TypeScript sources and from the esbuild bundle in dist/, which loads every npm package from
 * node_modules at run time. libass also tries the package's index.js, index.d.ts and preview .png
 * in that folder and skips them: they are not fonts.
 */
export const CAPTION_FONTS_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf'),
);

/** The family libass matches (the font's name ID 1); plain "Montserrat" matches no face in that folder. */
export const CAPTION_FONT_FAMILY = 'Montserrat ExtraBold';

/**
 * libass scales a font so that its Windows ascent + descent (1109 + 453 units for Montserrat) equal
 * the ASS font size, so one em is this fraction of the font size.
 */
const EM_PER_FONT_SIZE = 1000 / 1562;

/**
 * How far ink reaches from the centre of a line placed with \an5, up or down, per unit of font size:
 * libass centres the line box (ascender 968, descender 251), and no glyph reaches past the Windows
 * ascent or descent.
 */
export const CAPTION_HALF_HEIGHT = 0.52;

/** Advance widths of Montserrat ExtraBold's printable ASCII characters (space to ~), in 1/1000 em, from its hmtx table. */
const ASCII_ADVANCES = [
  291, 301, 462, 730, 647, 897, 752, 242, 369, 369, 453, 609, 283, 388, 283, 415, 685, 405, 599, 603, 700, 607, 649, 632, 669, 649, 283,
  283, 609, 609, 609, 597, 1036, 786, 769, 730, 826, 672, 642, 770, 806, 339, 557, 752, 610, 954, 806, 846, 737, 846, 740, 647, 635, 786,
  766, 1184, 737, 693, 679, 389, 415, 389, 610, 500, 600, 628, 695, 603, 698, 642, 406, 705, 696, 313, 320, 677, 313, 1045, 696, 666, 695,
  695, 443, 547, 447, 692, 620, 956, 619, 620, 556, 414, 314, 414, 609,
];

/**
 * A bound for any other character: wider than every glyph of the font but the obsolete peseta sign
 * ₧ and the one-character digraphs Ǆ, ǅ, Ǌ, Ǳ and ǲ, which speech is not transcribed into.
 */
const OTHER_ADVANCE = 1300;

/** An ASCII letter with accents (é, ñ, the horned Vietnamese ư) is at most this much wider than the letter. */
const ACCENTED_FACTOR = 1.06;

/**
 * Width of a line of caption text in units of the ASS font size (times the size gives pixels on the
 * script's canvas): exact for ASCII, a bound for other characters, before kerning (the callers leave
 * a margin for it).
 */
export function captionTextWidth(text: string): number {
  let units = 0;
  for (const char of text.normalize('NFC')) units += charAdvance(char);
  return (units / 1000) * EM_PER_FONT_SIZE;
}

function charAdvance(char: string): number {
  const [base, ...marks] = char.normalize('NFD');
  const code = base.codePointAt(0)!;
  if (code < 32 || code >= 127 || !marks.every((mark) => /\p{M}/u.test(mark))) return OTHER_ADVANCE;
  return ASCII_ADVANCES[code - 32] * (marks.length > 0 ? ACCENTED_FACTOR : 1);
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTION_FONTS_DIR, captionTextWidth } from './caption-font.ts';

describe('caption font', () => {
  it('ships Montserrat ExtraBold as the only font of its folder', () => {
    const fonts = fs.readdirSync(CAPTION_FONTS_DIR).filter((name) => /\.(ttf|otf|ttc)$/i.test(name));
    expect(fonts).toEqual(['Montserrat_800ExtraBold.ttf']);
    // TrueType's version tag.
    expect(fs.readFileSync(path.join(CAPTION_FONTS_DIR, fonts[0])).readUInt32BE(0)).toBe(0x00010000);
  });

  it('measures in units of the ASS font size, accented letters at least as wide as their base', () => {
    // W's advance is 1184/1000 em; libass makes one em 1000/1562 of the font size.
    expect(captionTextWidth('W')).toBeCloseTo(1.184 * (1000 / 1562), 6);
    expect(captionTextWidth('WWW MMM')).toBeGreaterThan(captionTextWidth('iii lll') * 2);
    expect(captionTextWidth('é')).toBeGreaterThanOrEqual(captionTextWidth('e'));
    expect(captionTextWidth('e\u0301')).toBe(captionTextWidth('é'));
    expect(captionTextWidth('Ж')).toBeGreaterThan(captionTextWidth('W'));
  });
});

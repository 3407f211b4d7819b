import { describe, expect, it } from 'vitest';
import { countGraphemes } from './count-graphemes.ts';

const segmented = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;

describe('countGraphemes', () => {
  it('counts what people see as one character once', () => {
    expect(countGraphemes('👍🏽')).toBe(1);
    expect(countGraphemes('🇫🇷 and 👨‍👩‍👧')).toBe(7);
    expect(countGraphemes('café')).toBe(4);
    expect(countGraphemes('cafe\u0301')).toBe(4);
  });

  it('gives plain ASCII the count segmenting gives, line endings and control characters included', () => {
    const alphabet = 'ab Z09!~\t\n\r\u0000\u007f';
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let text = '';
      for (let i = 0; i < n % 40; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        text += alphabet[seed % alphabet.length];
      }
      expect(countGraphemes(text), JSON.stringify(text)).toBe(segmented(text));
    }
    expect(countGraphemes('a\r\nb')).toBe(3);
    expect(countGraphemes('')).toBe(0);
  });
});

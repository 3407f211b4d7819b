import { describe, expect, it } from 'vitest';
import { parseNewAccountProfileFields, parseProfileFields } from './parse-profile-fields.ts';

describe('parseNewAccountProfileFields', () => {
  it('cuts a name over 120 characters to fit, trimmed, where parseProfileFields refuses it', () => {
    const long = `  ${'a'.repeat(119)} tail`;
    expect(() => parseProfileFields({ name: long })).toThrow('name: Display name must be at most 120 characters');
    expect(parseNewAccountProfileFields({ name: long })).toEqual({ name: 'a'.repeat(119) });
    expect(parseNewAccountProfileFields({ name: ' Olivia ', image: null })).toEqual({ name: 'Olivia', image: null });
  });

  it('never cuts between the two halves of a character such as an emoji', () => {
    expect(parseNewAccountProfileFields({ name: `${'a'.repeat(119)}😀😀` })).toEqual({ name: 'a'.repeat(119) });
    expect(parseNewAccountProfileFields({ name: `${'a'.repeat(118)}😀😀` })).toEqual({ name: `${'a'.repeat(118)}😀` });
  });

  it('leaves out a picture the profile route refuses, where parseProfileFields refuses it', () => {
    expect(() => parseProfileFields({ image: 'javascript:alert(1)' })).toThrow('image: Photo URL must be an http(s) address');
    expect(parseNewAccountProfileFields({ name: 'Olivia', image: 'javascript:alert(1)' })).toEqual({ name: 'Olivia', image: null });
    expect(parseNewAccountProfileFields({ name: 'Olivia', image: `https://x.test/${'p'.repeat(3000)}` })).toEqual({
      name: 'Olivia',
      image: null,
    });
    expect(parseNewAccountProfileFields({ name: 'Olivia', image: 'https://x.test/me.png' })).toEqual({
      name: 'Olivia',
      image: 'https://x.test/me.png',
    });
  });
});

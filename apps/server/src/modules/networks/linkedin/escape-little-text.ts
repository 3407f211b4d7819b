/**
 * The Posts API reads a post's commentary in LinkedIn's "little" text format, where
 * \ | { } @ [ ] ( ) < > # * _ ~ are reserved (mentions, hashtags, templates) and must be escaped with
 * a backslash to show as typed (learn.microsoft.com/linkedin/marketing/community-management/shares/little-text-format);
 * unescaped, LinkedIn may cut the text at the first one. A # that starts a word is kept: it is the
 * hashtag the writer meant.
 */
export function escapeLittleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (char, offset: number) =>
    char === '#' && /^[\p{L}\p{N}]/u.test(text.slice(offset + 1, offset + 3)) ? char : `\\${char}`,
  );
}

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostShape, PostMedia } from '../network-adapter.ts';
import { checkMastodonPost, countMastodonCharacters } from './check-mastodon-post.ts';

const MB = 1024 * 1024;

function media(overrides: Partial<PostMedia> = {}): PostMedia {
  return {
    name: 'photo.jpg',
    type: 'image/jpeg',
    size: 200_000,
    width: 1080,
    height: 1080,
    durationSeconds: null,
    hasAudio: null,
    altText: '',
    url: 'http://127.0.0.1/photo.jpg',
    open: async () => Readable.from([]),
    ...overrides,
  };
}

const video = (overrides: Partial<PostMedia> = {}) =>
  media({
    name: 'clip.mp4',
    type: 'video/mp4',
    size: 5 * MB,
    width: 1920,
    height: 1080,
    durationSeconds: 30,
    hasAudio: true,
    ...overrides,
  });

const post = (text: string, items: PostMedia[] = []): PostShape => ({ type: 'post', text, media: items });

describe('countMastodonCharacters', () => {
  it('counts plain text by characters as people see them', () => {
    expect(countMastodonCharacters('hello')).toBe(5);
    // A family emoji (7 code points, 8 UTF-16 units) and an e with a combining accent are one each.
    expect(countMastodonCharacters('👩‍👩‍👧 e\u0301')).toBe(3);
  });

  it('counts every address with its scheme as 23 characters, however long', () => {
    expect(countMastodonCharacters(`see https://example.com/${'p'.repeat(100)}`)).toBe(4 + 23);
    expect(countMastodonCharacters('a http://x.org b')).toBe(2 + 23 + 2);
    // Mastodon only shortens addresses written with their scheme.
    expect(countMastodonCharacters('example.com/abc')).toBe(15);
  });

  it('counts a mention as its username only, whatever its server', () => {
    expect(countMastodonCharacters('@alice@mastodon.social hi')).toBe('@alice hi'.length);
    expect(countMastodonCharacters('@alice hi')).toBe(9);
    // Not mentions: an e-mail address, a name running into accented letters, a mention inside an address.
    expect(countMastodonCharacters('bob@example.com')).toBe(15);
    expect(countMastodonCharacters('@noël@example.com')).toBe(17);
    expect(countMastodonCharacters('https://example.com/@alice@other.example')).toBe(23);
  });
});

describe('checkMastodonPost', () => {
  it('accepts a post within every limit', () => {
    expect(checkMastodonPost(post('a'.repeat(500)))).toEqual([]);
    expect(checkMastodonPost(post('', [media(), media(), media(), media({ type: 'image/gif' })]))).toEqual([]);
    expect(checkMastodonPost(post('Our new bread', [video()]))).toEqual([]);
  });

  it('counts the text the way Mastodon does', () => {
    expect(checkMastodonPost(post('a'.repeat(501)))).toEqual(['Mastodon counts this text as 501 characters; the limit is 500.']);
    // 480 letters and a 200-character address: 504 for Mastodon, though the text is 681 long.
    expect(checkMastodonPost(post(`${'a'.repeat(480)} https://example.com/${'p'.repeat(180)}`))).toEqual([
      'Mastodon counts this text as 504 characters; the limit is 500.',
    ]);
    expect(checkMastodonPost(post(`${'a'.repeat(470)} @someone@a-very-long-server-name.example`))).toEqual([]);
  });

  it('asks for text or media', () => {
    expect(checkMastodonPost(post('  '))).toEqual(['A Mastodon post needs text or at least one image or video.']);
  });

  it('takes at most four images, or one video without images', () => {
    expect(checkMastodonPost(post('x', [media(), media(), media(), media(), media()]))).toEqual([
      'Mastodon takes at most 4 images in a post; this one has 5.',
    ]);
    expect(checkMastodonPost(post('x', [video(), media()]))).toEqual([
      'Mastodon takes one video or audio file per post, with no images beside it; this post has 1 video or audio file and 1 image.',
    ]);
    expect(checkMastodonPost(post('x', [video(), video()]))).toEqual([
      'Mastodon takes one video or audio file per post, with no images beside it; this post has 2 videos or audio files and 0 images.',
    ]);
  });

  it('names files of a type Mastodon does not take', () => {
    expect(checkMastodonPost(post('x', [media({ name: 'scan.bmp', type: 'image/bmp' })]))).toEqual([
      'scan.bmp is of type image/bmp; Mastodon takes JPEG, PNG, GIF, HEIC, HEIF, WebP or AVIF images, WebM, MP4, QuickTime or Ogg videos, and audio files.',
    ]);
    expect(checkMastodonPost(post('x', [media({ name: 'voice.mp3', type: 'audio/mpeg', width: null, height: null })]))).toEqual([]);
  });

  it('keeps images within 16 MB and 7680×4320, videos within 99 MB and 3840×2160', () => {
    expect(checkMastodonPost(post('x', [media({ size: 17 * MB })]))).toEqual(['photo.jpg is 17 MB; Mastodon takes images up to 16 MB.']);
    expect(checkMastodonPost(post('x', [media({ size: 16 * MB })]))).toEqual([]);
    expect(checkMastodonPost(post('x', [video({ size: 100 * MB })]))).toEqual([
      'clip.mp4 is 100 MB; Mastodon takes videos and audio up to 99 MB.',
    ]);
    expect(checkMastodonPost(post('x', [media({ width: 8000, height: 5000 })]))).toEqual([
      'photo.jpg is 8000×5000 pixels; Mastodon takes images up to 7680×4320 (33,177,600 pixels).',
    ]);
    expect(checkMastodonPost(post('x', [video({ width: 4096, height: 2160 })]))).toEqual([
      'clip.mp4 is 4096×2160 pixels; Mastodon takes videos up to 3840×2160 (8,294,400 pixels).',
    ]);
  });

  it('keeps descriptions within 1,500 characters', () => {
    expect(checkMastodonPost(post('x', [media({ altText: 'd'.repeat(1500) })]))).toEqual([]);
    expect(checkMastodonPost(post('x', [media({ altText: 'd'.repeat(1501) })]))).toEqual([
      'The description of photo.jpg is 1501 characters; Mastodon takes at most 1,500.',
    ]);
  });
});

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostShape, PostMedia } from '../network-adapter.ts';
import { checkInstagramPost } from './check-instagram-post.ts';

const MIB = 1024 * 1024;

function media(overrides: Partial<PostMedia> = {}): PostMedia {
  return {
    name: 'photo.jpg',
    type: 'image/jpeg',
    size: 500_000,
    width: 1080,
    height: 1080,
    durationSeconds: null,
    hasAudio: null,
    altText: '',
    url: 'https://hookline.example/media/photo.jpg?sig=1',
    open: async () => Readable.from([]),
    ...overrides,
  };
}

const video = (overrides: Partial<PostMedia> = {}) =>
  media({
    name: 'clip.mp4',
    type: 'video/mp4',
    size: 20 * MIB,
    width: 1080,
    height: 1920,
    durationSeconds: 30,
    hasAudio: true,
    ...overrides,
  });

const post = (overrides: Partial<PostShape> = {}): PostShape => ({
  type: 'post',
  text: 'Fresh bread today',
  media: [media()],
  ...overrides,
});

describe('checkInstagramPost', () => {
  it('accepts an image post, a video post, a Reel and a carousel of 10', () => {
    expect(checkInstagramPost(post())).toEqual([]);
    expect(checkInstagramPost(post({ media: [video()] }))).toEqual([]);
    expect(checkInstagramPost(post({ type: 'reel', media: [video()] }))).toEqual([]);
    expect(checkInstagramPost(post({ media: [...Array.from({ length: 9 }, () => media()), video()] }))).toEqual([]);
  });

  it('refuses text on its own, threads and carousels over 10', () => {
    expect(checkInstagramPost(post({ media: [] }))).toEqual(['Instagram does not publish text on its own. Attach an image or a video.']);
    expect(checkInstagramPost(post({ type: 'thread' }))).toEqual(['Instagram has no threads. Make this draft a post or a Reel.']);
    expect(checkInstagramPost(post({ media: Array.from({ length: 11 }, () => media()) }))).toEqual([
      'An Instagram carousel holds at most 10 images and videos; this post has 11.',
    ]);
  });

  it('wants a Reel to be one video', () => {
    const expected = ['An Instagram Reel is one video. Attach a single video, or make this draft a post.'];
    expect(checkInstagramPost(post({ type: 'reel', media: [media()] }))).toEqual(expected);
    expect(checkInstagramPost(post({ type: 'reel', media: [video(), video()] }))).toEqual(expected);
  });

  it('counts the caption in characters, with emoji as one, up to 2,200', () => {
    expect(checkInstagramPost(post({ text: '🥐'.repeat(2200) }))).toEqual([]);
    expect(checkInstagramPost(post({ text: 'a'.repeat(2201) }))).toEqual([
      'Instagram counts this caption as 2201 characters; the limit is 2,200.',
    ]);
  });

  it('allows 30 hashtags and 20 @mentions, not counting e-mail addresses or in-word signs', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#bread${i}`).join(' ');
    const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@baker.${i}`).join(' ');
    expect(checkInstagramPost(post({ text: `${tags(30)} ${mentions(20)} mail me@example.com, a#b` }))).toEqual([]);
    expect(checkInstagramPost(post({ text: `${tags(31)} ${mentions(21)}` }))).toEqual([
      'This caption has 31 hashtags; Instagram allows at most 30.',
      'This caption tags 21 accounts with @; Instagram allows at most 20.',
    ]);
  });

  it('takes JPEG images up to 8 MB between 4:5 and 1.91:1', () => {
    expect(checkInstagramPost(post({ media: [media({ name: 'logo.png', type: 'image/png' })] }))).toEqual([
      'Instagram takes JPEG images only; logo.png is image/png. Save it as a JPEG and attach it again.',
    ]);
    expect(checkInstagramPost(post({ media: [media({ size: 9 * MIB })] }))).toEqual([
      'photo.jpg is 9.0 MB; Instagram takes images up to 8 MB.',
    ]);
    expect(checkInstagramPost(post({ media: [media({ width: 1080, height: 1350 })] }))).toEqual([]);
    expect(checkInstagramPost(post({ media: [media({ width: 1080, height: 1920 })] }))).toEqual([
      'photo.jpg is 1080×1920 (0.56:1); Instagram takes images from 4:5 (portrait) to 1.91:1 (landscape). Crop it.',
    ]);
    expect(checkInstagramPost(post({ media: [media({ width: 2000, height: 1000 })] }))).toHaveLength(1);
  });

  it('takes MP4 or MOV videos of 3 seconds to 15 minutes, up to 300 MB, between 0.01:1 and 10:1', () => {
    expect(checkInstagramPost(post({ media: [video({ type: 'video/quicktime', name: 'clip.mov' })] }))).toEqual([]);
    expect(checkInstagramPost(post({ media: [video({ type: 'video/webm', name: 'clip.webm' })] }))).toEqual([
      'Instagram takes MP4 or MOV videos only; clip.webm is video/webm.',
    ]);
    expect(checkInstagramPost(post({ media: [video({ durationSeconds: 2.5 })] }))).toEqual([
      'clip.mp4 lasts 2.5 seconds; Instagram videos must last at least 3 seconds.',
    ]);
    expect(checkInstagramPost(post({ media: [video({ durationSeconds: 901 })] }))).toEqual([
      'clip.mp4 lasts 16 minutes; Instagram videos may last at most 15 minutes.',
    ]);
    expect(checkInstagramPost(post({ media: [video({ size: 301 * MIB })] }))).toEqual([
      'clip.mp4 is 301.0 MB; Instagram takes videos up to 300 MB.',
    ]);
    expect(checkInstagramPost(post({ media: [video({ width: 2200, height: 200 })] }))).toEqual([
      'clip.mp4 is 2200×200; Instagram takes videos from 0.01:1 to 10:1 (9:16 is best).',
    ]);
  });

  it('says what it could not check when the facts of a file are unknown', () => {
    expect(checkInstagramPost(post({ media: [video({ width: null, height: null, durationSeconds: null })] }))).toEqual([
      "Hookline could not read how long clip.mp4 is, so it cannot check Instagram's 3 second to 15 minute limit.",
      "Hookline could not read the size of clip.mp4, so it cannot check Instagram's video shape limit.",
    ]);
  });
});

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostShape, PostMedia } from '../network-adapter.ts';
import { checkLinkedInPost } from './check-linkedin-post.ts';
import { escapeLittleText } from './escape-little-text.ts';

function media(overrides: Partial<PostMedia> & Pick<PostMedia, 'name' | 'type'>): PostMedia {
  const isVideo = overrides.type.startsWith('video/');
  return {
    size: isVideo ? 20 * 1024 * 1024 : 300 * 1024,
    width: 1080,
    height: 1080,
    durationSeconds: isVideo ? 30 : null,
    hasAudio: isVideo ? true : null,
    altText: '',
    url: `https://hookline.test/media/${overrides.name}`,
    open: async () => Readable.from([]),
    ...overrides,
  };
}

const image = (name: string, overrides: Partial<PostMedia> = {}) => media({ name, type: 'image/jpeg', ...overrides });
const video = (overrides: Partial<PostMedia> = {}) =>
  media({ name: 'clip.mp4', type: 'video/mp4', width: 1280, height: 720, ...overrides });
const post = (overrides: Partial<PostShape> = {}): PostShape => ({ type: 'post', text: 'Fresh bread today.', media: [], ...overrides });

describe('checkLinkedInPost', () => {
  it('accepts text, one image, twenty images or one video', () => {
    expect(checkLinkedInPost(post())).toEqual([]);
    expect(checkLinkedInPost(post({ media: [image('a.jpg', { altText: 'A loaf' })] }))).toEqual([]);
    expect(checkLinkedInPost(post({ media: Array.from({ length: 20 }, (_, i) => image(`${i}.png`, { type: 'image/png' })) }))).toEqual([]);
    expect(checkLinkedInPost(post({ type: 'video', text: '', media: [video()] }))).toEqual([]);
  });

  it('counts the text the way LinkedIn does, an emoji as two', () => {
    expect(checkLinkedInPost(post({ text: 'a'.repeat(3000) }))).toEqual([]);
    expect(checkLinkedInPost(post({ text: 'a'.repeat(2999) + '🥖' }))).toEqual([
      'LinkedIn counts this text as 3,001 characters; the limit is 3,000.',
    ]);
  });

  it('refuses more than twenty images, other image types, huge images and long descriptions', () => {
    const images = Array.from({ length: 21 }, (_, i) => image(`${i}.jpg`));
    expect(checkLinkedInPost(post({ media: images }))).toEqual(['LinkedIn takes at most 20 images in a post; this one has 21.']);
    expect(checkLinkedInPost(post({ media: [image('a.webp', { type: 'image/webp' })] }))).toEqual([
      'LinkedIn takes JPEG, PNG and GIF images; a.webp is image/webp.',
    ]);
    expect(checkLinkedInPost(post({ media: [image('big.png', { width: 8000, height: 5000 })] }))).toEqual([
      'LinkedIn takes images under 36,152,320 pixels; big.png has 40,000,000 (8000×5000). Make it smaller.',
    ]);
    expect(checkLinkedInPost(post({ media: [image('a.jpg', { altText: 'x'.repeat(4087) })] }))).toEqual([
      'LinkedIn takes image descriptions of at most 4,086 characters; the one for a.jpg has 4,087.',
    ]);
  });

  it('takes one MP4 video of 3 seconds to 30 minutes and 75 KB to 5 GB, without images', () => {
    expect(checkLinkedInPost(post({ media: [video(), image('a.jpg')] }))).toEqual([
      'A LinkedIn post carries images or one video, not both. Remove the images or the video.',
    ]);
    expect(checkLinkedInPost(post({ media: [video(), video({ name: 'b.mp4' })] }))).toEqual([
      'LinkedIn takes one video in a post; this one has 2.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ name: 'a.mov', type: 'video/quicktime' })] }))).toEqual([
      'LinkedIn takes videos as MP4 only; a.mov is video/quicktime.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ durationSeconds: 2.4 })] }))).toEqual([
      'LinkedIn needs a video of at least 3 seconds; clip.mp4 lasts 2.4 seconds.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ durationSeconds: 31 * 60 + 5 })] }))).toEqual([
      'LinkedIn takes videos of at most 30 minutes; clip.mp4 lasts 31 min 5 s.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ size: 6 * 1024 ** 3 })] }))).toEqual([
      'LinkedIn takes videos of at most 5 GB; clip.mp4 is 6.0 GB.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ size: 40 * 1024 })] }))).toEqual([
      'LinkedIn needs a video of at least 75 KB; clip.mp4 is 40 KB.',
    ]);
    expect(checkLinkedInPost(post({ media: [video({ durationSeconds: null })] }))).toEqual([
      'Hookline could not read how long clip.mp4 is; LinkedIn takes videos of 3 seconds to 30 minutes. Try exporting it again.',
    ]);
  });

  it('needs a video for a video draft, something to post, and media LinkedIn can show', () => {
    expect(checkLinkedInPost(post({ type: 'reel', media: [image('a.jpg')] }))).toEqual([
      'A LinkedIn video post needs an MP4 video. Attach one, or make the draft a post.',
    ]);
    expect(checkLinkedInPost(post({ text: '  ' }))).toEqual(['A LinkedIn post needs text, images or a video.']);
    expect(checkLinkedInPost(post({ media: [media({ name: 'deck.pdf', type: 'application/pdf' })] }))).toEqual([
      'LinkedIn cannot post deck.pdf (application/pdf); attach JPEG, PNG or GIF images or one MP4 video.',
    ]);
  });
});

describe('escapeLittleText', () => {
  it("escapes the little format's reserved characters and keeps hashtags", () => {
    expect(escapeLittleText('Open (8–5) @ the [new] shop #bakery #1 <3 *fresh* ~ _x_ | {y} \\ # done')).toBe(
      'Open \\(8–5\\) \\@ the \\[new\\] shop #bakery #1 \\<3 \\*fresh\\* \\~ \\_x\\_ \\| \\{y\\} \\\\ \\# done',
    );
    expect(escapeLittleText('Plain text.')).toBe('Plain text.');
  });
});

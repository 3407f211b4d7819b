import { describe, expect, it } from 'vitest';
import type { PostMediaFacts, PostShape } from '../network-adapter.ts';
import { checkBlueskyPost } from './check-bluesky-post.ts';
import { countGraphemes } from '../count-graphemes.ts';

const image = (facts: Partial<PostMediaFacts> = {}): PostMediaFacts => ({
  name: 'photo.jpg',
  type: 'image/jpeg',
  size: 400_000,
  width: 1200,
  height: 800,
  durationSeconds: null,
  hasAudio: null,
  altText: 'A loaf on the counter',
  ...facts,
});

const video = (facts: Partial<PostMediaFacts> = {}): PostMediaFacts => ({
  name: 'clip.mp4',
  type: 'video/mp4',
  size: 20_000_000,
  width: 720,
  height: 1280,
  durationSeconds: 30,
  hasAudio: true,
  altText: '',
  ...facts,
});

const post = (shape: Partial<PostShape> = {}): PostShape => ({ type: 'post', text: 'Fresh bread at 7.', media: [], ...shape });

/** A family emoji: one grapheme of 7 code points, 11 UTF-16 units and 25 UTF-8 bytes. */
const FAMILY = '👨‍👩‍👧‍👦';

describe('checkBlueskyPost', () => {
  it('takes a text with up to 4 images, or a text with one MP4 video', () => {
    expect(checkBlueskyPost(post({ media: [image(), image(), image(), image({ type: 'image/webp' })] }))).toEqual([]);
    expect(checkBlueskyPost(post({ type: 'video', media: [video()] }))).toEqual([]);
    expect(checkBlueskyPost(post({ text: '', media: [image()] }))).toEqual([]);
  });

  it('counts graphemes, as Bluesky does: 300 emoji families fit in the grapheme limit', () => {
    expect(countGraphemes(FAMILY.repeat(3))).toBe(3);
    expect(checkBlueskyPost(post({ text: 'é'.normalize('NFD').repeat(300) }))).toEqual([]);
    expect(checkBlueskyPost(post({ text: 'a'.repeat(301) }))).toEqual(['Bluesky counts this text as 301 characters; the limit is 300.']);
  });

  it('also holds a text to 3,000 UTF-8 bytes', () => {
    expect(checkBlueskyPost(post({ text: FAMILY.repeat(121) }))).toEqual([
      'Bluesky takes at most 3,000 bytes of text in a post; this text has 3,025. Shorten it.',
    ]);
  });

  it('checks each part of a thread on its own', () => {
    const text = `${'a'.repeat(300)}\n---\n${'b'.repeat(302)}`;
    expect(checkBlueskyPost(post({ type: 'thread', text }))).toEqual([
      'Bluesky counts part 2 of the thread as 302 characters; the limit is 300.',
    ]);
  });

  it('refuses an empty post', () => {
    expect(checkBlueskyPost(post({ text: '  ' }))).toEqual(['A Bluesky post needs text, images or a video.']);
  });

  it('refuses more than 4 images, images over 2 MB and other image types', () => {
    expect(checkBlueskyPost(post({ media: Array.from({ length: 5 }, () => image()) }))).toEqual([
      'Bluesky takes at most 4 images in a post; this one has 5.',
    ]);
    expect(checkBlueskyPost(post({ media: [image({ name: 'big.png', type: 'image/png', size: 2_400_000 })] }))).toEqual([
      'big.png is 2.4 MB; Bluesky takes images of at most 2 MB. Make it smaller.',
    ]);
    expect(checkBlueskyPost(post({ media: [image({ name: 'scan.tiff', type: 'image/tiff' })] }))).toEqual([
      'Bluesky takes JPEG, PNG, WebP and GIF images; scan.tiff is image/tiff.',
    ]);
  });

  it('refuses images beside a video, a second video and other files', () => {
    expect(checkBlueskyPost(post({ media: [image(), video()] }))).toEqual([
      'A Bluesky post carries images or one video, not both. Remove the images or the video.',
    ]);
    expect(checkBlueskyPost(post({ media: [video(), video()] }))).toEqual(['Bluesky takes one video in a post; this one has 2.']);
    expect(checkBlueskyPost(post({ media: [image({ name: 'menu.pdf', type: 'application/pdf' })] }))).toEqual([
      'Bluesky cannot post menu.pdf (application/pdf); attach JPEG, PNG, WebP or GIF images or one MP4 video.',
    ]);
  });

  it('takes MP4 videos of at most 300 MB and 10 minutes', () => {
    expect(checkBlueskyPost(post({ media: [video({ name: 'clip.mov', type: 'video/quicktime' })] }))).toEqual([
      'Bluesky takes videos as MP4 only when they are posted through its API; clip.mov is video/quicktime.',
    ]);
    expect(checkBlueskyPost(post({ media: [video({ size: 350_000_000, durationSeconds: 606 })] }))).toEqual([
      'clip.mp4 is 350 MB; Bluesky takes videos of at most 300 MB.',
      'clip.mp4 lasts 10.1 minutes; Bluesky takes videos of at most 10 minutes.',
    ]);
    expect(checkBlueskyPost(post({ media: [video({ durationSeconds: null })] }))).toEqual([
      'Hookline could not read how long clip.mp4 lasts; Bluesky takes videos of at most 10 minutes. Try exporting it again.',
    ]);
  });

  it('needs a video for a video draft', () => {
    expect(checkBlueskyPost(post({ type: 'reel', media: [image()] }))).toEqual([
      'A Bluesky video post needs an MP4 video. Attach one, or make the draft a post.',
    ]);
  });
});

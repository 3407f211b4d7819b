import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostShape, PostMedia } from '../network-adapter.ts';
import { checkTwitterPost } from './check-twitter-post.ts';

const MB = 1024 * 1024;

function image(name: string, facts: Partial<PostMedia> = {}): PostMedia {
  return {
    name,
    type: 'image/jpeg',
    size: MB,
    width: 1200,
    height: 675,
    durationSeconds: null,
    hasAudio: null,
    altText: '',
    url: 'https://hookline.test/media/signed',
    open: async () => Readable.from([]),
    ...facts,
  };
}

const video = (name: string, facts: Partial<PostMedia> = {}) =>
  image(name, { type: 'video/mp4', size: 20 * MB, width: 720, height: 1280, durationSeconds: 30, hasAudio: true, ...facts });

const post = (text: string, media: PostMedia[] = [], type: PostShape['type'] = 'post'): PostShape => ({ type, text, media });

describe('checkTwitterPost text', () => {
  it('takes 280 characters', () => {
    expect(checkTwitterPost(post('a'.repeat(280)))).toEqual([]);
    expect(checkTwitterPost(post('a'.repeat(281)))).toEqual(['X counts this text as 281 characters; the limit is 280.']);
  });

  it('counts a link as 23 characters however long it is', () => {
    const link = `https://example.com/${'long-path/'.repeat(30)}`;
    expect(checkTwitterPost(post(`${'a'.repeat(256)} ${link}`))).toEqual([]);
    expect(checkTwitterPost(post(`${'a'.repeat(257)} ${link}`))).toEqual(['X counts this text as 281 characters; the limit is 280.']);
  });

  it('weighs CJK characters and emoji 2', () => {
    expect(checkTwitterPost(post('日'.repeat(140)))).toEqual([]);
    expect(checkTwitterPost(post('日'.repeat(141)))).toEqual(['X counts this text as 282 characters; the limit is 280.']);
    expect(checkTwitterPost(post(`${'a'.repeat(278)}😀`))).toEqual([]);
    expect(checkTwitterPost(post(`${'a'.repeat(279)}😀`))).toEqual(['X counts this text as 281 characters; the limit is 280.']);
  });

  it('counts each part of a thread on its own', () => {
    const thread = `${'a'.repeat(280)}\n---\n${'b'.repeat(280)}\n---\n${'c'.repeat(300)}`;
    expect(checkTwitterPost(post(thread, [], 'thread'))).toEqual(['X counts part 3 of the thread as 300 characters; the limit is 280.']);
    // Outside a thread the separator is just text.
    expect(checkTwitterPost(post(thread))).toEqual(['X counts this text as 870 characters; the limit is 280.']);
  });

  it('needs text or media', () => {
    expect(checkTwitterPost(post('  \n---\n ', [], 'thread'))).toEqual(['X posts need text or media: write something or attach a file.']);
    expect(checkTwitterPost(post('', [image('a.jpg')]))).toEqual([]);
  });
});

describe('checkTwitterPost media', () => {
  it('takes up to 4 images of up to 5 MB (JPEG, PNG, WebP, GIF)', () => {
    const four = [
      image('a.jpg'),
      image('b.png', { type: 'image/png' }),
      image('c.webp', { type: 'image/webp' }),
      image('d.gif', { type: 'image/gif' }),
    ];
    expect(checkTwitterPost(post('Four', four))).toEqual([]);
    expect(checkTwitterPost(post('Five', [...four, image('e.jpg')]))).toEqual(['X takes at most 4 images in a post; this one has 5.']);
    expect(checkTwitterPost(post('Big', [image('big.jpg', { size: 6.2 * MB })]))).toEqual([
      'big.jpg is 6.2 MB; X takes images up to 5 MB.',
    ]);
  });

  it('takes a GIF of up to 15 MB on its own, 5 MB beside other images', () => {
    const gif = image('loop.gif', { type: 'image/gif', size: 12 * MB });
    expect(checkTwitterPost(post('Loop', [gif]))).toEqual([]);
    expect(checkTwitterPost(post('Loop', [{ ...gif, size: 16 * MB }]))).toEqual(['loop.gif is 16.0 MB; X takes a GIF up to 15 MB.']);
    expect(checkTwitterPost(post('Loop', [gif, image('a.jpg')]))).toEqual([
      'loop.gif is 12.0 MB; X takes images up to 5 MB (a GIF on its own may be up to 15 MB).',
    ]);
  });

  it('takes one MP4 or MOV video of up to 512 MB and 0.5 to 140 seconds, on its own', () => {
    expect(checkTwitterPost(post('Clip', [video('a.mp4')]))).toEqual([]);
    expect(checkTwitterPost(post('Clip', [video('a.mov', { type: 'video/quicktime' })]))).toEqual([]);
    expect(checkTwitterPost(post('Clip', [video('huge.mp4', { size: 600 * MB })]))).toEqual([
      'huge.mp4 is 600.0 MB; X takes videos up to 512 MB.',
    ]);
    expect(checkTwitterPost(post('Clip', [video('long.mp4', { durationSeconds: 150.04 })]))).toEqual([
      'long.mp4 lasts 150 seconds; X takes videos of 0.5 to 140 seconds.',
    ]);
    expect(checkTwitterPost(post('Clip', [video('blink.mp4', { durationSeconds: 0.3 })]))).toEqual([
      'blink.mp4 lasts 0.3 seconds; X takes videos of 0.5 to 140 seconds.',
    ]);
    expect(checkTwitterPost(post('Clip', [video('a.mp4'), video('b.mp4')]))).toEqual([
      'X takes one video per post, on its own; this post has 2 files. Keep only the video, or only images.',
    ]);
    expect(checkTwitterPost(post('Clip', [video('a.mp4'), image('b.jpg')]))).toEqual([
      'X takes one video per post, on its own; this post has 2 files. Keep only the video, or only images.',
    ]);
  });

  it('takes videos between 1:3 and 3:1', () => {
    expect(checkTwitterPost(post('Tall', [video('tall.mp4', { width: 300, height: 900 })]))).toEqual([]);
    expect(checkTwitterPost(post('Taller', [video('strip.mp4', { width: 200, height: 800 })]))).toEqual([
      'strip.mp4 is 200×800; X takes videos between 1:3 (tall) and 3:1 (wide).',
    ]);
  });

  it('says when a video’s length could not be read', () => {
    expect(checkTwitterPost(post('Clip', [video('odd.mp4', { durationSeconds: null })]))).toEqual([
      'Hookline could not read how long odd.mp4 lasts; X takes videos of 0.5 to 140 seconds. Export it again as MP4 (H.264).',
    ]);
  });

  it('refuses other file types', () => {
    expect(checkTwitterPost(post('Web', [video('clip.webm', { type: 'video/webm' })]))).toEqual([
      'X does not take clip.webm (video/webm): use JPEG, PNG, WebP or GIF images, or an MP4 or MOV video.',
    ]);
  });

  it('takes image descriptions of up to 1000 characters', () => {
    expect(checkTwitterPost(post('Alt', [image('a.jpg', { altText: 'x'.repeat(1000) })]))).toEqual([]);
    expect(checkTwitterPost(post('Alt', [image('a.jpg', { altText: 'x'.repeat(1001) })]))).toEqual([
      'The description of a.jpg is 1001 characters; X takes up to 1000.',
    ]);
  });

  it('needs the video of a video or reel draft', () => {
    expect(checkTwitterPost(post('Reel', [image('a.jpg')], 'reel'))).toEqual([
      'A video post on X needs its video: attach one MP4 or MOV file.',
    ]);
    expect(checkTwitterPost(post('Reel', [video('a.mp4')], 'video'))).toEqual([]);
  });
});

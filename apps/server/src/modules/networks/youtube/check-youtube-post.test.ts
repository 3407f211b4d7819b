import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostShape, PostMedia } from '../network-adapter.ts';
import { checkYouTubePost, splitYouTubeText } from './check-youtube-post.ts';

const media = (facts: Partial<PostMedia> = {}): PostMedia => ({
  name: 'bake.mp4',
  type: 'video/mp4',
  size: 20 * 1024 * 1024,
  width: 1920,
  height: 1080,
  durationSeconds: 95,
  hasAudio: true,
  altText: '',
  url: 'http://127.0.0.1/bake.mp4',
  open: async () => Readable.from([]),
  ...facts,
});
const vertical = (facts: Partial<PostMedia> = {}) => media({ width: 1080, height: 1920, durationSeconds: 42, ...facts });
const post = (text: string, files: PostMedia[] = [media()], type: PostShape['type'] = 'video'): PostShape => ({
  type,
  text,
  media: files,
});

describe('splitYouTubeText', () => {
  it('takes the first line as the title and the rest as the description', () => {
    expect(splitYouTubeText('  Sourdough at dawn \r\n\nThree days of proofing.\nRecipe below.\n')).toEqual({
      title: 'Sourdough at dawn',
      description: 'Three days of proofing.\nRecipe below.',
    });
    expect(splitYouTubeText('Only a title')).toEqual({ title: 'Only a title', description: '' });
  });
});

describe('checkYouTubePost', () => {
  it('accepts a titled video, a post with one video, and a vertical or square Short', () => {
    expect(checkYouTubePost(post('Sourdough at dawn\nThree days of proofing.'))).toEqual([]);
    expect(checkYouTubePost(post('Sourdough at dawn', [media()], 'post'))).toEqual([]);
    expect(checkYouTubePost(post('Crumb shot', [vertical()], 'reel'))).toEqual([]);
    expect(checkYouTubePost(post('Crumb shot', [vertical({ width: 1080, height: 1080, durationSeconds: 180 })], 'reel'))).toEqual([]);
  });

  it('needs a title on the first line', () => {
    expect(checkYouTubePost(post('\nThe description only'))).toEqual([
      'A YouTube video needs a title: write it on the first line of the text.',
    ]);
  });

  it('counts the title in characters (100) and the description in UTF-8 bytes (5,000)', () => {
    expect(checkYouTubePost(post('é'.repeat(100)))).toEqual([]);
    expect(checkYouTubePost(post('🍞'.repeat(101)))).toEqual([
      'The title (the first line of the text) is 101 characters; YouTube allows at most 100.',
    ]);
    // 2,500 characters of "é" are exactly 5,000 bytes; one more is over.
    expect(checkYouTubePost(post(`Title\n${'é'.repeat(2500)}`))).toEqual([]);
    expect(checkYouTubePost(post(`Title\n${'é'.repeat(2500)}!`))).toEqual([
      'The description (the text after the first line) is 5,001 bytes; YouTube allows at most 5,000.',
    ]);
  });

  it('refuses < and > in the title and the description', () => {
    expect(checkYouTubePost(post('Bread <3\nCrust > crumb'))).toEqual([
      'YouTube titles cannot contain < or >; remove them from the first line of the text.',
      'YouTube descriptions cannot contain < or >; remove them from the text after the first line.',
    ]);
  });

  it('needs exactly one video and nothing beside it', () => {
    const image = media({ name: 'loaf.jpg', type: 'image/jpeg', durationSeconds: null, hasAudio: null });
    expect(checkYouTubePost(post('Title', []))).toEqual(['A YouTube post is a video; attach one.']);
    expect(checkYouTubePost(post('Title', [image]))).toEqual(['A YouTube post is a video; attach one (YouTube takes no images).']);
    expect(checkYouTubePost(post('Title', [media(), media({ name: 'two.mp4' })]))).toEqual([
      'YouTube takes one video per post; this one has 2.',
    ]);
    expect(checkYouTubePost(post('Title', [media(), image]))).toEqual([
      'YouTube takes one video and nothing beside it; remove the other file.',
    ]);
  });

  it('has no threads', () => {
    expect(checkYouTubePost(post('Title', [media()], 'thread'))).toEqual(['YouTube has no threads; make this draft a video or a Short.']);
  });

  it('takes the documented formats, up to 256 GB and 12 hours', () => {
    for (const type of ['video/quicktime', 'video/webm', 'video/mpeg', 'video/vnd.avi', 'video/x-flv', 'video/3gpp']) {
      expect(checkYouTubePost(post('Title', [media({ type })]))).toEqual([]);
    }
    expect(checkYouTubePost(post('Title', [media({ name: 'bake.ogv', type: 'video/ogg' })]))).toEqual([
      'bake.ogv is a video/ogg file; YouTube takes MP4, MOV, MPEG, AVI, WMV, FLV, 3GPP or WebM videos.',
    ]);
    expect(checkYouTubePost(post('Title', [media({ size: 257 * 1024 ** 3, durationSeconds: 12 * 3600 + 61 })]))).toEqual([
      'bake.mp4 is 257 GB; YouTube takes videos up to 256 GB.',
      'bake.mp4 is 12 h 1 min 1 s long; YouTube takes videos up to 12 hours.',
    ]);
    expect(checkYouTubePost(post('Title', [media({ size: 0 })]))).toEqual(['bake.mp4 is empty; attach the video again.']);
  });

  it('holds a Short to 3 minutes, vertical or square', () => {
    expect(checkYouTubePost(post('Crumb shot', [media({ durationSeconds: 181 })], 'reel'))).toEqual([
      'bake.mp4 is 3 min 1 s long; a YouTube Short is at most 3 minutes. Post it as a video instead.',
      'bake.mp4 is 1920×1080, wider than it is tall; a YouTube Short must be vertical or square. Post it as a video instead.',
    ]);
    // A long landscape video is fine as a video.
    expect(checkYouTubePost(post('Crumb shot', [media({ durationSeconds: 181 })], 'video'))).toEqual([]);
  });

  it('says when it cannot tell whether a video fits a Short', () => {
    expect(checkYouTubePost(post('Crumb shot', [media({ width: null, height: null, durationSeconds: null })], 'reel'))).toEqual([
      'Hookline could not read how long bake.mp4 is, so it cannot tell whether it fits a Short (3 minutes at most).',
      'Hookline could not read the size of bake.mp4, so it cannot tell whether it is vertical or square, as a Short must be.',
    ]);
  });
});

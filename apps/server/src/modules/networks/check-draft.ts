import type { TDraftChannel } from '@hookline/shared';
import type { DraftRow } from '../drafts/draft-row.ts';
import { checkBlueskyPost } from './bluesky/check-bluesky-post.ts';
import { checkInstagramPost } from './instagram/check-instagram-post.ts';
import { checkLinkedInPost } from './linkedin/check-linkedin-post.ts';
import { checkMastodonPost } from './mastodon/check-mastodon-post.ts';
import { checkTwitterPost } from './twitter/check-twitter-post.ts';
import { checkYouTubePost } from './youtube/check-youtube-post.ts';
import type { PostShape } from './network-adapter.ts';

/** Each channel's network rules (the adapters' checkPost, without their connections). */
const CHECKS: Record<TDraftChannel, (post: PostShape) => string[]> = {
  instagram: checkInstagramPost,
  twitter: checkTwitterPost,
  youtube: checkYouTubePost,
  linkedin: checkLinkedInPost,
  mastodon: checkMastodonPost,
  bluesky: checkBlueskyPost,
};

/** The draft as its network's checks see it. */
export function postShapeOf(row: DraftRow): PostShape {
  return {
    type: row.type as PostShape['type'],
    text: row.text,
    media: row.mediaKey
      ? [
          {
            name: row.mediaName ?? 'media',
            type: row.mediaType ?? 'application/octet-stream',
            size: Number(row.mediaSize ?? 0),
            width: row.mediaWidth,
            height: row.mediaHeight,
            durationSeconds: row.mediaDuration,
            hasAudio: row.mediaHasAudio === null ? null : row.mediaHasAudio === 1,
            altText: row.mediaAlt,
          },
        ]
      : [],
  };
}

/** What the draft's network would refuse in it, one sentence each. */
export function checkDraft(row: DraftRow): string[] {
  const check = CHECKS[row.channel as TDraftChannel];
  return check ? check(postShapeOf(row)) : [];
}

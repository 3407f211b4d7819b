import type { Readable } from 'node:stream';
import type { TDraftChannel, TDraftType, TSocialProvider } from '@hookline/shared';

/** What is known of one media file of a post: read from it when it was uploaded. */
export interface PostMediaFacts {
  name: string;
  /** MIME type, checked from the file's bytes at upload. */
  type: string;
  /** Bytes. */
  size: number;
  /** Pixels; null when it could not be read. */
  width: number | null;
  height: number | null;
  /** Seconds, for videos; null for images or when unknown. */
  durationSeconds: number | null;
  /** Whether a video has an audio track; null for images or when unknown. */
  hasAudio: boolean | null;
  /** The description for people who cannot see it ('' when none was written). */
  altText: string;
}

/** One media file of a post, with its bytes. */
export interface PostMedia extends PostMediaFacts {
  /** The file's bytes; each call opens a new stream. */
  open(): Promise<Readable>;
  /**
   * A signed address of the file on this server, valid for an hour, for networks that fetch media
   * themselves instead of taking an upload (Instagram's media containers).
   */
  url: string;
}

/** A post as the checks see it: words, type and what is known of its media. */
export interface PostShape {
  /** post, reel (Reel/Short), thread or video. */
  type: TDraftType;
  text: string;
  media: PostMediaFacts[];
}

/** What is posted: the draft as the network receives it. */
export interface PostContent extends PostShape {
  media: PostMedia[];
  /**
   * The same on every try of one draft (its id): networks that take an idempotency key or a chosen
   * record key use it, so a retry after a lost answer finds the post instead of making a second.
   */
  key: string;
  /**
   * When this round of publishing started (the post's scheduled time, the same on each retry):
   * networks whose record keys are time-ordered (Bluesky) make theirs from it and the key.
   */
  keyTime: Date;
}

/** The connected account a post goes to, with an access token that is valid now. */
export interface ChannelAccount {
  accessToken: string;
  /**
   * The network's id of the account: a LinkedIn person or organization URN, a YouTube channel id,
   * an X user id, an Instagram professional account id, a Mastodon account id, a Bluesky DID.
   */
  accountId: string;
  /** How people know it ("@bakery", "bakery.bsky.social"). */
  handle: string;
  /** The Mastodon instance or Bluesky PDS it lives on (https://mastodon.social); null where the network has one API. */
  instanceUrl: string | null;
}

/** A post on the network. */
export interface PublishedPost {
  /** The network's id of the post (a LinkedIn share URN, a tweet id, an at:// URI, …). */
  externalId: string;
  /** Its public web address, when the network has one. */
  url: string | null;
}

/** Figures a network reports for one post; null where it does not report that figure. */
export interface PostMetrics {
  views: number | null;
  impressions: number | null;
  likes: number | null;
  comments: number | null;
  /** Reposts, retweets, boosts, shares. */
  reposts: number | null;
}

/** Tokens as a network issued them. */
export interface TokenSet {
  accessToken: string;
  /** Null when the network sent none: the one already stored is kept. */
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The account behind a token, as stored on the connection. */
export interface AccountProfile {
  accountId: string;
  handle: string;
}

/**
 * One network's publishing, behind the same interface for all (LinkedIn, YouTube, X, Instagram,
 * Mastodon, Bluesky). Connecting (OAuth or an app password) and storing tokens are the social
 * module's; an adapter is handed an account with a valid token and speaks the network's API.
 * Failures are thrown as PublishError (ChannelAuthError when the network no longer accepts the
 * token), with the network's own answer kept word for word.
 */
export interface NetworkAdapter {
  provider: TSocialProvider;
  /** The drafts' channel it publishes (google → youtube). */
  channel: TDraftChannel;
  /** What users call it ("YouTube", "X"). */
  label: string;
  /** The account behind a freshly issued token. */
  fetchAccount(accessToken: string, instanceUrl: string | null, options: { signal: AbortSignal }): Promise<AccountProfile>;
  /**
   * What the network would refuse in this post, one clear sentence each (text length counted the
   * network's way, media count, type, size, duration, aspect ratio, audio); empty when it is fine.
   */
  checkPost(post: PostShape): string[];
  publish(account: ChannelAccount, post: PostContent, options: { signal: AbortSignal }): Promise<PublishedPost>;
  /** The post's current figures. */
  fetchMetrics(account: ChannelAccount, externalId: string, options: { signal: AbortSignal }): Promise<PostMetrics>;
  /**
   * Renews the access token where the network does not use the standard OAuth refresh_token grant
   * (Instagram's long-lived tokens, Bluesky sessions). Throws TokenRefusedError when only a reconnect
   * helps; other errors count as the network being unreachable for now.
   */
  refreshTokens?(
    tokens: { accessToken: string; refreshToken: string | null; instanceUrl: string | null },
    options: { signal: AbortSignal },
  ): Promise<TokenSet>;
  /** Pages the account may also post as (LinkedIn organization pages), connected beside it with the same tokens. */
  listPages?(accessToken: string, options: { signal: AbortSignal }): Promise<AccountProfile[]>;
  /** How long before expiry its tokens are renewed, where a network asks for more than the usual minutes (Instagram: days). */
  renewAheadMs?: number;
  /** Turns a just-issued token into the one to store (Instagram swaps its short-lived token for a long-lived one). */
  finishConnect?(tokens: TokenSet, options: { signal: AbortSignal }): Promise<TokenSet>;
}

/** The network refused to renew the tokens: only reconnecting the channel helps. */
export class TokenRefusedError extends Error {
  constructor(
    message: string,
    /** What the network answered, word for word. */
    readonly platformError: string | null = null,
  ) {
    super(message);
    this.name = 'TokenRefusedError';
  }
}

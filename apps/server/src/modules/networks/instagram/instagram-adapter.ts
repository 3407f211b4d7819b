import { setTimeout as delay } from 'node:timers/promises';
import type { AppConfig } from '../../../config.ts';
import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import {
  TokenRefusedError,
  type ChannelAccount,
  type NetworkAdapter,
  type PostContent,
  type PostMedia,
  type PostMetrics,
  type PublishedPost,
  type TokenSet,
} from '../network-adapter.ts';
import { readJson } from '../network-http.ts';
import { checkInstagramPost } from './check-instagram-post.ts';
import { callGraph, containerFailure, GRAPH_VERSION, LABEL, parseGraphError, type ContainerStatus } from './instagram-graph.ts';

export interface InstagramAdapterOptions {
  /** Time between two status checks of a media container. */
  pollIntervalMs?: number;
  /** How long a container may stay IN_PROGRESS before the publish is retried later. */
  pollTimeoutMs?: number;
}

/*
 * Meta's Content Publishing guide: "query a container's status once per minute, for no more than 5
 * minutes". Images are usually FINISHED at the first check; videos take longer, so checks are closer
 * together than once a minute but stop at the same 5 minutes.
 */
const POLL_INTERVAL_MS = 5_000;
const POLL_TIMEOUT_MS = 5 * 60_000;

interface InsightsAnswer {
  data?: Array<{ name?: string; values?: Array<{ value?: number }>; total_value?: { value?: number } }>;
}

type Params = Record<string, string | boolean>;

const isVideo = (media: PostMedia) => media.type.startsWith('video/');

/**
 * Instagram professional accounts through the Instagram API with Instagram Login (graph.instagram.com).
 * Instagram fetches each file itself from its signed address (media containers); a video in a post is
 * published as a Reel, several files as a carousel.
 */
export function createInstagramAdapter(config: AppConfig, options: InstagramAdapterOptions = {}): NetworkAdapter {
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const pollTimeoutMs = options.pollTimeoutMs ?? POLL_TIMEOUT_MS;
  const base = config.CHANNEL_INSTAGRAM_API_URL.replace(/\/$/, '');
  const urlOf = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${base}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };
  const graphUrl = (path: string, query: Record<string, string> = {}) => urlOf(`${GRAPH_VERSION}/${path}`, query);
  const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

  async function getGraph<T>(accessToken: string, path: string, query: Record<string, string>, signal: AbortSignal): Promise<T> {
    const response = await callGraph(graphUrl(path, query), { headers: bearer(accessToken) }, signal);
    return readJson<T>(response, LABEL);
  }

  async function postGraph<T>(accessToken: string, path: string, params: Params, signal: AbortSignal): Promise<T> {
    const init = {
      method: 'POST',
      headers: { ...bearer(accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
    };
    return readJson<T>(await callGraph(graphUrl(path), init, signal), LABEL);
  }

  /** The token endpoints are unversioned and take the token in the query, as Meta documents them. */
  async function getTokenSet(path: string, query: Record<string, string>, signal: AbortSignal): Promise<TokenSet> {
    const issued = await readJson<{ access_token?: string; expires_in?: number }>(await callGraph(urlOf(path, query), {}, signal), LABEL);
    if (!issued.access_token)
      throw new PublishError('Instagram answered without an access token.', false, undefined, JSON.stringify(issued));
    return {
      accessToken: issued.access_token,
      refreshToken: null,
      expiresAt: typeof issued.expires_in === 'number' ? new Date(Date.now() + issued.expires_in * 1000) : null,
    };
  }

  /** Waits until Instagram has fetched and processed a container's file: FINISHED, or a final failure. */
  async function waitForContainer(account: ChannelAccount, id: string, what: string, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + pollTimeoutMs;
    for (;;) {
      const answer = await getGraph<ContainerStatus>(account.accessToken, id, { fields: 'status_code,status' }, signal);
      const code = answer.status_code;
      if (code === 'FINISHED') return;
      if (code === 'ERROR' || code === 'EXPIRED') throw containerFailure(answer, what);
      if (Date.now() + pollIntervalMs > deadline) {
        const minutes = Math.ceil(pollTimeoutMs / 60_000);
        const after = `${minutes} minute${minutes === 1 ? '' : 's'}`;
        throw new PublishError(`Instagram was still processing ${what} after ${after}. Hookline will try again.`, true);
      }
      await delay(pollIntervalMs, undefined, { signal });
    }
  }

  /** Creates one container and waits until it is ready to publish or to be a carousel's child. */
  async function createContainer(account: ChannelAccount, params: Params, what: string, signal: AbortSignal): Promise<string> {
    const { id } = await postGraph<{ id: string }>(account.accessToken, `${account.accountId}/media`, params, signal);
    await waitForContainer(account, id, what, signal);
    return id;
  }

  const imageParams = (media: PostMedia): Params => ({ image_url: media.url, ...(media.altText ? { alt_text: media.altText } : {}) });

  /** The container to publish: one image, one Reel, or a carousel whose children are made first. */
  async function createPostContainer(account: ChannelAccount, post: PostContent, signal: AbortSignal): Promise<string> {
    const caption: Params = post.text ? { caption: post.text } : {};
    if (post.media.length === 1) {
      const [media] = post.media;
      if (!isVideo(media)) return createContainer(account, { ...imageParams(media), ...caption }, media.name, signal);
      // A video posted as a post belongs in the feed as well as the Reels tab; a Reel keeps Instagram's default.
      const feed: Params = post.type === 'post' ? { share_to_feed: true } : {};
      return createContainer(account, { media_type: 'REELS', video_url: media.url, ...caption, ...feed }, media.name, signal);
    }
    const children: string[] = [];
    for (const media of post.media) {
      const params: Params = isVideo(media) ? { media_type: 'VIDEO', video_url: media.url } : imageParams(media);
      children.push(await createContainer(account, { ...params, is_carousel_item: true }, media.name, signal));
    }
    return createContainer(account, { media_type: 'CAROUSEL', children: children.join(','), ...caption }, 'the carousel', signal);
  }

  return {
    // Long-lived tokens last 60 days and can only be renewed while valid: renewed a week ahead.
    renewAheadMs: 7 * 24 * 60 * 60_000,
    provider: 'instagram',
    channel: 'instagram',
    label: LABEL,

    async fetchAccount(accessToken, _instanceUrl, { signal }) {
      const me = await getGraph<{ user_id?: string | number; username?: string }>(
        accessToken,
        'me',
        { fields: 'user_id,username' },
        signal,
      );
      if (me.user_id === undefined || !me.username) {
        throw new PublishError('Instagram did not share the account behind this connection.', false, undefined, JSON.stringify(me));
      }
      return { accountId: String(me.user_id), handle: `@${me.username}` };
    },

    checkPost: checkInstagramPost,

    async publish(account, post, { signal }): Promise<PublishedPost> {
      const problems = checkInstagramPost(post);
      if (problems.length > 0) throw new PublishError(problems.join(' '), false);
      const creationId = await createPostContainer(account, post, signal);
      const published = await postGraph<{ id: string }>(
        account.accessToken,
        `${account.accountId}/media_publish`,
        { creation_id: creationId },
        signal,
      ).catch((error: unknown) => {
        // A lost answer (not a rate limit, which has a wait) may hide a published post: not retried.
        if (error instanceof PublishError && error.temporary && error.retryAfterMs === undefined) {
          throw new PublishError(
            `Instagram did not confirm the post (${error.message}), and it may have been published. Check the account: if the post is not there, Retry.`,
            false,
            undefined,
            error.platformError,
          );
        }
        throw error;
      });
      // The post is on Instagram now: a missing link must not make the scheduler publish it twice.
      const link = await getGraph<{ permalink?: string }>(account.accessToken, published.id, { fields: 'permalink' }, signal).catch(() => ({
        permalink: undefined,
      }));
      return { externalId: published.id, url: link.permalink ?? null };
    },

    async fetchMetrics(account, externalId, { signal }): Promise<PostMetrics> {
      // impressions was retired in v22.0 for views; reach (accounts that saw the post) is reported as impressions.
      const metric = 'views,reach,likes,comments,shares';
      const answer = await getGraph<InsightsAnswer>(account.accessToken, `${externalId}/insights`, { metric }, signal);
      const figure = (name: string) => {
        const entry = answer.data?.find((item) => item.name === name);
        const value = entry?.total_value?.value ?? entry?.values?.[0]?.value;
        return typeof value === 'number' ? value : null;
      };
      return {
        views: figure('views'),
        impressions: figure('reach'),
        likes: figure('likes'),
        comments: figure('comments'),
        reposts: figure('shares'),
      };
    },

    async refreshTokens({ accessToken }, { signal }) {
      try {
        return await getTokenSet('refresh_access_token', { grant_type: 'ig_refresh_token', access_token: accessToken }, signal);
      } catch (error) {
        if (!(error instanceof ChannelAuthError)) throw error;
        const refusal = parseGraphError(error.platformError ?? '')?.message ?? 'the access token is not valid';
        throw new TokenRefusedError(`Instagram refused to renew the access token: ${refusal}`, error.platformError);
      }
    },

    async finishConnect(tokens, { signal }) {
      const secret = config.CHANNEL_INSTAGRAM_CLIENT_SECRET;
      if (!secret) throw new PublishError('Instagram channels are not set up on this server (CHANNEL_INSTAGRAM_CLIENT_SECRET).', false);
      // Business Login issues a token for one hour; the long-lived one lasts 60 days and can be refreshed.
      return getTokenSet(
        'access_token',
        { grant_type: 'ig_exchange_token', client_secret: secret, access_token: tokens.accessToken },
        signal,
      );
    },
  };
}

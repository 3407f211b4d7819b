import { createHash } from 'node:crypto';
import { TID } from '@atproto/common-web';
import { Agent, AtUri, RichText, XRPCError, type AppBskyFeedPost, type BlobRef } from '@atproto/api';
import type { AppConfig } from '../../../config.ts';
import { ChannelAuthError, PublishError } from '../../publishing/channel-publisher.ts';
import {
  TokenRefusedError,
  type AccountProfile,
  type ChannelAccount,
  type NetworkAdapter,
  type PostContent,
  type PostMedia,
  type TokenSet,
} from '../network-adapter.ts';
import { callNetwork } from '../network-http.ts';
import { checkedInstance } from '../instance-url.ts';
import { splitThreadTexts } from '../split-thread-texts.ts';
import { checkBlueskyPost } from './check-bluesky-post.ts';

const LABEL = 'Bluesky';
const POST_COLLECTION = 'app.bsky.feed.post';
/** Uploads may take minutes (a video is up to 300 MB); other calls keep callNetwork's 30 seconds. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** Bluesky answers a session it no longer takes with 400 and these errors (401 for others). */
const SESSION_ERRORS = new Set(['ExpiredToken', 'InvalidToken']);
/** The scope of a session opened with the account's own password, not an app password. */
const FULL_ACCESS_SCOPE = 'com.atproto.access';

interface XrpcErrorBody {
  error?: string;
  message?: string;
}

function parseXrpcError(body: string): XrpcErrorBody {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as XrpcErrorBody) : {};
  } catch {
    return {};
  }
}

/** Bluesky's own words for a refusal: its message and error name ("Token has expired (ExpiredToken)"). */
function blueskySaid(body: XrpcErrorBody): string | undefined {
  const message = body.message?.replace(/\.$/, '');
  if (message && body.error) return `${message} (${body.error})`;
  return message ?? body.error;
}

interface BlueskyCall {
  signal: AbortSignal;
  /** What was refused, for messages ("the post"). */
  what: string;
  /** The sentence for a refused session or sign-in, from Bluesky's words. */
  authRefused?: (said: string) => string;
  timeoutMs?: number;
}

const reconnect = (said: string) => `Bluesky no longer accepts this channel's session: ${said}. Reconnect the channel.`;

/**
 * Every XRPC request of the adapter goes through callNetwork, so failures carry Bluesky's answer
 * word for word and its ratelimit-reset. Bluesky refuses an expired or unreadable session with 400
 * ExpiredToken/InvalidToken, not 401: those count as the channel's authorization too.
 */
function blueskyFetch(call: BlueskyCall): typeof fetch {
  const authRefused = call.authRefused ?? reconnect;
  const explain = (status: number, text: string) => {
    const body = parseXrpcError(text);
    const said = blueskySaid(body);
    if (!said || status === 429 || status >= 500) return undefined;
    if (status === 401 || SESSION_ERRORS.has(body.error ?? '')) return authRefused(said);
    return `Bluesky refused ${call.what}: ${said}.`;
  };
  return async (input, init) => {
    const url = input instanceof Request ? input.url : input;
    try {
      return await callNetwork(url, init ?? {}, { label: LABEL, signal: call.signal, timeoutMs: call.timeoutMs, explain });
    } catch (error) {
      if (error instanceof PublishError && !(error instanceof ChannelAuthError) && !error.temporary) {
        const body = parseXrpcError(error.platformError ?? '');
        if (SESSION_ERRORS.has(body.error ?? '')) throw new ChannelAuthError(error.message, error.platformError);
      }
      throw error;
    }
  };
}

/** A client of one Bluesky service (a PDS, an entryway or the AppView), with the session's token when given. */
function blueskyAgent(service: string, call: BlueskyCall, accessToken?: string): Agent {
  return new Agent({
    service,
    fetch: blueskyFetch(call),
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/**
 * Runs an XRPC call of @atproto/api. The client wraps what its fetch throws in an XRPCError: the
 * PublishError (or the abort) inside is what Hookline acts on. An answer that does not match
 * Bluesky's schema is final: Bluesky may have done what was asked.
 */
async function runXrpc<T>(signal: AbortSignal, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof XRPCError)) throw error;
    if (error.cause instanceof PublishError || (signal.aborted && error.cause instanceof Error)) throw error.cause;
    throw new PublishError(`Bluesky answered something Hookline could not read (${error.message}).`, false);
  }
}

/** When a session JWT expires, from its exp claim. */
function expiryOf(jwt: string): Date | null {
  try {
    const { exp } = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

function scopeOf(jwt: string): string | undefined {
  try {
    return (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scope?: string }).scope;
  } catch {
    return undefined;
  }
}

const tokensOf = (session: { accessJwt: string; refreshJwt: string }): TokenSet => ({
  accessToken: session.accessJwt,
  refreshToken: session.refreshJwt,
  expiresAt: expiryOf(session.accessJwt),
});

/** The account's PDS from its DID document (the #atproto_pds service), when the session carried one. */
function pdsEndpointOf(didDoc: unknown): string | undefined {
  const services = (didDoc as { service?: unknown } | undefined)?.service;
  if (!Array.isArray(services)) return undefined;
  const pds = services.find(
    (service: { id?: unknown; type?: unknown }) =>
      typeof service?.id === 'string' && service.id.endsWith('#atproto_pds') && service.type === 'AtprotoPersonalDataServer',
  ) as { serviceEndpoint?: unknown } | undefined;
  return typeof pds?.serviceEndpoint === 'string' ? pds.serviceEndpoint.replace(/\/+$/, '') : undefined;
}

export interface BlueskySignIn {
  /** A handle ("bakery.bsky.social"), a DID or the account's email. */
  identifier: string;
  /** An app password (Settings → Privacy and security → App passwords). */
  appPassword: string;
  /** The account's PDS or entryway; CHANNEL_BLUESKY_SERVICE_URL (bsky.social) when not named. */
  serviceUrl?: string;
}

/**
 * Connects a Bluesky account with an app password (com.atproto.server.createSession). The account's
 * own password is refused: it would give Hookline the whole account. instanceUrl is the account's
 * PDS from the DID document Bluesky sends with the session, else the service signed in at.
 */
export async function signInToBluesky(
  config: AppConfig,
  input: BlueskySignIn,
  signal: AbortSignal,
): Promise<{ tokens: TokenSet; account: AccountProfile; instanceUrl: string }> {
  const service = new URL(input.serviceUrl ?? config.CHANNEL_BLUESKY_SERVICE_URL).origin;
  const agent = blueskyAgent(service, {
    signal,
    what: 'the sign-in',
    authRefused: (said) => `Bluesky did not sign in ${input.identifier}: ${said}. Check the handle and the app password.`,
  });
  const { data } = await runXrpc(signal, () =>
    agent.com.atproto.server.createSession({ identifier: input.identifier, password: input.appPassword }, { signal }),
  );
  if (scopeOf(data.accessJwt) === FULL_ACCESS_SCOPE) {
    throw new Error(
      `That is the account's own password. Create an app password for Hookline in Bluesky (Settings → Privacy and security → App passwords) and enter it instead.`,
    );
  }
  return {
    tokens: tokensOf(data),
    account: { accountId: data.did, handle: data.handle },
    instanceUrl: pdsEndpointOf(data.didDoc) ?? service,
  };
}

/** The embed of a post's media: up to 4 images with their descriptions, or one video. */
async function uploadEmbed(agent: Agent, media: PostMedia[], signal: AbortSignal): Promise<AppBskyFeedPost.Record['embed']> {
  const uploaded: Array<{ media: PostMedia; blob: BlobRef }> = [];
  for (const item of media) {
    // The file is streamed: @atproto/api sends an async iterable as the request body.
    const stream = await item.open();
    const { data } = await runXrpc(signal, () => agent.call('com.atproto.repo.uploadBlob', {}, stream, { encoding: item.type, signal }));
    uploaded.push({ media: item, blob: (data as { blob: BlobRef }).blob });
  }
  if (uploaded.length === 0) return undefined;
  const aspectRatioOf = (item: PostMedia) => (item.width && item.height ? { aspectRatio: { width: item.width, height: item.height } } : {});
  const video = uploaded.find((upload) => upload.media.type.startsWith('video/'));
  if (video) {
    // bsky.app sends videos through Bluesky's video service, which transcodes them before they
    // reach the PDS; a PDS takes an MP4 blob as it is, and the AppView plays it from there.
    return {
      $type: 'app.bsky.embed.video',
      video: video.blob,
      ...(video.media.altText && { alt: video.media.altText }),
      ...aspectRatioOf(video.media),
    };
  }
  return {
    $type: 'app.bsky.embed.images',
    images: uploaded.map(({ media: image, blob }) => ({ image: blob, alt: image.altText, ...aspectRatioOf(image) })),
  };
}

/**
 * A post's text with its facets: links, hashtags and @mentions as byte ranges, each mention
 * resolved to the account's DID. A handle that does not resolve stays plain text, as on bsky.app.
 */
async function richTextOf(agent: Agent, text: string): Promise<Pick<AppBskyFeedPost.Record, 'text' | 'facets'>> {
  const rich = new RichText({ text });
  await rich.detectFacets(agent);
  const facets = (rich.facets ?? [])
    .map((facet) => ({ ...facet, features: facet.features.filter((feature) => !('did' in feature) || feature.did !== '') }))
    .filter((facet) => facet.features.length > 0);
  return { text: rich.text, ...(facets.length > 0 && { facets }) };
}

/**
 * A thread part's record key: a TID (time-ordered, as posts' keys are) at the round's time, with the
 * draft's key as its clock id, one microsecond apart per part.
 */
function recordKeysOf(post: Pick<PostContent, 'key' | 'keyTime'>): (part: number) => string {
  const clockId = createHash('sha256').update(post.key).digest().readUInt16BE(0) % 1024;
  return (part) => TID.fromTime(post.keyTime.getTime() * 1000 + part, clockId).toString();
}

const postUrlOf = (handle: string, uri: string) => `https://bsky.app/profile/${handle}/post/${new AtUri(uri).rkey}`;

/**
 * Bluesky over the AT Protocol: posts (and threads) as app.bsky.feed.post records in the account's
 * repository on its PDS, with images or a video uploaded there as blobs; figures from the AppView.
 */
export function createBlueskyAdapter(config: AppConfig): NetworkAdapter {
  /** The account's PDS, checked again before each call (its name may point elsewhere by now). */
  const serviceOf = async (instanceUrl: string | null) =>
    instanceUrl
      ? checkedInstance(instanceUrl, { allowPrivate: config.CHANNEL_ALLOW_PRIVATE_INSTANCES, network: 'Bluesky' })
      : config.CHANNEL_BLUESKY_SERVICE_URL;

  /**
   * Creates one post under a record key made from the draft and its publishing round, so a retry
   * after a lost answer finds the post it made instead of posting it again.
   */
  async function createPost(
    agent: Agent,
    account: ChannelAccount,
    record: Omit<AppBskyFeedPost.Record, '$type' | 'createdAt'>,
    rkey: string,
    signal: AbortSignal,
  ): Promise<{ uri: string; cid: string }> {
    const where = { repo: account.accountId, collection: POST_COLLECTION, rkey };
    const made = await runXrpc(signal, () => agent.com.atproto.repo.getRecord(where, { signal })).then(
      ({ data }) => data,
      () => null,
    );
    if (made?.cid) return { uri: made.uri, cid: made.cid };
    const { data } = await runXrpc(signal, () =>
      agent.com.atproto.repo.createRecord(
        { ...where, record: { $type: POST_COLLECTION, ...record, createdAt: new Date().toISOString() } },
        { signal },
      ),
    );
    return { uri: data.uri, cid: data.cid };
  }

  return {
    provider: 'bluesky',
    channel: 'bluesky',
    label: LABEL,
    checkPost: checkBlueskyPost,

    async fetchAccount(accessToken, instanceUrl, { signal }) {
      const agent = blueskyAgent(await serviceOf(instanceUrl), { signal, what: "the account's details" }, accessToken);
      const { data } = await runXrpc(signal, () => agent.com.atproto.server.getSession(undefined, { signal }));
      return { accountId: data.did, handle: data.handle };
    },

    async publish(account, post: PostContent, { signal }) {
      const service = await serviceOf(account.instanceUrl);
      const uploader = blueskyAgent(service, { signal, what: 'the media', timeoutMs: UPLOAD_TIMEOUT_MS }, account.accessToken);
      const agent = blueskyAgent(service, { signal, what: 'the post' }, account.accessToken);
      const embed = await uploadEmbed(uploader, post.media, signal);
      const [firstText = '', ...replies] = splitThreadTexts(post);
      const rkeyOf = recordKeysOf(post);
      const root = await createPost(
        agent,
        account,
        { ...(await richTextOf(agent, firstText)), ...(embed && { embed }) },
        rkeyOf(0),
        signal,
      );
      let parent = root;
      for (const [index, text] of replies.entries()) {
        try {
          parent = await createPost(
            agent,
            account,
            { ...(await richTextOf(agent, text)), reply: { root, parent } },
            rkeyOf(index + 1),
            signal,
          );
        } catch (error) {
          if (!(error instanceof PublishError)) throw error;
          // Trying the whole thread again would post its first parts twice: this failure is final.
          const posted = index + 1;
          throw new PublishError(
            `Bluesky published ${posted} of the thread's ${replies.length + 1} parts (${postUrlOf(account.handle, root.uri)}) and then refused part ${posted + 1}: ${error.message} Post the rest as replies on Bluesky.`,
            false,
            undefined,
            error.platformError,
          );
        }
      }
      return { externalId: root.uri, url: postUrlOf(account.handle, root.uri) };
    },

    async fetchMetrics(_account, externalId, { signal }) {
      // A PDS keeps the account's own records only; likes and reposts are counted by the AppView.
      const appView = blueskyAgent(config.CHANNEL_BLUESKY_APPVIEW_URL, { signal, what: "the post's figures" });
      const { data } = await runXrpc(signal, () => appView.app.bsky.feed.getPosts({ uris: [externalId] }, { signal }));
      const view = data.posts.find((candidate) => candidate.uri === externalId);
      if (!view) throw new PublishError('Bluesky no longer has this post: it may have been deleted.', false);
      return {
        views: null,
        impressions: null,
        likes: view.likeCount ?? 0,
        comments: view.replyCount ?? 0,
        reposts: (view.repostCount ?? 0) + (view.quoteCount ?? 0),
      };
    },

    async refreshTokens({ refreshToken, instanceUrl }, { signal }) {
      if (!refreshToken) throw new TokenRefusedError('Bluesky gave no refresh token for this session.');
      const agent = blueskyAgent(await serviceOf(instanceUrl), { signal, what: 'the session renewal' });
      try {
        const { data } = await runXrpc(signal, () =>
          agent.com.atproto.server.refreshSession(undefined, { headers: { authorization: `Bearer ${refreshToken}` }, signal }),
        );
        return tokensOf(data);
      } catch (error) {
        if (error instanceof ChannelAuthError) throw new TokenRefusedError(error.message, error.platformError);
        throw error;
      }
    },
  };
}

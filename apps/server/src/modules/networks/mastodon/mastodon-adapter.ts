import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../../../config.ts';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { ChannelAccount, NetworkAdapter, PostContent, PostMedia } from '../network-adapter.ts';
import { callNetwork, readJson } from '../network-http.ts';
import { checkMastodonPost } from './check-mastodon-post.ts';
import { checkedInstance } from '../instance-url.ts';
import { explainMastodonRefusal } from './mastodon-errors.ts';

/** How long to wait between looks at an upload Mastodon is still processing, and for how long in all. */
export interface MastodonTiming {
  mediaPollMs: number;
  mediaWaitMs: number;
}

/** A long video can take Mastodon minutes to transcode; past five, the post is retried later. */
const DEFAULT_TIMING: MastodonTiming = { mediaPollMs: 1000, mediaWaitMs: 5 * 60_000 };
/** Uploads of up to 99 MB get longer than an API call's default timeout. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

interface MastodonMediaAttachment {
  id: string;
  url: string | null;
}

interface MastodonStatus {
  id: string;
  url: string | null;
  uri: string;
  favourites_count: number;
  reblogs_count: number;
  replies_count: number;
}

/** One file as a multipart/form-data part, streamed from its source rather than held in memory. */
async function* streamMultipart(
  boundary: string,
  fields: [string, string][],
  media: PostMedia,
  file: Readable,
): AsyncGenerator<Uint8Array> {
  for (const [name, value] of fields) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  // The HTML form encoding of a file name: quotes and line breaks percent-encoded.
  const filename = media.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${media.type}\r\n\r\n`,
  );
  for await (const chunk of file) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/**
 * Mastodon keeps an Idempotency-Key for an hour and answers a repeated one with the status it
 * already made, so a post retried after a lost answer is not posted twice. The key is the draft's
 * (and the account's): two drafts with the same words are two posts.
 */
function idempotencyKeyOf(account: ChannelAccount, post: PostContent): string {
  return createHash('sha256')
    .update(JSON.stringify([account.accountId, post.key]))
    .digest('hex');
}

/** Mastodon, on the instance each account lives on (its instanceUrl). */
export function createMastodonAdapter(config: AppConfig, timing: MastodonTiming = DEFAULT_TIMING): NetworkAdapter {
  /**
   * The account's server, checked again before each use: a public name whose address later turns
   * private (DNS rebinding) is refused here too.
   */
  async function instanceOf(instanceUrl: string | null): Promise<{ origin: string; label: string }> {
    const origin = await checkedInstance(instanceUrl, { allowPrivate: config.CHANNEL_ALLOW_PRIVATE_INSTANCES, network: 'Mastodon' });
    return { origin, label: `Mastodon at ${new URL(origin).host}` };
  }

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}`, accept: 'application/json' });

  /** POST /api/v2/media, then GET /api/v1/media/:id until Mastodon has processed it (206 until then). */
  async function uploadMedia(
    instance: { origin: string; label: string },
    accessToken: string,
    media: PostMedia,
    signal: AbortSignal,
  ): Promise<string> {
    const boundary = `hookline-${randomUUID()}`;
    const fields: [string, string][] = media.altText ? [['description', media.altText]] : [];
    const explain = explainMastodonRefusal(media.name);
    const uploaded = await callNetwork(
      `${instance.origin}/api/v2/media`,
      {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: streamMultipart(boundary, fields, media, await media.open()),
        duplex: 'half',
      },
      { label: instance.label, signal, timeoutMs: UPLOAD_TIMEOUT_MS, explain },
    );
    let attachment = await readJson<MastodonMediaAttachment>(uploaded, 'Mastodon');
    const deadline = Date.now() + timing.mediaWaitMs;
    while (attachment.url === null) {
      if (Date.now() >= deadline) {
        throw new PublishError(`Mastodon has not finished processing ${media.name} yet. Hookline will try again.`, true);
      }
      await sleep(timing.mediaPollMs, undefined, { signal });
      const checked = await callNetwork(
        `${instance.origin}/api/v1/media/${encodeURIComponent(attachment.id)}`,
        { headers: bearer(accessToken) },
        { label: instance.label, signal, explain },
      );
      attachment = await readJson<MastodonMediaAttachment>(checked, 'Mastodon');
    }
    return attachment.id;
  }

  return {
    provider: 'mastodon',
    channel: 'mastodon',
    label: 'Mastodon',
    checkPost: checkMastodonPost,

    async fetchAccount(accessToken, instanceUrl, { signal }) {
      const instance = await instanceOf(instanceUrl);
      const response = await callNetwork(
        `${instance.origin}/api/v1/accounts/verify_credentials`,
        { headers: bearer(accessToken) },
        { label: instance.label, signal, explain: explainMastodonRefusal("reading the account's profile") },
      );
      const account = await readJson<{ id: string; acct: string }>(response, 'Mastodon');
      // Account ids are the instance's own: with its host they name one account among all instances.
      const host = new URL(instance.origin).host;
      return { accountId: `${account.id}@${host}`, handle: `@${account.acct}@${host}` };
    },

    async publish(account, post, { signal }) {
      const instance = await instanceOf(account.instanceUrl);
      // One after another: Mastodon limits uploads per account, and the order is the post's order.
      const mediaIds: string[] = [];
      for (const media of post.media) mediaIds.push(await uploadMedia(instance, account.accessToken, media, signal));
      const response = await callNetwork(
        `${instance.origin}/api/v1/statuses`,
        {
          method: 'POST',
          headers: {
            ...bearer(account.accessToken),
            'content-type': 'application/json',
            'idempotency-key': idempotencyKeyOf(account, post),
          },
          body: JSON.stringify({ status: post.text, media_ids: mediaIds, visibility: 'public' }),
        },
        { label: instance.label, signal, explain: explainMastodonRefusal('the post') },
      );
      const status = await readJson<MastodonStatus>(response, 'Mastodon');
      return { externalId: status.id, url: status.url ?? status.uri };
    },

    async fetchMetrics(account, externalId, { signal }) {
      const instance = await instanceOf(account.instanceUrl);
      const refusal = explainMastodonRefusal("reading the post's figures");
      const response = await callNetwork(
        `${instance.origin}/api/v1/statuses/${encodeURIComponent(externalId)}`,
        { headers: bearer(account.accessToken) },
        {
          label: instance.label,
          signal,
          explain: (status, body) =>
            status === 404 ? 'This post is no longer on Mastodon; it may have been deleted.' : refusal(status, body),
        },
      );
      const status = await readJson<MastodonStatus>(response, 'Mastodon');
      return {
        views: null,
        impressions: null,
        likes: status.favourites_count,
        comments: status.replies_count,
        reposts: status.reblogs_count,
      };
    },
  };
}

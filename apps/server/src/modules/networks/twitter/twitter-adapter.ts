import { z } from 'zod';
import type { AppConfig } from '../../../config.ts';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { ChannelAccount, NetworkAdapter, PostContent } from '../network-adapter.ts';
import { checkTwitterPost } from './check-twitter-post.ts';
import { callTwitter, LABEL, readTwitter } from './twitter-api.ts';
import { splitThreadTexts } from '../split-thread-texts.ts';
import { mediaCategoryOf } from './twitter-post-parts.ts';
import { uploadTwitterMedia } from './upload-twitter-media.ts';

const ZUser = z.object({ data: z.object({ id: z.string(), username: z.string() }) });
const ZCreatedTweet = z.object({ data: z.object({ id: z.string() }) });
/** A tweet X no longer has answers 200 with an errors list and no data. */
const ZTweetMetrics = z.object({
  data: z
    .object({
      public_metrics: z.object({
        impression_count: z.number().optional(),
        like_count: z.number(),
        reply_count: z.number(),
        retweet_count: z.number(),
        quote_count: z.number(),
      }),
    })
    .optional(),
});

interface TweetBody {
  text?: string;
  media?: { media_ids: string[] };
  reply?: { in_reply_to_tweet_id: string };
}

const postUrl = (account: ChannelAccount, id: string) =>
  `https://x.com/${encodeURIComponent(account.handle.replace(/^@/, ''))}/status/${id}`;

/** X (API v2 with an OAuth 2.0 user token): posts, threads, up to 4 images, a GIF or a video, and their public metrics. */
export function createTwitterAdapter(config: AppConfig): NetworkAdapter {
  const api = config.CHANNEL_TWITTER_API_URL.replace(/\/$/, '');

  async function createTweet(accessToken: string, body: TweetBody, signal: AbortSignal): Promise<string> {
    const response = await callTwitter(`${api}/2/tweets`, accessToken, { method: 'POST', json: body }, { signal, createsPost: true });
    return (await readTwitter(response, ZCreatedTweet)).body.data.id;
  }

  async function uploadAll(accessToken: string, post: PostContent, signal: AbortSignal): Promise<string[]> {
    const ids: string[] = [];
    for (const media of post.media) {
      const category = mediaCategoryOf(media, post.media.length);
      // checkPost refuses these before publishing; a post that skipped it is refused the same way.
      if (!category) throw new PublishError(`X does not take ${media.name} (${media.type}).`, false);
      ids.push(await uploadTwitterMedia(api, accessToken, media, category, signal));
    }
    return ids;
  }

  return {
    provider: 'twitter',
    channel: 'twitter',
    label: LABEL,
    checkPost: checkTwitterPost,

    async fetchAccount(accessToken, _instanceUrl, { signal }) {
      const { body } = await readTwitter(await callTwitter(`${api}/2/users/me`, accessToken, {}, { signal }), ZUser);
      return { accountId: body.data.id, handle: `@${body.data.username}` };
    },

    async publish(account, post, { signal }) {
      const mediaIds = await uploadAll(account.accessToken, post, signal);
      const [firstText, ...replies] = splitThreadTexts(post);
      const first = await createTweet(
        account.accessToken,
        { ...(firstText ? { text: firstText } : {}), ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}) },
        signal,
      );
      let previous = first;
      for (const [index, text] of replies.entries()) {
        try {
          previous = await createTweet(account.accessToken, { text, reply: { in_reply_to_tweet_id: previous } }, signal);
        } catch (error) {
          if (!(error instanceof PublishError)) throw error;
          // Trying the whole thread again would post its first parts twice: this failure is final.
          const posted = index + 1;
          throw new PublishError(
            `X published ${posted} of the thread's ${replies.length + 1} parts (${postUrl(account, first)}) and then refused part ${posted + 1}: ${error.message} Post the rest as replies on X.`,
            false,
            undefined,
            error.platformError,
          );
        }
      }
      return { externalId: first, url: postUrl(account, first) };
    },

    async fetchMetrics(account, externalId, { signal }) {
      const url = `${api}/2/tweets/${encodeURIComponent(externalId)}?tweet.fields=public_metrics`;
      const { body, raw } = await readTwitter(await callTwitter(url, account.accessToken, {}, { signal }), ZTweetMetrics);
      if (!body.data) {
        throw new PublishError(
          'X no longer has this post: it may have been deleted.',
          false,
          undefined,
          JSON.stringify(raw).slice(0, 4000),
        );
      }
      const metrics = body.data.public_metrics;
      return {
        views: null,
        impressions: metrics.impression_count ?? null,
        likes: metrics.like_count,
        comments: metrics.reply_count,
        reposts: metrics.retweet_count + metrics.quote_count,
      };
    },
  };
}

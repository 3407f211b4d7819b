import type { AppConfig } from '../../../config.ts';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { NetworkAdapter, PostMetrics } from '../network-adapter.ts';
import { readJson } from '../network-http.ts';
import { checkYouTubePost, splitYouTubeText } from './check-youtube-post.ts';
import { callYouTube, YOUTUBE_LABEL } from './youtube-errors.ts';
import { UPLOAD_CHUNK_UNIT, uploadResumable } from './youtube-upload.ts';

export interface YouTubeAdapterOptions {
  /** Bytes sent per upload request: a multiple of 256 KiB. */
  chunkBytes?: number;
  /** The first wait before resuming an interrupted upload; it doubles with each interruption in a row. */
  resumeDelayMs?: number;
}

/** 8 MiB: few requests for a typical video, and little held in memory. */
const DEFAULT_CHUNK_BYTES = 32 * UPLOAD_CHUNK_UNIT;
const DEFAULT_RESUME_DELAY_MS = 1000;

/** channels.list (part=snippet) and videos.list (part=statistics), as far as Hookline reads them. */
interface ChannelList {
  items?: Array<{ id?: string; snippet?: { title?: string; customUrl?: string } }>;
}
interface VideoList {
  items?: Array<{ id?: string; statistics?: { viewCount?: string; likeCount?: string; commentCount?: string } }>;
}

/** YouTube sends counts as decimal strings; one it hides (likes, comments turned off) is absent. */
const count = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/**
 * YouTube through the Data API v3: the channel behind a token (channels.list mine=true), a video or
 * Short uploaded with Google's resumable upload protocol, and a video's statistics.
 */
export function createYouTubeAdapter(config: AppConfig, options: YouTubeAdapterOptions = {}): NetworkAdapter {
  const api = config.CHANNEL_GOOGLE_API_URL.replace(/\/+$/, '');
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (chunkBytes <= 0 || chunkBytes % UPLOAD_CHUNK_UNIT !== 0) throw new Error('YouTube upload chunks must be a multiple of 256 KiB.');
  const resumeDelayMs = options.resumeDelayMs ?? DEFAULT_RESUME_DELAY_MS;

  return {
    provider: 'google',
    channel: 'youtube',
    label: YOUTUBE_LABEL,

    async fetchAccount(accessToken, _instanceUrl, { signal }) {
      // CHANNEL_GOOGLE_PROFILE_URL: channels.list?part=snippet&mine=true unless configured otherwise.
      const response = await callYouTube(config.CHANNEL_GOOGLE_PROFILE_URL, { headers: bearer(accessToken) }, { signal });
      const channel = (await readJson<ChannelList>(response, YOUTUBE_LABEL)).items?.[0];
      if (!channel?.id) throw new PublishError('This Google account has no YouTube channel. Create one, then connect again.', false);
      return { accountId: channel.id, handle: channel.snippet?.customUrl || channel.snippet?.title || channel.id };
    },

    checkPost: checkYouTubePost,

    async publish(account, post, { signal }) {
      const problems = checkYouTubePost(post);
      if (problems.length > 0) throw new PublishError(problems.join(' '), false);
      const [video] = post.media;
      const { title, description } = splitYouTubeText(post.text);
      // Public at once, and declared not made for kids (COPPA), which YouTube otherwise asks for later.
      const metadata = { snippet: { title, description }, status: { privacyStatus: 'public', selfDeclaredMadeForKids: false } };
      const started = await callYouTube(
        `${api}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
        {
          method: 'POST',
          headers: {
            ...bearer(account.accessToken),
            'Content-Type': 'application/json; charset=UTF-8',
            'X-Upload-Content-Length': String(video.size),
            'X-Upload-Content-Type': video.type,
          },
          body: JSON.stringify(metadata),
        },
        { signal },
      );
      await started.body?.cancel();
      const location = started.headers.get('location');
      if (!location) throw new PublishError(`${YOUTUBE_LABEL} did not open an upload session. Hookline will try again.`, true);
      const resource = await uploadResumable({
        sessionUrl: new URL(location, api).href,
        accessToken: account.accessToken,
        video,
        chunkBytes,
        resumeDelayMs,
        signal,
      });
      const id = (resource as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || !id) {
        throw new PublishError(`${YOUTUBE_LABEL} took the video but answered without its id.`, false, undefined, JSON.stringify(resource));
      }
      const url = post.type === 'reel' ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`;
      return { externalId: id, url };
    },

    async fetchMetrics(account, externalId, { signal }): Promise<PostMetrics> {
      const url = `${api}/youtube/v3/videos?part=statistics&id=${encodeURIComponent(externalId)}`;
      const response = await callYouTube(url, { headers: bearer(account.accessToken) }, { signal });
      const statistics = (await readJson<VideoList>(response, YOUTUBE_LABEL)).items?.find((item) => item.id === externalId)?.statistics;
      if (!statistics) throw new PublishError(`${YOUTUBE_LABEL} has no video ${externalId}; it may have been deleted.`, false);
      return {
        views: count(statistics.viewCount),
        impressions: null,
        likes: count(statistics.likeCount),
        comments: count(statistics.commentCount),
        reposts: null,
      };
    },
  };
}

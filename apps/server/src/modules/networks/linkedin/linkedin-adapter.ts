import type { AppConfig } from '../../../config.ts';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { AccountProfile, NetworkAdapter, PostMedia, PostMetrics } from '../network-adapter.ts';
import { readJson } from '../network-http.ts';
import { checkLinkedInPost } from './check-linkedin-post.ts';
import { escapeLittleText } from './escape-little-text.ts';
import { callLinkedIn, jsonRequest, LINKEDIN_LABEL, postUrlOf, restHeaders, urnInPath } from './linkedin-api.ts';
import { uploadImage, uploadVideo, type LinkedInUpload, type VideoTiming } from './upload-linkedin-media.ts';

/** LinkedIn processes most videos within minutes. */
const DEFAULT_VIDEO_TIMING: VideoTiming = { pollIntervalMs: 5_000, maxWaitMs: 20 * 60_000 };
/** Page size when listing the member's pages. */
const ACL_PAGE = 100;

const apiBaseOf = (config: AppConfig) => config.CHANNEL_LINKEDIN_API_URL.replace(/\/+$/, '');

/**
 * The author URN of a connected account: a person or organization URN, or a member's bare OpenID
 * sub as the social module stores it for a member's own profile.
 */
export function authorUrnOf(accountId: string): string {
  return accountId.startsWith('urn:li:') ? accountId : `urn:li:person:${accountId}`;
}

/** The post's content: one image, a multiImage of several, or one video (checkLinkedInPost allows no mix). */
async function uploadContent(upload: LinkedInUpload, media: PostMedia[], videoTiming: VideoTiming): Promise<object | undefined> {
  const video = media.find((item) => item.type.startsWith('video/'));
  if (video) return { media: { id: await uploadVideo(upload, video, videoTiming) } };
  const images: Array<{ id: string; altText?: string }> = [];
  for (const image of media) images.push({ id: await uploadImage(upload, image), ...(image.altText && { altText: image.altText }) });
  if (images.length === 0) return undefined;
  return images.length === 1 ? { media: images[0] } : { multiImage: { images } };
}

interface SocialActions {
  likesSummary?: { totalLikes?: number };
  commentsSummary?: { aggregatedTotalComments?: number };
}

interface ShareStatistics {
  impressionCount?: number;
  likeCount?: number;
  commentCount?: number;
  shareCount?: number;
}

/**
 * The members and pages of LinkedIn behind one adapter: the author of a post is the connected
 * account's URN (urn:li:person:… or urn:li:organization:…).
 */
export function createLinkedInAdapter(config: AppConfig, options: { videoTiming?: VideoTiming } = {}): NetworkAdapter {
  const api = apiBaseOf(config);
  const videoTiming = options.videoTiming ?? DEFAULT_VIDEO_TIMING;

  /** Share statistics exist for a page's posts only; they key shares and ugcPosts apart. */
  async function fetchShareStatistics(accessToken: string, organization: string, post: string, signal: AbortSignal) {
    const key = post.includes(':ugcPost:') ? 'ugcPosts' : 'shares';
    const url = `${api}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${urnInPath(organization)}&${key}=List(${urnInPath(post)})`;
    const response = await callLinkedIn(url, { headers: restHeaders(accessToken) }, { signal });
    const { elements } = await readJson<{ elements?: Array<{ totalShareStatistics?: ShareStatistics }> }>(response, LINKEDIN_LABEL);
    return elements?.[0]?.totalShareStatistics;
  }

  return {
    provider: 'linkedin',
    channel: 'linkedin',
    label: LINKEDIN_LABEL,

    // OpenID userinfo ({ sub, name, email }): the member, whose posts are authored by urn:li:person:{sub}.
    async fetchAccount(accessToken, _instanceUrl, { signal }) {
      const response = await callLinkedIn(
        config.CHANNEL_LINKEDIN_PROFILE_URL,
        { headers: { Authorization: `Bearer ${accessToken}` } },
        { signal },
      );
      const info = await readJson<{ sub?: unknown; name?: unknown; email?: unknown }>(response, LINKEDIN_LABEL);
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined);
      const sub = text(info.sub);
      if (!sub) throw new PublishError('LinkedIn did not say which member this authorization belongs to.', false);
      return { accountId: `urn:li:person:${sub}`, handle: text(info.name) ?? text(info.email) ?? sub };
    },

    listPages(accessToken, { signal }) {
      return listLinkedInOrganizations(config, accessToken, signal);
    },

    checkPost: checkLinkedInPost,

    async publish(account, post, { signal }) {
      const problems = checkLinkedInPost(post);
      if (problems.length > 0) throw new PublishError(problems.join(' '), false);
      const author = authorUrnOf(account.accountId);
      const content = await uploadContent({ api, accessToken: account.accessToken, owner: author, signal }, post.media, videoTiming);
      const response = await callLinkedIn(
        `${api}/rest/posts`,
        jsonRequest(account.accessToken, 'POST', {
          author,
          commentary: escapeLittleText(post.text),
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
          ...(content && { content }),
        }),
        { signal, createsPost: true },
      );
      // 201 with the new post's URN in a header and no body.
      const urn = response.headers.get('x-restli-id');
      if (!urn) {
        throw new PublishError(
          'LinkedIn took the post without saying its id. Check the channel on LinkedIn before posting it again.',
          false,
        );
      }
      return { externalId: urn, url: postUrlOf(urn) };
    },

    // Likes and comments from socialActions for every post; a page's posts also have share statistics.
    async fetchMetrics(account, externalId, { signal }): Promise<PostMetrics> {
      const author = authorUrnOf(account.accountId);
      const [social, stats] = await Promise.all([
        callLinkedIn(`${api}/rest/socialActions/${urnInPath(externalId)}`, { headers: restHeaders(account.accessToken) }, { signal }).then(
          (response) => readJson<SocialActions>(response, LINKEDIN_LABEL),
        ),
        author.startsWith('urn:li:organization:') ? fetchShareStatistics(account.accessToken, author, externalId, signal) : undefined,
      ]);
      return {
        views: null,
        impressions: stats?.impressionCount ?? null,
        likes: social.likesSummary?.totalLikes ?? stats?.likeCount ?? null,
        comments: social.commentsSummary?.aggregatedTotalComments ?? stats?.commentCount ?? null,
        reposts: stats?.shareCount ?? null,
      };
    },
  };
}

/**
 * The pages (organizations) the member administers, to offer them when connecting: their approved
 * ADMINISTRATOR roles (organizationAcls), then the pages' names (a batch get of organizations).
 */
export async function listLinkedInOrganizations(config: AppConfig, accessToken: string, signal: AbortSignal): Promise<AccountProfile[]> {
  const api = apiBaseOf(config);
  const headers = restHeaders(accessToken);
  const urns = new Set<string>();
  for (let start = 0; ; start += ACL_PAGE) {
    const response = await callLinkedIn(
      `${api}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=${start}&count=${ACL_PAGE}`,
      { headers },
      { signal },
    );
    const { elements = [] } = await readJson<{ elements?: Array<{ organization?: string }> }>(response, LINKEDIN_LABEL);
    for (const { organization } of elements) if (organization) urns.add(organization);
    if (elements.length < ACL_PAGE) break;
  }
  if (urns.size === 0) return [];
  const ids = [...urns].map((urn) => urn.slice(urn.lastIndexOf(':') + 1));
  const response = await callLinkedIn(`${api}/rest/organizations?ids=List(${ids.join(',')})`, { headers }, { signal });
  const { results = {} } = await readJson<{ results?: Record<string, { localizedName?: string; vanityName?: string }> }>(
    response,
    LINKEDIN_LABEL,
  );
  return ids.map((id) => ({
    accountId: `urn:li:organization:${id}`,
    handle: results[id]?.localizedName ?? results[id]?.vanityName ?? `LinkedIn page ${id}`,
  }));
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local Instagram (Instagram API with Instagram Login) speaking the documented protocol over real
 * HTTP: Business Login (/oauth/authorize, /oauth/access_token), the long-lived token exchange and
 * refresh (/access_token, /refresh_access_token), /me, media containers (POST /{ig-user-id}/media,
 * GET /{container-id}?fields=status_code), POST /{ig-user-id}/media_publish, GET /{media-id} and
 * /{media-id}/insights. Graph paths take an optional version prefix (/v26.0/…). Like Instagram, it
 * downloads each image_url and video_url itself, answers refusals with the Graph API's error bodies
 * (HTTP 400 with a code, even for an expired token) and sends the X-App-Usage and
 * X-Business-Use-Case-Usage headers.
 */

const CLIENT_ID = '990602627938098';
const CLIENT_SECRET = 'instagram-fake-secret';
const SHORT_LIVED_MS = 60 * 60_000;
const LONG_LIVED_SECONDS = 5_184_000;
const REFRESHABLE_AFTER_MS = 24 * 60 * 60_000;
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const INSIGHT_METRICS = [
  'views',
  'reach',
  'likes',
  'comments',
  'shares',
  'saved',
  'total_interactions',
  'follows',
  'profile_visits',
  'profile_activity',
  'ig_reels_avg_watch_time',
  'ig_reels_video_view_total_time',
];

export interface RecordedRequest {
  method: string;
  /** Without the version prefix: /17841405822304914/media. */
  path: string;
  version: string | null;
  headers: http.IncomingHttpHeaders;
  /** Query and body parameters together (JSON or form), as the Graph API reads them. */
  params: Record<string, string>;
  body: Buffer;
}

/** What the fake got when it fetched a media container's image_url or video_url. */
export interface MediaDownload {
  url: string;
  status: number | null;
  contentType: string | null;
  bytes: number;
  sha256: string | null;
  /** Bytes 4–7 as text: "ftyp" for an MP4 or MOV file. */
  boxType: string | null;
  error: string | null;
}

export type ContainerStatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface FakeContainer {
  id: string;
  userId: string;
  /** IMAGE, REELS, VIDEO (a carousel item) or CAROUSEL. */
  mediaType: string;
  params: Record<string, string>;
  download: MediaDownload | null;
  children: string[];
  /** Every status_code the container answered to a status check, in order. */
  statusAnswers: ContainerStatusCode[];
  statusCode: ContainerStatusCode;
  status: string;
  /** IN_PROGRESS answers still to give once the file is downloaded. */
  pendingPolls: number;
  downloading: boolean;
}

export interface FakeInsights {
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saved: number;
}

export interface FakeMedia {
  id: string;
  userId: string;
  containerId: string;
  /** The container's status when media_publish came. */
  containerStatusAtPublish: ContainerStatusCode;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS';
  caption: string;
  permalink: string;
  timestamp: string;
  insights: FakeInsights;
}

interface TokenRecord {
  userId: string;
  kind: 'short' | 'long';
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const fbtraceId = () => randomBytes(8).toString('base64url');
const numericId = () => `178${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
const graphError = (status: number, error: Record<string, unknown>): Answer => ({
  status,
  body: { error: { ...error, fbtrace_id: fbtraceId() } },
});
const oauthError = (message: string): Answer => ({
  status: 400,
  body: { error_type: 'OAuthException', code: 400, error_message: message },
});
const unsupported = (method: string, id: string) =>
  graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'IGApiException',
    code: 100,
    error_subcode: 33,
  });
const invalidParameter = (message: string) => graphError(400, { message, type: 'IGApiException', code: 100 });

/** The documented answer when Instagram could not fetch a container's file. */
const downloadFailed = (url: string) =>
  graphError(400, {
    message: 'Only photo or video can be accepted as media type.',
    type: 'OAuthException',
    code: 9004,
    error_subcode: 2207052,
    is_transient: false,
    error_user_title: 'Media download has failed.',
    error_user_msg: `The media could not be fetched from this uri: ${url}`,
  });

/** The Graph API's rate-limit refusals by code (application, user, page, API, Instagram account). */
const RATE_LIMIT_MESSAGES: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80002: '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.',
};

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Query and body parameters: the Graph API takes them from either, JSON or form-encoded. */
function readParams(url: URL, body: Buffer, contentType: string | undefined): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (body.length === 0) return params;
  if (contentType?.includes('application/json')) {
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    for (const [name, value] of Object.entries(parsed)) params[name] = typeof value === 'string' ? value : JSON.stringify(value);
  } else {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  }
  return params;
}

async function fetchMedia(url: string): Promise<MediaDownload> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      url,
      status: response.status,
      contentType: response.headers.get('content-type'),
      bytes: bytes.length,
      sha256: response.ok ? createHash('sha256').update(bytes).digest('hex') : null,
      boxType: bytes.length >= 8 ? bytes.subarray(4, 8).toString('latin1') : null,
      error: response.ok ? null : `HTTP ${response.status}`,
    };
  } catch (error) {
    return {
      url,
      status: null,
      contentType: null,
      bytes: 0,
      sha256: null,
      boxType: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export type InstagramFake = Awaited<ReturnType<typeof startInstagramFake>>;

export async function startInstagramFake() {
  const account = { userId: '17841405822304914', appScopedId: '7381920474829371', username: 'hookline_bakery' };
  const requests: RecordedRequest[] = [];
  const downloads: MediaDownload[] = [];
  const containers = new Map<string, FakeContainer>();
  const media = new Map<string, FakeMedia>();
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  const failures: Answer[] = [];
  const containerFailures: Array<{ statusCode: 'ERROR' | 'EXPIRED'; status: string }> = [];
  /** IN_PROGRESS answers each kind of container gives after its file is downloaded. */
  const processing = { image: 0, video: 2, carousel: 0 };
  let throttled: { code: number; minutes: number } | null = null;
  let clockOffsetMs = 0;
  let calls = 0;
  const now = () => Date.now() + clockOffsetMs;

  function issueToken(kind: 'short' | 'long', userId = account.userId): string {
    const token = `IGAA${randomBytes(24).toString('base64url')}`;
    const issuedAt = now();
    tokens.set(token, {
      userId,
      kind,
      issuedAt,
      expiresAt: issuedAt + (kind === 'short' ? SHORT_LIVED_MS : LONG_LIVED_SECONDS * 1000),
      revoked: false,
    });
    return token;
  }

  /** The token's record, or the Graph API's refusal of it. */
  function authorize(token: string | undefined): TokenRecord | Answer {
    if (!token) {
      return graphError(400, {
        message: 'An active access token must be used to query information about the current user.',
        type: 'OAuthException',
        code: 2500,
      });
    }
    const record = tokens.get(token);
    if (!record)
      return graphError(400, { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });
    if (record.revoked) {
      return graphError(400, {
        message:
          'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 460,
      });
    }
    if (record.expiresAt <= now()) {
      return graphError(400, {
        message: `Error validating access token: Session has expired on ${new Date(record.expiresAt).toUTCString()}. The current time is ${new Date(now()).toUTCString()}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
    }
    return record;
  }

  function bearerOf(request: http.IncomingMessage, params: Record<string, string>): string | undefined {
    const header = request.headers.authorization;
    const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
    return match?.[1] ?? params.access_token;
  }

  /** Meta's usage headers: percentages of the hourly budget, and the minutes until a throttled caller may call again. */
  function usageHeaders(): Record<string, string> {
    const used = Math.min(100, throttled ? 100 : calls);
    return {
      'x-app-usage': JSON.stringify({ call_count: used, total_cputime: Math.min(100, calls), total_time: Math.min(100, calls) }),
      'x-business-use-case-usage': JSON.stringify({
        [account.userId]: [
          {
            type: 'instagram',
            call_count: used,
            total_cputime: Math.min(100, calls),
            total_time: Math.min(100, calls),
            estimated_time_to_regain_access: throttled?.minutes ?? 0,
          },
        ],
      }),
    };
  }

  function authorizePage(url: URL): Answer {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== CLIENT_ID) return oauthError('Invalid platform app');
    if (!redirectUri || url.searchParams.get('response_type') !== 'code') return oauthError('Invalid redirect_uri or response_type');
    const code = randomBytes(24).toString('base64url');
    const scopes = (url.searchParams.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
    codes.set(code, { redirectUri, scopes });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    // Instagram appends #_ to the redirect; it is not part of the code.
    return { status: 302, body: '', headers: { location: `${back.toString()}#_` } };
  }

  /** Business Login's code exchange: a short-lived token. PKCE's code_verifier is taken and not checked, as Instagram does. */
  function exchangeCode(params: Record<string, string>): Answer {
    if (params.client_id !== CLIENT_ID) return oauthError('Invalid platform app');
    if (params.client_secret !== CLIENT_SECRET) return oauthError('Error validating client secret.');
    if (params.grant_type !== 'authorization_code') return oauthError('Unsupported grant_type');
    const issued = codes.get(params.code ?? '');
    if (!issued) return oauthError('Matching code was not found or was already used');
    if (issued.redirectUri !== params.redirect_uri) {
      return oauthError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    codes.delete(params.code);
    const token = issueToken('short');
    // Instagram sends user_id as a bare JSON number.
    const body = `{"access_token":${JSON.stringify(token)},"user_id":${account.userId},"permissions":${JSON.stringify(issued.scopes)}}`;
    return { status: 200, body, headers: { 'content-type': 'application/json' } };
  }

  function exchangeForLongLived(params: Record<string, string>, token: string | undefined): Answer {
    if (params.grant_type !== 'ig_exchange_token') return invalidParameter('Unsupported grant_type');
    if (params.client_secret !== CLIENT_SECRET)
      return graphError(400, { message: 'Error validating client secret.', type: 'OAuthException', code: 101 });
    const record = authorize(token);
    if ('status' in record) return record;
    if (record.kind !== 'short') return invalidParameter('(#100) A long-lived access token cannot be exchanged again');
    return { status: 200, body: { access_token: issueToken('long', record.userId), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS } };
  }

  function refreshLongLived(params: Record<string, string>, token: string | undefined): Answer {
    if (params.grant_type !== 'ig_refresh_token') return invalidParameter('Unsupported grant_type');
    const record = authorize(token);
    if ('status' in record) return record;
    // Meta documents the rule, not the refusal: the wording here is the fake's own.
    if (record.kind !== 'long') return invalidParameter('(#100) Only a long-lived access token can be refreshed');
    if (now() - record.issuedAt < REFRESHABLE_AFTER_MS)
      return invalidParameter('(#100) The access token can be refreshed once it is at least 24 hours old');
    return { status: 200, body: { access_token: issueToken('long', record.userId), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS } };
  }

  function fieldsOf(params: Record<string, string>, all: Record<string, unknown>, fallback: string[]): Record<string, unknown> {
    const wanted = params.fields ? params.fields.split(',') : fallback;
    return Object.fromEntries(wanted.filter((name) => name in all).map((name) => [name, all[name]]));
  }

  /** Starts a container's download; Instagram fetches the file at its address itself. */
  async function download(container: FakeContainer, url: string, kind: 'image' | 'video'): Promise<MediaDownload> {
    container.downloading = true;
    const fetched = await fetchMedia(url);
    downloads.push(fetched);
    container.download = fetched;
    container.downloading = false;
    if (fetched.error) {
      container.statusCode = 'ERROR';
      container.status = '2207052';
    } else if (kind === 'video' && fetched.boxType !== 'ftyp') {
      // Only MP4 and MOV files (an ftyp box first) are taken: 2207026 is the unsupported video format.
      container.statusCode = 'ERROR';
      container.status = '2207026';
    }
    return fetched;
  }

  async function createContainer(userId: string, params: Record<string, string>): Promise<Answer> {
    const isCarouselItem = params.is_carousel_item === 'true';
    const mediaType = params.media_type ?? (params.image_url ? 'IMAGE' : '');
    const container: FakeContainer = {
      id: numericId(),
      userId,
      mediaType,
      params,
      download: null,
      children: [],
      statusAnswers: [],
      statusCode: 'IN_PROGRESS',
      status: 'In Progress',
      pendingPolls: 0,
      downloading: false,
    };
    if (mediaType === 'IMAGE') {
      if (!params.image_url) return invalidParameter('(#100) The parameter image_url is required');
      // Instagram fetches an image while creating its container and refuses one it cannot get.
      const fetched = await download(container, params.image_url, 'image');
      if (fetched.error) return downloadFailed(params.image_url);
      if (fetched.bytes > MAX_IMAGE_BYTES) {
        return graphError(400, {
          message: 'The image size is too large.',
          type: 'OAuthException',
          code: 36000,
          error_subcode: 2207004,
          is_transient: false,
          error_user_title: 'Image size too large',
          error_user_msg: 'The image is too large to download. It should be less than 8 MiB.',
        });
      }
      container.pendingPolls = processing.image;
    } else if (mediaType === 'REELS' || (mediaType === 'VIDEO' && isCarouselItem)) {
      if (!params.video_url) return invalidParameter('(#100) The parameter video_url is required');
      // A video is fetched after the container is created: its status stays IN_PROGRESS meanwhile.
      void download(container, params.video_url, 'video');
      container.pendingPolls = processing.video;
    } else if (mediaType === 'CAROUSEL') {
      const children = (params.children ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 10) return invalidParameter('(#100) A carousel must have between 2 and 10 children');
      for (const id of children) {
        const child = containers.get(id);
        if (!child || child.userId !== userId || child.params.is_carousel_item !== 'true') {
          return invalidParameter(`(#100) The children parameter holds ${id}, which is not a carousel item of this account`);
        }
      }
      container.children = children;
      container.pendingPolls = processing.carousel;
    } else {
      return invalidParameter('(#100) The parameter media_type or image_url is required');
    }
    containers.set(container.id, container);
    return { status: 200, body: { id: container.id } };
  }

  /** The container's status now; each check counts down its processing. */
  function checkStatus(container: FakeContainer): ContainerStatusCode {
    if (container.statusCode === 'IN_PROGRESS') {
      const children = container.children.flatMap((id) => containers.get(id) ?? []);
      const failedChild = children.find((child) => child.statusCode === 'ERROR' || child.statusCode === 'EXPIRED');
      const forced = containerFailures.shift();
      if (forced) {
        container.statusCode = forced.statusCode;
        container.status = forced.status;
      } else if (failedChild) {
        container.statusCode = 'ERROR';
        container.status = failedChild.status;
      } else if (!container.downloading && children.every((child) => child.statusCode === 'FINISHED')) {
        if (container.pendingPolls > 0) container.pendingPolls -= 1;
        else {
          container.statusCode = 'FINISHED';
          container.status = 'Finished: Media has been uploaded and it is ready to be published.';
        }
      }
    }
    container.statusAnswers.push(container.statusCode);
    return container.statusCode;
  }

  function publishContainer(userId: string, params: Record<string, string>): Answer {
    const container = containers.get(params.creation_id ?? '');
    if (!container || container.userId !== userId)
      return invalidParameter(`(#100) The creation_id ${params.creation_id ?? ''} is not a media container of this account`);
    if (container.statusCode !== 'FINISHED') {
      return graphError(400, {
        message: 'Media ID is not available',
        type: 'OAuthException',
        code: 9007,
        error_subcode: 2207027,
        is_transient: false,
        error_user_title: 'Media not ready for publishing',
        error_user_msg: 'The media is not ready for publishing, please wait for a moment',
      });
    }
    const shortcode = randomBytes(8).toString('base64url').slice(0, 11);
    const isReel = container.mediaType === 'REELS';
    const published: FakeMedia = {
      id: numericId(),
      userId,
      containerId: container.id,
      containerStatusAtPublish: container.statusCode,
      mediaType: container.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : isReel ? 'VIDEO' : 'IMAGE',
      productType: isReel ? 'REELS' : 'FEED',
      caption: container.params.caption ?? '',
      permalink: `https://www.instagram.com/${isReel ? 'reel' : 'p'}/${shortcode}/`,
      timestamp: new Date(now()).toISOString().replace(/\.\d{3}Z$/, '+0000'),
      insights: { views: 0, reach: 0, likes: 0, comments: 0, shares: 0, saved: 0 },
    };
    container.statusCode = 'PUBLISHED';
    container.status = 'Published';
    media.set(published.id, published);
    return { status: 200, body: { id: published.id } };
  }

  function readInsights(item: FakeMedia, params: Record<string, string>): Answer {
    const metrics = (params.metric ?? '').split(',').filter(Boolean);
    if (metrics.length === 0) return invalidParameter('(#100) The parameter metric is required');
    const unknown = metrics.findIndex((name) => !INSIGHT_METRICS.includes(name));
    if (unknown >= 0)
      return invalidParameter(`(#100) metric[${unknown}] must be one of the following values: ${INSIGHT_METRICS.join(', ')}`);
    const data = metrics
      .filter((name): name is keyof FakeInsights => name in item.insights)
      .map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: item.insights[name] }],
        title: name,
        id: `${item.id}/insights/${name}/lifetime`,
      }));
    return { status: 200, body: { data } };
  }

  async function answerGraph(
    method: string,
    segments: string[],
    params: Record<string, string>,
    token: string | undefined,
  ): Promise<Answer> {
    const [id, edge] = segments;
    if (method === 'GET' && segments.length === 1 && id === 'access_token') return exchangeForLongLived(params, token);
    if (method === 'GET' && segments.length === 1 && id === 'refresh_access_token') return refreshLongLived(params, token);
    const record = authorize(token);
    if ('status' in record) return record;
    if (method === 'GET' && segments.length === 1 && id === 'me') {
      const me = { id: account.appScopedId, user_id: account.userId, username: account.username, account_type: 'BUSINESS' };
      return { status: 200, body: fieldsOf(params, me, ['id']) };
    }
    if (id === record.userId && method === 'POST' && edge === 'media' && segments.length === 2)
      return createContainer(record.userId, params);
    if (id === record.userId && method === 'POST' && edge === 'media_publish' && segments.length === 2)
      return publishContainer(record.userId, params);
    const container = containers.get(id ?? '');
    if (container && container.userId === record.userId && method === 'GET' && segments.length === 1) {
      const statusCode = checkStatus(container);
      return { status: 200, body: fieldsOf(params, { id: container.id, status_code: statusCode, status: container.status }, ['id']) };
    }
    const item = media.get(id ?? '');
    if (item && item.userId === record.userId && method === 'GET') {
      if (edge === 'insights' && segments.length === 2) return readInsights(item, params);
      if (segments.length === 1) {
        const fields = {
          id: item.id,
          permalink: item.permalink,
          media_type: item.mediaType,
          media_product_type: item.productType,
          caption: item.caption,
          timestamp: item.timestamp,
        };
        return { status: 200, body: fieldsOf(params, fields, ['id']) };
      }
    }
    return unsupported(method, id ?? '');
  }

  async function answer(request: http.IncomingMessage, url: URL, recorded: RecordedRequest): Promise<Answer> {
    if (request.method === 'GET' && recorded.path === '/oauth/authorize') return authorizePage(url);
    const failure = failures.shift();
    if (failure) return failure;
    if (request.method === 'POST' && recorded.path === '/oauth/access_token') return exchangeCode(recorded.params);
    calls += 1;
    if (throttled) {
      const message = RATE_LIMIT_MESSAGES[throttled.code] ?? `(#${throttled.code}) Rate limited`;
      return { ...graphError(400, { message, type: 'OAuthException', code: throttled.code, is_transient: true }), headers: usageHeaders() };
    }
    const segments = recorded.path.split('/').filter(Boolean);
    const answered = await answerGraph(request.method ?? 'GET', segments, recorded.params, bearerOf(request, recorded.params));
    return { ...answered, headers: { ...usageHeaders(), ...answered.headers } };
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const versioned = /^\/(v\d+\.\d+)(\/.*)$/.exec(url.pathname);
      const body = await readBody(request);
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: versioned ? versioned[2] : url.pathname,
        version: versioned ? versioned[1] : null,
        headers: request.headers,
        params: {},
        body,
      };
      requests.push(recorded);
      let result: Answer;
      try {
        recorded.params = readParams(url, body, request.headers['content-type']);
        result = await answer(request, url, recorded);
      } catch (error) {
        result = graphError(500, {
          message: `An unknown error has occurred. (${String(error)})`,
          type: 'OAuthException',
          code: 1,
          is_transient: true,
        });
      }
      const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
      response.writeHead(result.status, { 'content-type': 'application/json; charset=UTF-8', ...result.headers });
      response.end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The CHANNEL_* variables that point Hookline at this fake. */
    env: {
      CHANNEL_INSTAGRAM_CLIENT_ID: CLIENT_ID,
      CHANNEL_INSTAGRAM_CLIENT_SECRET: CLIENT_SECRET,
      CHANNEL_INSTAGRAM_AUTH_URL: `${url}/oauth/authorize`,
      CHANNEL_INSTAGRAM_TOKEN_URL: `${url}/oauth/access_token`,
      CHANNEL_INSTAGRAM_API_URL: url,
    } satisfies Record<string, string>,
    account,
    requests,
    downloads,
    containers,
    media,
    /** IN_PROGRESS answers each kind of container gives once its file is downloaded (tests may change them). */
    processing,
    /** A token as Business Login (short) or the long-lived exchange (long) would issue it. */
    issueToken,
    /** The next request (other than /oauth/authorize) gets this answer instead. */
    failNext(status: number, body: unknown, headers: Record<string, string> = {}) {
      failures.push({ status, body, headers });
    },
    /** The next container status check that would still be IN_PROGRESS ends the container like this. */
    failNextContainer(statusCode: 'ERROR' | 'EXPIRED', status = statusCode === 'ERROR' ? '2207026' : 'Expired') {
      containerFailures.push({ statusCode, status });
    },
    /** Every Graph call is refused with this rate-limit code until unthrottle(); the headers give the wait. */
    throttle(code: 4 | 17 | 32 | 613 | 80002, minutes: number) {
      throttled = { code, minutes };
    },
    unthrottle() {
      throttled = null;
    },
    /** Moves the fake's clock on (token ages and expiry). */
    advanceTime(ms: number) {
      clockOffsetMs += ms;
    },
    expireAccessTokens() {
      for (const record of tokens.values()) record.expiresAt = now() - 1000;
    },
    revokeAccessTokens() {
      for (const record of tokens.values()) record.revoked = true;
    },
    setInsights(mediaId: string, insights: Partial<FakeInsights>) {
      const item = media.get(mediaId);
      if (!item) throw new Error(`no published media ${mediaId}`);
      Object.assign(item.insights, insights);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** X's documented error bodies, word for word. */
export const TWITTER_ERRORS = {
  unauthorized: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  forbidden: { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' },
  duplicate: {
    detail: 'You are not allowed to create a Tweet with duplicate content.',
    type: 'about:blank',
    title: 'Forbidden',
    status: 403,
  },
  tooManyRequests: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
  serviceUnavailable: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
  invalidToken: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
  unauthorizedClient: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' },
} as const;

export const TWITTER_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];

/** X's 400 for a request whose parameters it refuses. */
const invalidRequest = (parameter: string, value: string, message: string) => ({
  errors: [{ parameters: { [parameter]: [value] }, message }],
  title: 'Invalid Request',
  detail: 'One or more parameters to your request was invalid.',
  type: 'https://api.twitter.com/2/problems/invalid-request',
});

const ACCESS_TOKEN_SECONDS = 7200;
const AUTHORIZATION_CODE_MS = 30_000;
/** X's 15-minute rate-limit window, as its x-rate-limit-* headers describe it. */
const RATE_WINDOW_SECONDS = 900;
const RATE_LIMIT = 300;

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The parsed body when it was JSON. */
  json: unknown;
  /** A multipart body's text fields and files. */
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeMedia {
  id: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  segments: Map<number, Buffer>;
  finalized: boolean;
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed' | null;
  /** When the last processing answer told the client to look again. */
  checkAfter: number;
  polls: number;
  altText: string | null;
}

export interface PublicMetrics {
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
}

export interface FakeTweet {
  id: string;
  text: string;
  mediaIds: string[];
  inReplyTo: string | null;
  metrics: PublicMetrics;
}

interface Failure {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  path: string | undefined;
}

/** X's media keys start with the kind of media: 3 photo, 7 video, 16 animated GIF. */
const mediaKeyOf = (item: Pick<FakeMedia, 'id' | 'category'>) =>
  `${item.category === 'tweet_video' ? 7 : item.category === 'tweet_gif' ? 16 : 3}_${item.id}`;
const base64Url = (bytes: Buffer) => bytes.toString('base64url');
const token = (prefix: string) => `${prefix}-${base64Url(randomBytes(18))}`;

/**
 * A local X: OAuth 2.0 with PKCE (authorize page that consents at once, token endpoint for the
 * code and refresh grants, rotating refresh tokens, 2-hour access tokens), /2/users/me, the v2
 * media upload (initialize, append, finalize, STATUS while a video or GIF is processed), media
 * metadata, POST /2/tweets and the tweet lookup with public metrics, answering with X's error
 * bodies and x-rate-limit-* headers.
 */
export async function startTwitterFake(options: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = options.clientId ?? 'hookline-x-client';
  const clientSecret = options.clientSecret ?? 'hookline-x-secret';
  const user = { id: '1720000000000000001', name: 'Hookline Bakery', username: 'hookline_bakery' };
  const requests: RecordedRequest[] = [];
  const codeVerifiers: string[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string; scopes: string[]; expiresAt: number }>();
  const accessTokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  const refreshTokens = new Map<string, { scopes: string[] }>();
  const media = new Map<string, FakeMedia>();
  const tweets = new Map<string, FakeTweet>();
  const failures: Failure[] = [];
  const processing = { polls: 2, checkAfterSecs: 1, failWith: null as string | null };
  let nextId = 1850000000000000000n;
  const newId = () => String((nextId += 1n));
  const windowStart = Math.floor(Date.now() / 1000);
  let remaining = RATE_LIMIT;

  function issueTokens(scopes: string[] = TWITTER_SCOPES) {
    const accessToken = token('x-access');
    accessTokens.set(accessToken, { scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    const refreshToken = scopes.includes('offline.access') ? token('x-refresh') : null;
    if (refreshToken) refreshTokens.set(refreshToken, { scopes });
    return { accessToken, refreshToken, scopes };
  }

  const rateHeaders = () => ({
    'x-rate-limit-limit': String(RATE_LIMIT),
    'x-rate-limit-remaining': String(Math.max(0, (remaining -= 1))),
    'x-rate-limit-reset': String(windowStart + RATE_WINDOW_SECONDS),
  });

  function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const problem = typeof body === 'object' && body !== null && 'title' in body;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, {
      'content-type': problem ? 'application/problem+json' : 'application/json; charset=utf-8',
      ...headers,
    });
    response.end(text);
  }

  async function record(request: http.IncomingMessage): Promise<RecordedRequest> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://fake');
    const type = request.headers['content-type'] ?? '';
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      json: undefined,
      fields: {},
      files: {},
      at: Date.now(),
    };
    if (type.startsWith('application/json')) recorded.json = JSON.parse(body.toString('utf8'));
    if (type.startsWith('multipart/form-data')) {
      const form = await new Response(body, { headers: { 'content-type': type } }).formData();
      for (const [name, value] of form) {
        if (typeof value === 'string') recorded.fields[name] = value;
        else recorded.files[name] = Buffer.from(await value.arrayBuffer());
      }
    }
    requests.push(recorded);
    return recorded;
  }

  function authorize(request: RecordedRequest, response: http.ServerResponse) {
    const q = request.query;
    const redirectUri = q.get('redirect_uri');
    const challenge = q.get('code_challenge');
    if (
      q.get('client_id') !== clientId ||
      q.get('response_type') !== 'code' ||
      !redirectUri ||
      !challenge ||
      q.get('code_challenge_method') !== 'S256'
    ) {
      response
        .writeHead(400, { 'content-type': 'text/html' })
        .end('<p>Something went wrong. You weren’t able to give access to the App.</p>');
      return;
    }
    const code = token('x-code');
    codes.set(code, {
      challenge,
      redirectUri,
      scopes: (q.get('scope') ?? '').split(' ').filter(Boolean),
      expiresAt: Date.now() + AUTHORIZATION_CODE_MS,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    back.searchParams.set('code', code);
    response.writeHead(302, { location: back.toString() }).end();
  }

  function grantTokens(request: RecordedRequest, response: http.ServerResponse) {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return send(response, 401, TWITTER_ERRORS.unauthorizedClient);
    const form = new URLSearchParams(request.body.toString('utf8'));
    let scopes: string[];
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      codeVerifiers.push(verifier);
      codes.delete(form.get('code') ?? '');
      const challenge = base64Url(createHash('sha256').update(verifier).digest());
      if (!code || code.expiresAt < Date.now() || code.redirectUri !== form.get('redirect_uri') || code.challenge !== challenge) {
        return send(response, 400, TWITTER_ERRORS.invalidToken);
      }
      scopes = code.scopes;
    } else if (form.get('grant_type') === 'refresh_token') {
      const stored = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!stored) return send(response, 400, TWITTER_ERRORS.invalidToken);
      // X rotates refresh tokens: the one just used stops working.
      refreshTokens.delete(form.get('refresh_token') ?? '');
      scopes = stored.scopes;
    } else {
      return send(response, 400, { error: 'invalid_request', error_description: 'Missing required parameter [grant_type].' });
    }
    const issued = issueTokens(scopes);
    send(response, 200, {
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      access_token: issued.accessToken,
      scope: scopes.join(' '),
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
    });
  }

  /** The access token's scopes, or null when X answers 401 (unknown, revoked or expired). */
  function scopesOf(request: RecordedRequest): string[] | null {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const stored = bearer ? accessTokens.get(bearer) : undefined;
    return stored && stored.expiresAt > Date.now() ? stored.scopes : null;
  }

  function mediaStatus(item: FakeMedia) {
    const processingInfo =
      item.state === null
        ? {}
        : {
            processing_info: {
              state: item.state,
              ...(item.state === 'pending' || item.state === 'in_progress' ? { check_after_secs: processing.checkAfterSecs } : {}),
              ...(item.state === 'failed' ? { error: { code: 1, name: 'InvalidMedia', message: processing.failWith } } : {}),
            },
          };
    return { data: { id: item.id, media_key: mediaKeyOf(item), size: item.totalBytes, expires_after_secs: 86400, ...processingInfo } };
  }

  /** One STATUS poll: processing moves on only when the client waited the check_after_secs it was told. */
  function pollMedia(item: FakeMedia) {
    if ((item.state === 'pending' || item.state === 'in_progress') && Date.now() >= item.checkAfter) {
      item.polls += 1;
      if (item.polls >= processing.polls) item.state = processing.failWith ? 'failed' : 'succeeded';
      else item.state = 'in_progress';
      item.checkAfter = Date.now() + processing.checkAfterSecs * 1000;
    }
    return mediaStatus(item);
  }

  function api(request: RecordedRequest, response: http.ServerResponse, scopes: string[]) {
    const reply = (status: number, body: unknown) => send(response, status, body, rateHeaders());
    const needs = (scope: string) => {
      if (scopes.includes(scope)) return true;
      reply(403, TWITTER_ERRORS.forbidden);
      return false;
    };
    const { method, path } = request;
    if (method === 'GET' && path === '/2/users/me') {
      if (needs('users.read')) reply(200, { data: user });
      return;
    }
    if (method === 'POST' && path === '/2/media/upload/initialize') {
      if (!needs('media.write')) return;
      const body = request.json as { media_type?: string; total_bytes?: number; media_category?: string };
      if (!body?.media_type || !body.total_bytes || !['tweet_image', 'tweet_gif', 'tweet_video'].includes(body.media_category ?? '')) {
        return reply(
          400,
          invalidRequest('media_category', String(body?.media_category), 'media_type, total_bytes and a media_category are required.'),
        );
      }
      const id = newId();
      media.set(id, {
        id,
        mediaType: body.media_type,
        category: body.media_category!,
        totalBytes: body.total_bytes,
        segments: new Map(),
        finalized: false,
        state: null,
        checkAfter: 0,
        polls: 0,
        altText: null,
      });
      return reply(200, { data: { id, media_key: mediaKeyOf(media.get(id)!), expires_after_secs: 86400 } });
    }
    const upload = /^\/2\/media\/upload\/(\d+)\/(append|finalize)$/.exec(path);
    if (method === 'POST' && upload) {
      if (!needs('media.write')) return;
      const item = media.get(upload[1]);
      if (!item || item.finalized) return reply(400, invalidRequest('id', upload[1], 'The media id is not an upload in progress.'));
      if (upload[2] === 'append') {
        const segment = Number(request.fields.segment_index);
        const bytes = request.files.media;
        if (!Number.isInteger(segment) || segment < 0 || segment > 999 || !bytes) {
          return reply(
            400,
            invalidRequest(
              'segment_index',
              String(request.fields.segment_index),
              'A media file and a segment_index from 0 to 999 are required.',
            ),
          );
        }
        item.segments.set(segment, bytes);
        return reply(200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86400 } });
      }
      const size = [...item.segments.values()].reduce((sum, bytes) => sum + bytes.length, 0);
      if (size !== item.totalBytes)
        return reply(400, invalidRequest('total_bytes', String(item.totalBytes), `File size mismatch: received ${size} bytes.`));
      item.finalized = true;
      if (item.category === 'tweet_image') {
        item.state = null;
      } else {
        item.state = 'pending';
        item.checkAfter = Date.now() + processing.checkAfterSecs * 1000;
      }
      return reply(200, mediaStatus(item));
    }
    if (method === 'GET' && path === '/2/media/upload' && request.query.get('command') === 'STATUS') {
      const item = media.get(request.query.get('media_id') ?? '');
      if (!item) return reply(400, invalidRequest('media_id', String(request.query.get('media_id')), 'Unknown media id.'));
      return reply(200, pollMedia(item));
    }
    if (method === 'POST' && path === '/2/media/metadata') {
      if (!needs('media.write')) return;
      const body = request.json as { id?: string; metadata?: { alt_text?: { text?: string } } };
      const item = media.get(body?.id ?? '');
      if (!item) return reply(400, invalidRequest('id', String(body?.id), 'Unknown media id.'));
      item.altText = body.metadata?.alt_text?.text ?? null;
      return reply(200, { data: { id: item.id, associated_metadata: body.metadata } });
    }
    if (method === 'POST' && path === '/2/tweets') {
      if (!needs('tweet.write')) return;
      const body = request.json as { text?: string; media?: { media_ids?: string[] }; reply?: { in_reply_to_tweet_id?: string } };
      const text = body?.text ?? '';
      const mediaIds = body?.media?.media_ids ?? [];
      const unusable = mediaIds.find((id) => {
        const item = media.get(id);
        return !item?.finalized || (item.state !== null && item.state !== 'succeeded');
      });
      if (unusable) return reply(400, invalidRequest('media.media_ids', unusable, 'Your media IDs are invalid.'));
      if (!text && mediaIds.length === 0) return reply(400, invalidRequest('text', '', 'Text or media is required.'));
      const inReplyTo = body.reply?.in_reply_to_tweet_id ?? null;
      if (inReplyTo && !tweets.has(inReplyTo))
        return reply(400, invalidRequest('reply.in_reply_to_tweet_id', inReplyTo, 'The Tweet to reply to was not found.'));
      if (text && [...tweets.values()].some((tweet) => tweet.text === text)) return reply(403, TWITTER_ERRORS.duplicate);
      const id = newId();
      const metrics = { retweet_count: 0, reply_count: 0, like_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 };
      tweets.set(id, { id, text, mediaIds, inReplyTo, metrics });
      return reply(201, { data: { id, text, edit_history_tweet_ids: [id] } });
    }
    const lookup = /^\/2\/tweets\/(\d+)$/.exec(path);
    if (method === 'GET' && lookup) {
      if (!needs('tweet.read')) return;
      const tweet = tweets.get(lookup[1]);
      if (!tweet) {
        return reply(200, {
          errors: [
            {
              value: lookup[1],
              detail: `Could not find tweet with id: [${lookup[1]}].`,
              title: 'Not Found Error',
              resource_type: 'tweet',
              parameter: 'id',
              resource_id: lookup[1],
              type: 'https://api.twitter.com/2/problems/resource-not-found',
            },
          ],
        });
      }
      const fields = (request.query.get('tweet.fields') ?? '').split(',');
      return reply(200, {
        data: {
          id: tweet.id,
          text: tweet.text,
          edit_history_tweet_ids: [tweet.id],
          ...(fields.includes('public_metrics') ? { public_metrics: tweet.metrics } : {}),
        },
      });
    }
    reply(404, { title: 'Not Found Error', type: 'about:blank', status: 404, detail: `No route for ${method} ${path}.` });
  }

  const server = http.createServer((incoming, response) => {
    void (async () => {
      const request = await record(incoming);
      const failure = failures.findIndex((f) => f.path === undefined || f.path === request.path);
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return send(response, f.status, f.body, { ...rateHeaders(), ...f.headers });
      }
      if (request.method === 'GET' && request.path === '/i/oauth2/authorize') return authorize(request, response);
      if (request.method === 'POST' && request.path === '/2/oauth2/token') return grantTokens(request, response);
      const scopes = scopesOf(request);
      if (!scopes) return send(response, 401, TWITTER_ERRORS.unauthorized, rateHeaders());
      api(request, response, scopes);
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { title: 'Internal Error', detail: String(error), type: 'about:blank', status: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      CHANNEL_TWITTER_CLIENT_ID: clientId,
      CHANNEL_TWITTER_CLIENT_SECRET: clientSecret,
      CHANNEL_TWITTER_AUTH_URL: `${url}/i/oauth2/authorize`,
      CHANNEL_TWITTER_TOKEN_URL: `${url}/2/oauth2/token`,
      CHANNEL_TWITTER_API_URL: url,
    } as Record<string, string>,
    user,
    requests,
    /** The PKCE code_verifiers the token endpoint received, in order. */
    codeVerifiers,
    media,
    tweets,
    /** Tokens as the token endpoint would issue them, without the browser round trip. */
    issueTokens,
    /** The next request (to `path` when given) gets this answer instead. */
    failNext(status: number, body: unknown, headers: Record<string, string> = {}, path?: string) {
      failures.push({ status, body, headers, path });
    },
    /** Every access token issued so far is past its 2 hours: X answers 401. */
    expireAccessTokens() {
      for (const stored of accessTokens.values()) stored.expiresAt = 0;
    },
    /** The user revoked the app: refresh tokens are refused. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    /** How videos and GIFs are processed: STATUS polls until done, check_after_secs, and a failure's message. */
    setProcessing(next: Partial<typeof processing>) {
      Object.assign(processing, next);
    },
    setMetrics(id: string, metrics: Partial<PublicMetrics>) {
      const tweet = tweets.get(id);
      if (!tweet) throw new Error(`No tweet ${id}`);
      Object.assign(tweet.metrics, metrics);
    },
    deleteTweet(id: string) {
      tweets.delete(id);
    },
    requestsTo(path: string) {
      return requests.filter((request) => request.path === path);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export type TwitterFake = Awaited<ReturnType<typeof startTwitterFake>>;

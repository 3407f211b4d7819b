import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local YouTube (Google) of the endpoints Hookline uses, over real HTTP:
 * - Google OAuth 2: GET /o/oauth2/v2/auth (auto-consent, straight back to redirect_uri with code and
 *   state) and POST /token (authorization_code with PKCE S256, refresh_token; client authentication
 *   by HTTP Basic or in the form), with Google's error bodies.
 * - YouTube Data API v3: GET /youtube/v3/channels?part=snippet&mine=true, GET /youtube/v3/videos?part=statistics&id=,
 *   and POST /upload/youtube/v3/videos?uploadType=resumable then PUTs to the session URI: chunks
 *   with Content-Range, answered 308 with Range, and the status question (an empty PUT whose
 *   Content-Range names only the total).
 * Errors are Google's JSON bodies; every request is recorded for tests to read.
 */

const ONE_HOUR_S = 3599;
const CHUNK_UNIT = 256 * 1024;
const CLIENT_ID = 'hookline-youtube.apps.googleusercontent.com';
const CLIENT_SECRET = 'youtube-fake-secret';
const UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
const READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
const FULL_SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl'];
/** Every scope the app asks for: what tokens made by issueTokens() carry. */
const APP_SCOPES = [UPLOAD_SCOPE, READONLY_SCOPE, 'openid', 'email'];

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeChannel {
  id: string;
  title: string;
  customUrl: string;
}

export interface FakeVideo {
  id: string;
  snippet: { title: string; description: string };
  status: { privacyStatus: string; selfDeclaredMadeForKids: boolean };
  /** X-Upload-Content-Type of the session. */
  contentType: string;
  /** The chunks as stored, put together. */
  bytes: Buffer;
  statistics: { viewCount: string; likeCount: string; favoriteCount: string; commentCount: string };
}

/** One PUT of bytes the fake took (or partly took, when told to fail it). */
export interface StoredChunk {
  uploadId: string;
  start: number;
  /** Bytes stored from this PUT. */
  length: number;
  /** The Content-Range it came with. */
  contentRange: string;
}

export interface FakeUploadSession {
  id: string;
  metadata: { snippet?: { title?: string; description?: string }; status?: { privacyStatus?: string; selfDeclaredMadeForKids?: boolean } };
  total: number;
  contentType: string;
  parts: Buffer[];
  received: number;
  video: FakeVideo | null;
}

/** Google's JSON error body ({ error: { code, message, errors: [{ message, domain, reason }] } }). */
export function googleError(code: number, reason: string, message: string, domain = 'global'): string {
  return JSON.stringify({ error: { code, message, errors: [{ message, domain, reason }] } });
}

/** Bodies Google documents for the refusals Hookline tells apart (YouTube Data API "Errors"). */
export const GOOGLE_ERRORS = {
  quotaExceeded: googleError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'youtube.quota',
  ),
  rateLimitExceeded: googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits'),
  userRateLimitExceeded: googleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'usageLimits'),
  uploadLimitExceeded: googleError(
    400,
    'uploadLimitExceeded',
    'The user has exceeded the number of videos they may upload.',
    'youtube.video',
  ),
  backendError: googleError(503, 'backendError', 'Backend Error'),
  authError: JSON.stringify({
    error: {
      code: 401,
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      errors: [
        { message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' },
      ],
      status: 'UNAUTHENTICATED',
    },
  }),
  insufficientPermissions: JSON.stringify({
    error: {
      code: 403,
      message: 'Request had insufficient authentication scopes.',
      errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
      status: 'PERMISSION_DENIED',
    },
  }),
};

interface AccessToken {
  expiresAt: number;
  scopes: string[];
}
interface AuthorizationCode {
  redirectUri: string;
  codeChallenge: string | null;
  scopes: string[];
  /** A refresh token comes with it: Google's first consent, or prompt=consent. */
  withRefreshToken: boolean;
  used: boolean;
}
interface Reply {
  status: number;
  body: string;
  headers: Record<string, string>;
}
interface PlannedFailure extends Reply {
  method?: string;
  path?: string;
}
interface ChunkFailure {
  /** Chunks still to take before this one fails. */
  after: number;
  /** An HTTP status to answer, or null to break the connection. */
  status: number | null;
  keepBytes: number;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
});
const tokenError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description }, { 'Cache-Control': 'no-store' });
const newId = (bytes: number) => randomBytes(bytes).toString('base64url');
const etag = () => newId(16);

export async function startYouTubeFake(options: { channel?: Partial<FakeChannel> } = {}) {
  const channel: FakeChannel = {
    id: 'UCfakeChannel0000000000',
    title: 'Hookline Bakery',
    customUrl: '@hooklinebakery',
    ...options.channel,
  };
  const requests: RecordedRequest[] = [];
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, { scopes: string[]; revoked: boolean }>();
  const codes = new Map<string, AuthorizationCode>();
  const sessions = new Map<string, FakeUploadSession>();
  const videos = new Map<string, FakeVideo>();
  const chunks: StoredChunk[] = [];
  /** What the fake found wrong in the chunks it was sent (order, ranges, sizes). */
  const protocolErrors: string[] = [];
  const failures: PlannedFailure[] = [];
  const chunkFailures: ChunkFailure[] = [];
  let consented = false;
  let refreshTokenOnRepeatConsent = true;
  let url = '';

  function grant(scopes: string[], withRefreshToken: boolean) {
    const accessToken = `ya29.${newId(24)}`;
    accessTokens.set(accessToken, { expiresAt: Date.now() + ONE_HOUR_S * 1000, scopes });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: ONE_HOUR_S,
      scope: scopes.join(' '),
      token_type: 'Bearer',
    };
    if (withRefreshToken) {
      const refreshToken = `1//${newId(32)}`;
      refreshTokens.set(refreshToken, { scopes, revoked: false });
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  /** The token's scopes, or the 401 Google answers for a missing, unknown or expired token. */
  function authorize(request: http.IncomingMessage): AccessToken | Reply {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const found = token ? accessTokens.get(token) : undefined;
    if (found && found.expiresAt > Date.now()) return found;
    return json(401, GOOGLE_ERRORS.authError, { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
  }
  const allows = (token: AccessToken, scope: string) => token.scopes.some((s) => s === scope || FULL_SCOPES.includes(s));

  function authorizePage(query: URLSearchParams): Reply {
    if (query.get('client_id') !== CLIENT_ID)
      return { status: 401, body: 'Error 401: invalid_client', headers: { 'Content-Type': 'text/html' } };
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri || query.get('response_type') !== 'code') {
      return { status: 400, body: 'Error 400: invalid_request', headers: { 'Content-Type': 'text/html' } };
    }
    const method = query.get('code_challenge_method');
    if (query.get('code_challenge') && method !== 'S256') {
      return { status: 400, body: 'Error 400: invalid_request (code_challenge_method)', headers: { 'Content-Type': 'text/html' } };
    }
    // Google issues a refresh token on a user's first consent; later ones only with prompt=consent,
    // unless the test turned that off to see the app keep the stored one.
    const repeat = consented;
    consented = true;
    const withRefreshToken =
      query.get('access_type') === 'offline' && (!repeat || (query.get('prompt') === 'consent' && refreshTokenOnRepeatConsent));
    const code = `4/${newId(32)}`;
    const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
    codes.set(code, { redirectUri, codeChallenge: query.get('code_challenge'), scopes, withRefreshToken, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scopes.join(' '));
    return { status: 302, body: '', headers: { Location: back.href } };
  }

  function tokenEndpoint(headers: http.IncomingHttpHeaders, form: URLSearchParams): Reply {
    const basic = /^Basic (.+)$/i.exec(headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return tokenError(401, 'invalid_client', 'Unauthorized');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used) return tokenError(400, 'invalid_grant', 'Bad Request');
      if (code.redirectUri !== form.get('redirect_uri')) return tokenError(400, 'redirect_uri_mismatch', 'Bad Request');
      const verifier = form.get('code_verifier');
      if (code.codeChallenge) {
        if (!verifier) return tokenError(400, 'invalid_grant', 'Missing code verifier.');
        if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) {
          return tokenError(400, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      code.used = true;
      return json(200, grant(code.scopes, code.withRefreshToken), { 'Cache-Control': 'no-store' });
    }
    if (grantType === 'refresh_token') {
      const refresh = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.revoked) return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
      // Google keeps the refresh token: the answer has a new access token only.
      return json(200, grant(refresh.scopes, false), { 'Cache-Control': 'no-store' });
    }
    return tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  }

  function videoResource(video: FakeVideo, parts: string[]) {
    return {
      kind: 'youtube#video',
      etag: etag(),
      id: video.id,
      ...(parts.includes('snippet') && {
        snippet: { publishedAt: new Date().toISOString(), channelId: channel.id, channelTitle: channel.title, ...video.snippet },
      }),
      ...(parts.includes('status') && { status: { uploadStatus: 'uploaded', license: 'youtube', embeddable: true, ...video.status } }),
      ...(parts.includes('statistics') && { statistics: video.statistics }),
    };
  }

  function startUpload(token: AccessToken, query: URLSearchParams, headers: http.IncomingHttpHeaders, body: Buffer): Reply {
    if (!allows(token, UPLOAD_SCOPE)) return json(403, GOOGLE_ERRORS.insufficientPermissions);
    if (query.get('uploadType') !== 'resumable') {
      return json(400, googleError(400, 'invalid', `Only resumable uploads are served here, not ${query.get('uploadType')}.`));
    }
    const total = Number(headers['x-upload-content-length']);
    const contentType = String(headers['x-upload-content-type'] ?? '');
    if (!Number.isSafeInteger(total) || total <= 0) return json(400, googleError(400, 'badContent', 'Invalid X-Upload-Content-Length.'));
    if (!contentType.startsWith('video/') && contentType !== 'application/octet-stream') {
      return json(
        400,
        googleError(
          400,
          'badContent',
          `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`,
        ),
      );
    }
    let metadata: FakeUploadSession['metadata'];
    try {
      metadata = JSON.parse(body.toString('utf8')) as FakeUploadSession['metadata'];
    } catch {
      return json(400, googleError(400, 'parseError', 'Parse Error'));
    }
    const title = metadata.snippet?.title ?? '';
    const description = metadata.snippet?.description ?? '';
    if (!title.trim() || [...title].length > 100 || /[<>]/.test(title)) {
      return json(
        400,
        googleError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.', 'youtube.video'),
      );
    }
    if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
      return json(
        400,
        googleError(400, 'invalidDescription', 'The request metadata specifies an invalid video description.', 'youtube.video'),
      );
    }
    const id = newId(24);
    sessions.set(id, { id, metadata, total, contentType, parts: [], received: 0, video: null });
    const location = `${url}/upload/youtube/v3/videos?uploadType=resumable&part=${encodeURIComponent(query.get('part') ?? '')}&upload_id=${id}`;
    return { status: 200, body: '', headers: { Location: location, 'X-GUploader-UploadID': id } };
  }

  function finishUpload(session: FakeUploadSession): FakeVideo {
    const { snippet = {}, status = {} } = session.metadata;
    const video: FakeVideo = {
      id: newId(8).slice(0, 11),
      snippet: { title: snippet.title ?? '', description: snippet.description ?? '' },
      status: { privacyStatus: status.privacyStatus ?? 'public', selfDeclaredMadeForKids: status.selfDeclaredMadeForKids ?? false },
      contentType: session.contentType,
      bytes: Buffer.concat(session.parts),
      statistics: { viewCount: '0', likeCount: '0', favoriteCount: '0', commentCount: '0' },
    };
    videos.set(video.id, video);
    session.video = video;
    return video;
  }

  /** Where the session stands: 200 with the video once complete, else 308 with the bytes held. */
  function sessionStatus(session: FakeUploadSession): Reply {
    if (session.video) return json(200, videoResource(session.video, ['snippet', 'status']));
    return { status: 308, body: '', headers: session.received > 0 ? { Range: `bytes=0-${session.received - 1}` } : {} };
  }

  /** A PUT to a session: the status question, or the next chunk. Null when the connection is to break. */
  function putChunk(session: FakeUploadSession, headers: http.IncomingHttpHeaders, body: Buffer): Reply | null {
    const contentRange = String(headers['content-range'] ?? '');
    const asked = /^bytes \*\/(\d+)$/.exec(contentRange);
    if (asked) {
      if (body.length > 0) protocolErrors.push(`status question with ${body.length} bytes of body`);
      return sessionStatus(session);
    }
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange);
    const refuse = (problem: string) => {
      protocolErrors.push(problem);
      return json(400, googleError(400, 'badRequest', `Invalid request. ${problem}`));
    };
    if (!range) return refuse(`Content-Range "${contentRange}" is not bytes first-last/total`);
    const [start, end, total] = range.slice(1).map(Number);
    if (total !== session.total) return refuse(`total ${total} differs from X-Upload-Content-Length ${session.total}`);
    if (start !== session.received) return refuse(`chunk starts at ${start}; the session holds ${session.received} bytes`);
    if (end - start + 1 !== body.length) return refuse(`Content-Range names ${end - start + 1} bytes; the body has ${body.length}`);
    if (end + 1 < total && body.length % CHUNK_UNIT !== 0) return refuse(`a chunk of ${body.length} bytes is not a multiple of 256 KiB`);
    const failure = chunkFailures[0]?.after === 0 ? chunkFailures.shift() : undefined;
    if (chunkFailures[0] && !failure) chunkFailures[0].after -= 1;
    const kept = failure ? body.subarray(0, Math.min(failure.keepBytes, body.length)) : body;
    session.parts.push(kept);
    session.received += kept.length;
    chunks.push({ uploadId: session.id, start, length: kept.length, contentRange });
    if (failure) return failure.status === null ? null : json(failure.status, GOOGLE_ERRORS.backendError);
    if (session.received === session.total) finishUpload(session);
    return sessionStatus(session);
  }

  function listVideos(query: URLSearchParams): Reply {
    const parts = (query.get('part') ?? '').split(',').filter(Boolean);
    if (parts.length === 0) return json(400, googleError(400, 'required', 'Required parameter: part'));
    const ids = (query.get('id') ?? '').split(',').filter(Boolean);
    const items = ids.flatMap((id) => {
      const video = videos.get(id);
      return video ? [videoResource(video, parts)] : [];
    });
    return json(200, {
      kind: 'youtube#videoListResponse',
      etag: etag(),
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  }

  function listChannels(query: URLSearchParams): Reply {
    if (!(query.get('part') ?? '').split(',').includes('snippet') || query.get('mine') !== 'true') {
      return json(400, googleError(400, 'invalidParameter', 'Hookline asks for part=snippet&mine=true.'));
    }
    const snippet = { title: channel.title, description: '', customUrl: channel.customUrl, publishedAt: '2020-01-01T00:00:00Z' };
    return json(200, {
      kind: 'youtube#channelListResponse',
      etag: etag(),
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [
        {
          kind: 'youtube#channel',
          etag: etag(),
          id: channel.id,
          snippet: { ...snippet, localized: { title: channel.title, description: '' } },
        },
      ],
    });
  }

  function route(request: http.IncomingMessage, path: string, query: URLSearchParams, body: Buffer): Reply | null {
    const { method = 'GET' } = request;
    const planned = failures.findIndex((f) => (!f.method || f.method === method) && (!f.path || f.path === path));
    if (planned >= 0) return failures.splice(planned, 1)[0];
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return authorizePage(query);
    if (method === 'POST' && path === '/token') return tokenEndpoint(request.headers, new URLSearchParams(body.toString('utf8')));
    const token = authorize(request);
    if (!('scopes' in token)) return token;
    if (method === 'GET' && path === '/youtube/v3/channels') {
      return allows(token, READONLY_SCOPE) ? listChannels(query) : json(403, GOOGLE_ERRORS.insufficientPermissions);
    }
    if (method === 'GET' && path === '/youtube/v3/videos') {
      return allows(token, READONLY_SCOPE) ? listVideos(query) : json(403, GOOGLE_ERRORS.insufficientPermissions);
    }
    if (method === 'POST' && path === '/upload/youtube/v3/videos') return startUpload(token, query, request.headers, body);
    if (method === 'PUT' && path === '/upload/youtube/v3/videos') {
      const session = sessions.get(query.get('upload_id') ?? '');
      return session ? putChunk(session, request.headers, body) : json(404, googleError(404, 'notFound', 'Not Found'));
    }
    return json(404, googleError(404, 'notFound', `No ${method} ${path} here.`));
  }

  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://fake');
      const body = Buffer.concat(parts);
      requests.push({
        method: request.method ?? 'GET',
        path: address.pathname,
        query: address.searchParams,
        headers: request.headers,
        body,
      });
      const reply = route(request, address.pathname, address.searchParams, body);
      if (reply === null) {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The CHANNEL_GOOGLE_* variables that point the app at this fake. */
    env: {
      CHANNEL_GOOGLE_CLIENT_ID: CLIENT_ID,
      CHANNEL_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      CHANNEL_GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      CHANNEL_GOOGLE_TOKEN_URL: `${url}/token`,
      CHANNEL_GOOGLE_PROFILE_URL: `${url}/youtube/v3/channels?part=snippet&mine=true`,
      CHANNEL_GOOGLE_API_URL: url,
    },
    channel,
    requests,
    videos,
    /** Upload sessions by upload_id. */
    sessions,
    /** Every chunk stored, in the order it came. */
    chunks,
    protocolErrors,
    /** Tokens as if the user had consented (every scope the app asks for), without the OAuth round trip. */
    issueTokens(): { accessToken: string; refreshToken: string } {
      const answer = grant(APP_SCOPES, true);
      return { accessToken: String(answer.access_token), refreshToken: String(answer.refresh_token) };
    },
    /** The next request (of this method and path, when given) gets this answer instead. */
    failNext(status: number, body: string, headers: Record<string, string> = {}, match: { method?: string; path?: string } = {}) {
      failures.push({ status, body, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers }, ...match });
    },
    /**
     * A chunk, once `after` more have been taken, is stored only up to keepBytes, then answered with
     * this status (with Google's backendError body) or, with status null, its connection is broken.
     */
    failChunk(failure: { after?: number; status: number | null; keepBytes?: number }) {
      chunkFailures.push({ after: failure.after ?? 0, status: failure.status, keepBytes: failure.keepBytes ?? 0 });
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    revokeRefreshTokens() {
      for (const token of refreshTokens.values()) token.revoked = true;
    },
    /**
     * Google's re-consent: with false, a repeat authorization of the user issues no refresh token
     * even with prompt=consent, so the app must keep the one it stored.
     */
    setRefreshTokenOnRepeatConsent(issue: boolean) {
      refreshTokenOnRepeatConsent = issue;
    },
    setStatistics(videoId: string, figures: { views: number; likes: number; comments: number }) {
      const video = videos.get(videoId);
      if (!video) throw new Error(`no video ${videoId}`);
      video.statistics = {
        viewCount: String(figures.views),
        likeCount: String(figures.likes),
        favoriteCount: '0',
        commentCount: String(figures.comments),
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type YouTubeFake = Awaited<ReturnType<typeof startYouTubeFake>>;

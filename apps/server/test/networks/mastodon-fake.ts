import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  countMastodonCharacters,
  MASTODON_AUDIO_TYPES,
  MASTODON_IMAGE_TYPES,
  MASTODON_LIMITS,
  MASTODON_VIDEO_TYPES,
} from '../../src/modules/networks/mastodon/check-mastodon-post.ts';

/**
 * A small Mastodon (4.3) over real HTTP: app registration, OAuth with PKCE, the account, media
 * uploads processed in the background (v2), statuses with Idempotency-Key, their counts, rate
 * limits, and token revocation, with Mastodon's and Doorkeeper's own error bodies.
 */

/** One request as the fake received it. */
export interface MastodonFakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface MastodonFakeApp {
  clientId: string;
  clientSecret: string;
  name: string;
  website: string | null;
  redirectUris: string[];
  scopes: string[];
}

export interface MastodonFakeMedia {
  id: string;
  type: 'image' | 'video' | 'audio';
  mimeType: string;
  filename: string;
  bytes: Buffer;
  description: string | null;
  /** GET /api/v1/media/:id answers 206 this many more times before the file is processed. */
  pollsLeft: number;
  statusId: string | null;
}

export interface MastodonFakeStatus {
  id: string;
  text: string;
  visibility: string;
  mediaIds: string[];
  favourites: number;
  reblogs: number;
  replies: number;
  createdAt: string;
}

export interface MastodonFake {
  /** The instance's address (http://127.0.0.1:port). */
  url: string;
  /** What points the app at it: a local instance is only reachable with private instances allowed. */
  env: Record<string, string>;
  requests: MastodonFakeRequest[];
  account: { id: string; username: string };
  apps: Map<string, MastodonFakeApp>;
  media: Map<string, MastodonFakeMedia>;
  statuses: Map<string, MastodonFakeStatus>;
  /** A token for the account, as the OAuth flow would issue it. */
  issueAccessToken(scopes?: string): string;
  /** The next API request that matches (all by default) gets this answer instead. */
  failNext(status: number, body: unknown, headers?: Record<string, string>, match?: { method?: string; path?: string }): void;
  /** No requests left in this window: 429 until it resets, this many milliseconds from now. */
  exhaustRateLimit(resetInMs: number): void;
  resetRateLimit(): void;
  /** Every access token issued so far is revoked (as POST /oauth/revoke or the user's settings do). */
  revokeAccessTokens(): void;
  /** How many polls a video or audio upload answers 206 before it is processed (Infinity: never). */
  setMediaProcessingPolls(polls: number): void;
  like(statusId: string, count?: number): void;
  boost(statusId: string, count?: number): void;
  reply(statusId: string, count?: number): void;
  close(): Promise<void>;
}

export interface MastodonFakeOptions {
  /** 0 (default) takes a free port. */
  port?: number;
  maxCharacters?: number;
}

/** Doorkeeper's error descriptions, word for word. */
const OAUTH_ERRORS = {
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalid_request: 'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  unauthorized_client: 'You are not authorized to revoke this token.',
  invalid_redirect_uri: "The requested redirect uri is malformed or doesn't match client redirect URI.",
} as const;

/** Rack::Attack's default API throttle: 300 requests per 5 minutes. */
const RATE_LIMIT = 300;
const RATE_WINDOW_MS = 5 * 60_000;
/** Doorkeeper's authorization_code_expires_in default. */
const CODE_TTL_MS = 10 * 60_000;
/** How long Mastodon remembers an Idempotency-Key. */
const IDEMPOTENCY_TTL_MS = 60 * 60_000;

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Answer(status, body, headers);
const mastodonError = (status: number, error: string) => json(status, { error });
const oauthError = (status: number, error: keyof typeof OAUTH_ERRORS) => json(status, { error, error_description: OAUTH_ERRORS[error] });

interface Grant {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  challenge: string | null;
  expiresAt: number;
}

interface Token {
  clientId: string | null;
  scopes: string[];
  revoked: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Mastodon takes JSON and form bodies alike (arrays as name[]). */
async function readParams(request: MastodonFakeRequest): Promise<Record<string, string | string[]>> {
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json'))
    return request.body.length ? (JSON.parse(request.body.toString('utf8')) as Record<string, string>) : {};
  const params: Record<string, string | string[]> = {};
  const entries = type.includes('multipart/form-data')
    ? [...(await multipartOf(request)).entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    : [...new URLSearchParams(request.body.toString('utf8')).entries()];
  for (const [name, value] of entries) {
    if (name.endsWith('[]')) params[name.slice(0, -2)] = [...((params[name.slice(0, -2)] as string[] | undefined) ?? []), value];
    else params[name] = value;
  }
  return params;
}

/** The platform's own multipart parser (undici's), as Rack parses Mastodon's uploads. */
function multipartOf(request: MastodonFakeRequest): Promise<FormData> {
  return new Response(request.body, { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
}

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function startMastodonFake(options: MastodonFakeOptions = {}): Promise<MastodonFake> {
  const maxCharacters = options.maxCharacters ?? MASTODON_LIMITS.maxCharacters;
  const account = { id: '110528637375951012', username: 'hookline_bakery' };
  const requests: MastodonFakeRequest[] = [];
  const apps = new Map<string, MastodonFakeApp>();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Token>();
  const media = new Map<string, MastodonFakeMedia>();
  const statuses = new Map<string, MastodonFakeStatus>();
  const idempotency = new Map<string, { statusId: string; at: number }>();
  const failures: { answer: Answer; method?: string; path?: string }[] = [];
  let rate = { remaining: RATE_LIMIT, resetsAt: Date.now() + RATE_WINDOW_MS };
  let processingPolls = 2;
  let lastId = BigInt(account.id);
  let origin = '';

  // Snowflake-like ids, increasing, as Mastodon's are.
  const nextId = () => String((lastId += 1n + BigInt(Math.floor(Math.random() * 1000))));

  const issueAccessToken = (scopes = 'read write', clientId: string | null = null) => {
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, { clientId, scopes: scopes.split(/\s+/).filter(Boolean), revoked: false });
    return token;
  };

  /** A client's credentials from the body or HTTP Basic, as Doorkeeper takes them. */
  function clientOf(request: MastodonFakeRequest, params: Record<string, string | string[]>): MastodonFakeApp | null {
    let id = text(params.client_id);
    let secret = text(params.client_secret);
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent);
    const app = id ? apps.get(id) : undefined;
    return app && app.clientSecret === secret ? app : null;
  }

  /** Doorkeeper's checks of the Bearer token, with Mastodon's scope hierarchy (write covers write:statuses). */
  function authorize(request: MastodonFakeRequest, scope: 'read' | 'write'): Answer | null {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
    const token = bearer ? tokens.get(bearer[1]) : undefined;
    if (!token) return mastodonError(401, 'The access token is invalid');
    if (token.revoked) return mastodonError(401, 'The access token was revoked');
    if (!token.scopes.some((granted) => granted === scope || granted.startsWith(`${scope}:`))) {
      return mastodonError(403, 'This action is outside the authorized scopes');
    }
    return null;
  }

  function accountJson() {
    return {
      id: account.id,
      username: account.username,
      acct: account.username,
      display_name: 'Hookline Bakery',
      locked: false,
      bot: false,
      created_at: '2023-06-12T00:00:00.000Z',
      note: '<p>Fresh bread, scheduled.</p>',
      url: `${origin}/@${account.username}`,
      avatar: `${origin}/avatars/original/missing.png`,
      followers_count: 12,
      following_count: 3,
      statuses_count: statuses.size,
      source: { privacy: 'public', sensitive: false, language: '', note: 'Fresh bread, scheduled.', fields: [] },
    };
  }

  function mediaJson(item: MastodonFakeMedia) {
    const processed = item.pollsLeft <= 0;
    return {
      id: item.id,
      type: item.type,
      url: processed ? `${origin}/system/media_attachments/files/${item.id}/original/${item.filename}` : null,
      preview_url: `${origin}/system/media_attachments/files/${item.id}/small/${item.filename}`,
      remote_url: null,
      meta: {},
      description: item.description,
      blurhash: 'UFBWY:8_0Jog_4of9FRj4nof-;ayM{j[ofWB',
    };
  }

  function statusJson(status: MastodonFakeStatus) {
    return {
      id: status.id,
      created_at: status.createdAt,
      in_reply_to_id: null,
      in_reply_to_account_id: null,
      sensitive: false,
      spoiler_text: '',
      visibility: status.visibility,
      language: 'en',
      uri: `${origin}/users/${account.username}/statuses/${status.id}`,
      url: `${origin}/@${account.username}/${status.id}`,
      replies_count: status.replies,
      reblogs_count: status.reblogs,
      favourites_count: status.favourites,
      content: `<p>${escapeHtml(status.text)}</p>`,
      reblog: null,
      account: accountJson(),
      media_attachments: status.mediaIds.map((id) => mediaJson(media.get(id) as MastodonFakeMedia)),
      mentions: [],
      tags: [],
      emojis: [],
      card: null,
      poll: null,
    };
  }

  function instanceJson() {
    return {
      domain: new URL(origin).host,
      title: 'Hookline test Mastodon',
      version: '4.3.0',
      source_url: 'https://github.com/mastodon/mastodon',
      description: 'A local stand-in for a Mastodon server.',
      configuration: {
        urls: { streaming: origin.replace(/^http/, 'ws') },
        accounts: { max_featured_tags: 10, max_pinned_statuses: 5 },
        statuses: {
          max_characters: maxCharacters,
          max_media_attachments: MASTODON_LIMITS.maxMediaAttachments,
          characters_reserved_per_url: MASTODON_LIMITS.charactersReservedPerUrl,
        },
        media_attachments: {
          supported_mime_types: [...MASTODON_IMAGE_TYPES, ...MASTODON_VIDEO_TYPES, ...MASTODON_AUDIO_TYPES],
          description_limit: MASTODON_LIMITS.descriptionLimit,
          image_size_limit: MASTODON_LIMITS.imageSizeLimit,
          image_matrix_limit: MASTODON_LIMITS.imageMatrixLimit,
          video_size_limit: MASTODON_LIMITS.videoSizeLimit,
          video_frame_rate_limit: 120,
          video_matrix_limit: MASTODON_LIMITS.videoMatrixLimit,
        },
        polls: { max_options: 4, max_characters_per_option: 50, min_expiration: 300, max_expiration: 2629746 },
        translation: { enabled: false },
      },
      registrations: { enabled: false, approval_required: false, message: null },
      api_versions: { mastodon: 2 },
    };
  }

  function registerApp(params: Record<string, string | string[]>): Answer {
    const name = text(params.client_name)?.trim();
    if (!name) return mastodonError(422, "Validation failed: Application name can't be blank");
    const given = params.redirect_uris;
    const redirectUris = (Array.isArray(given) ? given : (given ?? '').split(/\s+/)).filter(Boolean);
    if (redirectUris.length === 0) return mastodonError(422, "Validation failed: Redirect URI can't be blank");
    if (!redirectUris.every((uri) => URL.canParse(uri)))
      return mastodonError(422, 'Validation failed: Redirect URI must be an absolute URI.');
    const app: MastodonFakeApp = {
      clientId: randomBytes(32).toString('base64url'),
      clientSecret: randomBytes(32).toString('base64url'),
      name,
      website: text(params.website) ?? null,
      redirectUris,
      scopes: (text(params.scopes) ?? 'read').split(/\s+/).filter(Boolean),
    };
    apps.set(app.clientId, app);
    return json(200, {
      id: nextId(),
      name: app.name,
      website: app.website,
      scopes: app.scopes,
      redirect_uri: app.redirectUris.join('\n'),
      redirect_uris: app.redirectUris,
      vapid_key: 'BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M=',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      client_secret_expires_at: 0,
    });
  }

  /** The consent screen, consented at once: back to the app with a code, or with the error Doorkeeper would send. */
  function authorizeApp(query: URLSearchParams): Answer {
    const app = apps.get(query.get('client_id') ?? '');
    if (!app) return new Answer(401, `<h1>An error has occurred</h1><p>${OAUTH_ERRORS.invalid_client}</p>`);
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!app.redirectUris.includes(redirectUri))
      return new Answer(400, `<h1>An error has occurred</h1><p>${OAUTH_ERRORS.invalid_redirect_uri}</p>`);
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const refuse = (error: keyof typeof OAUTH_ERRORS) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', OAUTH_ERRORS[error]);
      return new Answer(302, '', { location: back.toString() });
    };
    if (query.get('response_type') !== 'code') return refuse('invalid_request');
    const scopes = (query.get('scope') ?? 'read').split(/\s+/).filter(Boolean);
    if (!scopes.every((scope) => app.scopes.includes(scope))) return refuse('invalid_scope');
    const challenge = query.get('code_challenge');
    if (challenge && query.get('code_challenge_method') !== 'S256') return refuse('invalid_request');
    const code = randomBytes(32).toString('base64url');
    grants.set(code, { clientId: app.clientId, redirectUri, scopes, challenge, expiresAt: Date.now() + CODE_TTL_MS });
    back.searchParams.set('code', code);
    return new Answer(302, '', { location: back.toString() });
  }

  function issueTokens(request: MastodonFakeRequest, params: Record<string, string | string[]>): Answer {
    if (text(params.grant_type) !== 'authorization_code') return oauthError(400, 'unsupported_grant_type');
    const app = clientOf(request, params);
    if (!app) return oauthError(401, 'invalid_client');
    const code = text(params.code);
    if (!code) return oauthError(400, 'invalid_request');
    const grant = grants.get(code);
    if (!grant || grant.expiresAt < Date.now() || grant.clientId !== app.clientId || grant.redirectUri !== text(params.redirect_uri)) {
      return oauthError(400, 'invalid_grant');
    }
    const verifier = text(params.code_verifier);
    if (grant.challenge && (!verifier || s256(verifier) !== grant.challenge)) return oauthError(400, 'invalid_grant');
    grants.delete(code);
    const scope = grant.scopes.join(' ');
    return json(200, {
      access_token: issueAccessToken(scope, app.clientId),
      token_type: 'Bearer',
      scope,
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function revokeToken(request: MastodonFakeRequest, params: Record<string, string | string[]>): Answer {
    const app = clientOf(request, params);
    const token = tokens.get(text(params.token) ?? '');
    if (!app || (token && token.clientId !== app.clientId)) return oauthError(403, 'unauthorized_client');
    if (token) token.revoked = true;
    return json(200, {});
  }

  async function uploadMedia(request: MastodonFakeRequest): Promise<Answer> {
    if (!(request.headers['content-type'] ?? '').includes('multipart/form-data'))
      return mastodonError(422, "Validation failed: File can't be blank");
    const form = await multipartOf(request);
    const file = form.get('file');
    if (!(file instanceof File)) return mastodonError(422, "Validation failed: File can't be blank");
    const description = form.get('description');
    if (typeof description === 'string' && description.length > MASTODON_LIMITS.descriptionLimit) {
      return mastodonError(422, `Validation failed: Description is too long (maximum is ${MASTODON_LIMITS.descriptionLimit} characters)`);
    }
    const type = MASTODON_IMAGE_TYPES.includes(file.type)
      ? 'image'
      : MASTODON_VIDEO_TYPES.includes(file.type)
        ? 'video'
        : MASTODON_AUDIO_TYPES.includes(file.type)
          ? 'audio'
          : null;
    if (!type) return mastodonError(422, 'Validation failed: File content type is invalid, File is invalid');
    const limit = type === 'image' ? MASTODON_LIMITS.imageSizeLimit : MASTODON_LIMITS.videoSizeLimit;
    if (file.size > limit) return mastodonError(422, `Validation failed: File file size must be less than ${limit / (1024 * 1024)} MB`);
    const item: MastodonFakeMedia = {
      id: nextId(),
      type,
      mimeType: file.type,
      filename: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
      description: typeof description === 'string' ? description : null,
      // Mastodon processes images as they are uploaded; videos and audio in the background.
      pollsLeft: type === 'image' ? 0 : processingPolls,
      statusId: null,
    };
    media.set(item.id, item);
    return json(item.pollsLeft > 0 ? 202 : 200, mediaJson(item));
  }

  function showMedia(id: string): Answer {
    const item = media.get(id);
    if (!item || item.statusId) return mastodonError(404, 'Record not found');
    const answer = json(item.pollsLeft > 0 ? 206 : 200, mediaJson(item));
    item.pollsLeft -= 1;
    return answer;
  }

  function postStatus(request: MastodonFakeRequest, params: Record<string, string | string[]>): Answer {
    const key = request.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotency.get(key) : undefined;
    if (remembered && Date.now() - remembered.at < IDEMPOTENCY_TTL_MS)
      return json(200, statusJson(statuses.get(remembered.statusId) as MastodonFakeStatus));
    const body = text(params.status) ?? '';
    const given = params.media_ids;
    const mediaIds = (Array.isArray(given) ? given : given ? [given] : []).map(String);
    const files = mediaIds.map((id) => media.get(id)).filter((item): item is MastodonFakeMedia => item !== undefined);
    const missing = mediaIds.filter((id) => {
      const item = media.get(id);
      return !item || item.statusId;
    });
    if (missing.length > 0) return mastodonError(422, `Media ${missing.join(', ')} not found or already attached to another post`);
    if (files.length > MASTODON_LIMITS.maxMediaAttachments) return mastodonError(422, 'Cannot attach more than 4 files');
    if (files.length > 1 && files.some((item) => item.type !== 'image')) {
      return mastodonError(422, 'Cannot attach a video to a post that already contains images');
    }
    if (files.some((item) => item.pollsLeft > 0)) {
      return mastodonError(422, 'Cannot attach files that have not finished processing. Try again in a moment!');
    }
    if (body.trim() === '' && files.length === 0) return mastodonError(422, "Validation failed: Text can't be blank");
    if (countMastodonCharacters(body) > maxCharacters) {
      return mastodonError(422, `Validation failed: Text character limit of ${maxCharacters} exceeded`);
    }
    const status: MastodonFakeStatus = {
      id: nextId(),
      text: body,
      visibility: text(params.visibility) ?? 'public',
      mediaIds,
      favourites: 0,
      reblogs: 0,
      replies: 0,
      createdAt: new Date().toISOString(),
    };
    statuses.set(status.id, status);
    for (const item of files) item.statusId = status.id;
    if (typeof key === 'string') idempotency.set(key, { statusId: status.id, at: Date.now() });
    return json(200, statusJson(status));
  }

  function showStatus(id: string): Answer {
    const status = statuses.get(id);
    return status ? json(200, statusJson(status)) : mastodonError(404, 'Record not found');
  }

  /** Rack::Attack's count for this window, with the headers Mastodon sends on API answers. */
  function countRequest(): { headers: Record<string, string>; limited: boolean } {
    if (Date.now() >= rate.resetsAt) rate = { remaining: RATE_LIMIT, resetsAt: Date.now() + RATE_WINDOW_MS };
    const limited = rate.remaining <= 0;
    if (!limited) rate.remaining -= 1;
    return {
      limited,
      headers: {
        'x-ratelimit-limit': String(RATE_LIMIT),
        'x-ratelimit-remaining': String(rate.remaining),
        'x-ratelimit-reset': new Date(rate.resetsAt).toISOString(),
      },
    };
  }

  async function route(request: MastodonFakeRequest): Promise<Answer> {
    const { method, path } = request;
    const failure = failures.findIndex((f) => (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)));
    if (failure >= 0) return failures.splice(failure, 1)[0].answer;

    if (method === 'GET' && path === '/oauth/authorize') return authorizeApp(request.query);
    if (method === 'POST' && path === '/oauth/token') return issueTokens(request, await readParams(request));
    if (method === 'POST' && path === '/oauth/revoke') return revokeToken(request, await readParams(request));
    if (!path.startsWith('/api/')) return new Answer(404, "<h1>The page you are looking for isn't here.</h1>");

    const { headers, limited } = countRequest();
    if (limited) return json(429, { error: 'Too many requests' }, headers);
    const answer = await routeApi(request);
    return new Answer(answer.status, answer.body, { ...headers, ...answer.headers });
  }

  async function routeApi(request: MastodonFakeRequest): Promise<Answer> {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/v2/instance') return json(200, instanceJson());
    if (method === 'POST' && path === '/api/v1/apps') return registerApp(await readParams(request));
    const mediaId = /^\/api\/v1\/media\/([^/]+)$/.exec(path)?.[1];
    const statusId = /^\/api\/v1\/statuses\/([^/]+)$/.exec(path)?.[1];
    const needs = (scope: 'read' | 'write', then: () => Answer | Promise<Answer>) => authorize(request, scope) ?? then();
    if (method === 'GET' && path === '/api/v1/accounts/verify_credentials') return needs('read', () => json(200, accountJson()));
    if (method === 'POST' && path === '/api/v2/media') return needs('write', () => uploadMedia(request));
    if (method === 'GET' && mediaId) return needs('write', () => showMedia(mediaId));
    if (method === 'POST' && path === '/api/v1/statuses') return needs('write', async () => postStatus(request, await readParams(request)));
    if (method === 'GET' && statusId) return needs('read', () => showStatus(statusId));
    return mastodonError(404, 'Record not found');
  }

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', origin);
      const request: MastodonFakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      route(request)
        .catch((error: unknown) => json(500, { error: `Fake Mastodon failed: ${String(error)}` }))
        .then((answer) => {
          const isText = typeof answer.body === 'string';
          outgoing.writeHead(answer.status, {
            'content-type': isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
            ...answer.headers,
          });
          outgoing.end(isText ? answer.body : JSON.stringify(answer.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const bump =
    (field: 'favourites' | 'reblogs' | 'replies') =>
    (statusId: string, count = 1) => {
      const status = statuses.get(statusId);
      if (!status) throw new Error(`The fake Mastodon has no status ${statusId}.`);
      status[field] += count;
    };

  return {
    url: origin,
    env: { CHANNEL_ALLOW_PRIVATE_INSTANCES: 'true' },
    requests,
    account,
    apps,
    media,
    statuses,
    issueAccessToken: (scopes) => issueAccessToken(scopes),
    failNext: (status, body, headers = {}, match = {}) => failures.push({ answer: new Answer(status, body, headers), ...match }),
    exhaustRateLimit: (resetInMs) => {
      rate = { remaining: 0, resetsAt: Date.now() + resetInMs };
    },
    resetRateLimit: () => {
      rate = { remaining: RATE_LIMIT, resetsAt: Date.now() + RATE_WINDOW_MS };
    },
    revokeAccessTokens: () => {
      for (const token of tokens.values()) token.revoked = true;
    },
    setMediaProcessingPolls: (polls) => {
      processingPolls = polls;
    },
    like: bump('favourites'),
    boost: bump('reblogs'),
    reply: bump('replies'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

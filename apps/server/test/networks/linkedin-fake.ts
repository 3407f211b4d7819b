import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local LinkedIn: OAuth 2.0 (authorization with auto-consent, the accessToken endpoint with
 * client_secret_post, authorization_code with PKCE when a challenge was sent, and refresh_token),
 * OpenID userinfo, and the versioned REST API the adapter uses: Images and Videos uploads (videos in
 * parts with ETags, finalize, processing), Posts, socialActions, organization share statistics,
 * organizationAcls and organizations. Errors are LinkedIn's documented bodies, word for word.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as sent (URNs stay percent-encoded). */
  url: string;
  /** The path, percent-decoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeMember {
  sub: string;
  name: string;
  email: string;
}

export interface FakeOrganization {
  id: number;
  localizedName: string;
  vanityName: string;
}

export interface FakePost {
  urn: string;
  /** The request body as LinkedIn received it. */
  body: { author: string; commentary: string; content?: Record<string, unknown> } & Record<string, unknown>;
  likes: number;
  comments: number;
  impressions: number;
  shares: number;
}

export interface FakeVideo {
  urn: string;
  owner: string;
  size: number;
  uploadToken: string;
  parts: Array<{ firstByte: number; lastByte: number; bytes: Buffer | null; etag: string | null }>;
  uploadedPartIds: string[] | null;
  statusReads: number;
}

export interface LinkedInFakeOptions {
  /** Bytes per upload part LinkedIn asks for (4 MB in production); small here to test multi-part uploads. */
  videoPartSize?: number;
  /** How many status reads answer PROCESSING after finalizeUpload before AVAILABLE. */
  videoProcessingReads?: number;
}

interface Token {
  sub: string;
  expiresAt: number;
  revoked: boolean;
}

interface Failure {
  status: number;
  body: string;
  headers: Record<string, string>;
  pathPrefix?: string;
}

const CLIENT_ID = 'hookline-linkedin';
const CLIENT_SECRET = 'linkedin-secret';
const ACCESS_TOKEN_SECONDS = 60 * 24 * 3600;
const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600;

/** LinkedIn's answers for refused tokens (Error Handling page and what the API sends). */
export const LINKEDIN_AUTH_ERRORS = {
  empty: { message: 'Empty oauth2_access_token', serviceErrorCode: 401, status: 401 },
  invalid: { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' },
  expired: { status: 401, serviceErrorCode: 65602, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' },
  revoked: {
    status: 401,
    serviceErrorCode: 65601,
    code: 'REVOKED_ACCESS_TOKEN',
    message: 'The token used in the request has been revoked by the user',
  },
};

/** A daily throttle, as LinkedIn words it (no Retry-After: limits reset at midnight UTC). */
export const LINKEDIN_DAILY_THROTTLE = {
  status: 429,
  serviceErrorCode: 101,
  code: 'TOO_MANY_REQUESTS',
  message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
};

const INVALID_CODE = {
  error: 'invalid_request',
  error_description:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
};
const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.',
};

const missingParameter = (name: string) => ({ error: 'invalid_request', error_description: `A required parameter "${name}" is missing` });
const secret = () => randomBytes(24).toString('base64url');
const numericId = () => `7${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** The values inside a Rest.li List(a,b,c) parameter. */
const listOf = (value: string | null) =>
  /^List\((.*)\)$/
    .exec(value ?? '')?.[1]
    .split(',')
    .filter(Boolean) ?? [];

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: unknown = '', headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'x-li-uuid': randomUUID(),
    ...(text && { 'content-type': 'application/json' }),
    ...headers,
  });
  response.end(text);
}

export async function startLinkedInFake(options: LinkedInFakeOptions = {}) {
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { sub: string; expiresAt: number; revoked: boolean }>();
  const codes = new Map<string, { sub: string; redirectUri: string; challenge: string | null }>();
  const posts = new Map<string, FakePost>();
  const images = new Map<string, { urn: string; owner: string; bytes: Buffer | null; contentType: string | null }>();
  const videos = new Map<string, FakeVideo>();
  const member: FakeMember = { sub: 'bA9x_member', name: 'Lee Linked', email: 'lee@linkedin.test' };
  const organizations: FakeOrganization[] = [
    { id: 2414183, localizedName: 'Hookline Bakery', vanityName: 'hookline-bakery' },
    { id: 5515715, localizedName: 'Crumb Co', vanityName: 'crumb-co' },
  ];
  /** The pages the member administers (APPROVED ADMINISTRATOR roles). */
  const administers = new Set(organizations.map((organization) => organization.id));
  const settings = {
    videoPartSize: options.videoPartSize ?? 4 * 1024 * 1024,
    videoProcessingReads: options.videoProcessingReads ?? 1,
    videoFailureReason: null as string | null,
  };
  let url = '';

  function issueTokens(sub: string) {
    const accessToken = `AQ${secret()}`;
    const refreshToken = `AQR${secret()}`;
    accessTokens.set(accessToken, { sub, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000, revoked: false });
    refreshTokens.set(refreshToken, { sub, expiresAt: Date.now() + REFRESH_TOKEN_SECONDS * 1000, revoked: false });
    return { accessToken, refreshToken };
  }

  /** The member behind the request's bearer token, or the 401 LinkedIn answers. */
  function authenticate(headers: IncomingHttpHeaders): { sub: string } | { error: object } {
    const match = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    if (!match) return { error: LINKEDIN_AUTH_ERRORS.empty };
    const token = accessTokens.get(match[1]);
    if (!token) return { error: LINKEDIN_AUTH_ERRORS.invalid };
    if (token.revoked) return { error: LINKEDIN_AUTH_ERRORS.revoked };
    if (token.expiresAt <= Date.now()) return { error: LINKEDIN_AUTH_ERRORS.expired };
    return { sub: token.sub };
  }

  /** Whether the member may act as this author: themselves, or a page they administer. */
  function mayActAs(sub: string, author: string): boolean {
    if (author === `urn:li:person:${sub}`) return true;
    const page = /^urn:li:organization:(\d+)$/.exec(author);
    return page !== null && sub === member.sub && administers.has(Number(page[1]));
  }

  const accessDenied = (resource: string) => ({
    status: 403,
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
    message: `Not enough permissions to access: ${resource}`,
  });
  const notFound = (what: string) => ({ status: 404, serviceErrorCode: 0, code: 'NOT_FOUND', message: `${what} does not exist` });
  const badRequest = (message: string) => ({ status: 400, message });

  function authorize(response: ServerResponse, query: URLSearchParams) {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== CLIENT_ID)
      return send(response, 401, { error: 'invalid_client', error_description: "Client_id doesn't match" });
    if (!redirectUri) return send(response, 400, missingParameter('redirect_uri'));
    if (query.get('response_type') !== 'code') return send(response, 400, missingParameter('response_type'));
    const challenge = query.get('code_challenge');
    if (challenge && query.get('code_challenge_method') !== 'S256') return send(response, 400, missingParameter('code_challenge_method'));
    const code = `AQT${secret()}`;
    codes.set(code, { sub: member.sub, redirectUri, challenge });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (query.has('state')) back.searchParams.set('state', query.get('state') ?? '');
    send(response, 302, '', { location: back.toString() });
  }

  function exchangeToken(response: ServerResponse, form: URLSearchParams) {
    for (const name of ['grant_type', 'client_id', 'client_secret'])
      if (!form.get(name)) return send(response, 400, missingParameter(name));
    if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
      return send(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code');
      if (!code) return send(response, 400, missingParameter('code'));
      if (!form.get('redirect_uri')) return send(response, 400, missingParameter('redirect_uri'));
      const issued = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const verified = !issued?.challenge || createHash('sha256').update(verifier).digest('base64url') === issued.challenge;
      if (!issued || issued.redirectUri !== form.get('redirect_uri') || !verified) return send(response, 400, INVALID_CODE);
      const { accessToken, refreshToken } = issueTokens(issued.sub);
      return send(response, 200, {
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
        scope: 'email,openid,profile,w_member_social',
      });
    }
    if (grant === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return send(response, 400, missingParameter('refresh_token'));
      const stored = refreshTokens.get(refreshToken);
      if (!stored || stored.revoked || stored.expiresAt <= Date.now()) return send(response, 400, INVALID_GRANT);
      const accessToken = `AQ${secret()}`;
      accessTokens.set(accessToken, { sub: stored.sub, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000, revoked: false });
      // The refresh token keeps the lifetime it was issued with.
      return send(response, 200, {
        access_token: accessToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: refreshToken,
        refresh_token_expires_in: Math.floor((stored.expiresAt - Date.now()) / 1000),
        scope: 'email,openid,profile,w_member_social',
      });
    }
    send(response, 400, { error: 'unsupported_grant_type', error_description: `grant_type "${grant}" is not supported` });
  }

  function initializeVideo(response: ServerResponse, sub: string, body: Record<string, unknown>) {
    const request = body.initializeUploadRequest as { owner?: string; fileSizeBytes?: number } | undefined;
    const size = request?.fileSizeBytes;
    if (!request?.owner || typeof size !== 'number' || size <= 0)
      return send(response, 400, badRequest('initializeUploadRequest needs owner and fileSizeBytes'));
    if (!mayActAs(sub, request.owner)) {
      return send(response, 403, {
        message: 'Accessing this video resource is forbidden. Please check your permissions for this resource',
        status: 403,
      });
    }
    const id = `C5${secret().slice(0, 14)}`;
    const urn = `urn:li:video:${id}`;
    const parts: FakeVideo['parts'] = [];
    for (let first = 0; first < size; first += settings.videoPartSize) {
      parts.push({ firstByte: first, lastByte: Math.min(first + settings.videoPartSize, size) - 1, bytes: null, etag: null });
    }
    const video: FakeVideo = {
      urn,
      owner: request.owner,
      size,
      uploadToken: parts.length > 1 ? secret() : '',
      parts,
      uploadedPartIds: null,
      statusReads: 0,
    };
    videos.set(urn, video);
    send(response, 200, {
      value: {
        uploadUrlsExpireAt: Date.now() + 24 * 3600 * 1000,
        video: urn,
        uploadInstructions: parts.map((part, index) => ({
          uploadUrl: `${url}/dms-uploads/videos/${id}/parts/${index}`,
          firstByte: part.firstByte,
          lastByte: part.lastByte,
        })),
        uploadToken: video.uploadToken,
      },
    });
  }

  function finalizeVideo(response: ServerResponse, body: Record<string, unknown>) {
    const request = body.finalizeUploadRequest as { video?: string; uploadToken?: string; uploadedPartIds?: string[] } | undefined;
    const video = videos.get(request?.video ?? '');
    if (!request || !video) return send(response, 404, notFound(`Video ${request?.video}`));
    if ((request.uploadToken ?? '') !== video.uploadToken) return send(response, 400, badRequest('uploadToken does not match the upload'));
    const expected = video.parts.map((part) => part.etag);
    if (expected.some((etag) => etag === null)) return send(response, 400, badRequest('Not all parts of the video were uploaded'));
    if (JSON.stringify(request.uploadedPartIds) !== JSON.stringify(expected)) {
      return send(response, 400, badRequest('uploadedPartIds do not match the uploaded parts'));
    }
    video.uploadedPartIds = request.uploadedPartIds ?? [];
    send(response, 200);
  }

  function readVideo(response: ServerResponse, urn: string) {
    const video = videos.get(urn);
    if (!video) return send(response, 404, notFound(`Video ${urn}`));
    let status = 'WAITING_UPLOAD';
    if (video.uploadedPartIds) {
      video.statusReads += 1;
      if (settings.videoFailureReason) status = 'PROCESSING_FAILED';
      else status = video.statusReads > settings.videoProcessingReads ? 'AVAILABLE' : 'PROCESSING';
    }
    send(response, 200, {
      id: urn,
      owner: video.owner,
      status,
      ...(status === 'PROCESSING_FAILED' && { processingFailureReason: settings.videoFailureReason }),
    });
  }

  /** Whether the post's content names media this member uploaded and LinkedIn can show. */
  function checkContent(content: Record<string, unknown> | undefined): string | null {
    if (!content) return null;
    const ids: string[] = [];
    const media = content.media as { id?: string } | undefined;
    const multiImage = content.multiImage as { images?: Array<{ id?: string }> } | undefined;
    if (media?.id) ids.push(media.id);
    else if (multiImage?.images) {
      if (multiImage.images.length < 2 || multiImage.images.length > 20) return 'A MultiImage post takes 2 to 20 images';
      ids.push(...multiImage.images.map((image) => image.id ?? ''));
    } else return 'content needs media or multiImage';
    for (const id of ids) {
      if (id.startsWith('urn:li:image:') && images.get(id)?.bytes) continue;
      const video = videos.get(id);
      if (video?.uploadedPartIds && video.statusReads > settings.videoProcessingReads && !settings.videoFailureReason) continue;
      return `${id} is not an uploaded, available image or video`;
    }
    return null;
  }

  function createPost(response: ServerResponse, sub: string, body: FakePost['body'], version: string) {
    const missing = ['author', 'commentary', 'visibility', 'distribution', 'lifecycleState'].filter((field) => body[field] === undefined);
    if (missing.length > 0) {
      return send(response, 422, {
        message: missing.map((field) => `ERROR :: /${field} :: field is required but not found and has no default value\n`).join(''),
        status: 422,
      });
    }
    if (!mayActAs(sub, body.author)) return send(response, 403, accessDenied(`partnerApiPostsExternal.CREATE.${version}`));
    const contentProblem = checkContent(body.content);
    if (contentProblem) return send(response, 400, badRequest(contentProblem));
    const duplicate = [...posts.values()].find(
      (post) =>
        post.body.author === body.author &&
        post.body.commentary === body.commentary &&
        JSON.stringify(post.body.content) === JSON.stringify(body.content),
    );
    if (duplicate) {
      return send(response, 422, {
        errorDetailType: 'com.linkedin.common.error.BadRequest',
        message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.urn}`,
        errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
        status: 422,
      });
    }
    const urn = `urn:li:share:${numericId()}`;
    posts.set(urn, { urn, body, likes: 0, comments: 0, impressions: 0, shares: 0 });
    send(response, 201, '', { 'x-restli-id': urn, 'x-linkedin-id': urn });
  }

  function readSocialActions(response: ServerResponse, urn: string) {
    const post = posts.get(urn);
    if (!post) return send(response, 404, notFound(`Post ${urn}`));
    send(response, 200, {
      likesSummary: { selectedLikes: [], aggregatedTotalLikes: post.likes, likedByCurrentUser: false, totalLikes: post.likes },
      commentsSummary: {
        selectedComments: [],
        totalFirstLevelComments: post.comments,
        commentsState: 'OPEN',
        aggregatedTotalComments: post.comments,
      },
      target: urn,
    });
  }

  function readShareStatistics(response: ServerResponse, sub: string, query: URLSearchParams) {
    const organization = query.get('organizationalEntity') ?? '';
    if (query.get('q') !== 'organizationalEntity' || !organization)
      return send(response, 400, badRequest('q=organizationalEntity needs organizationalEntity'));
    if (!mayActAs(sub, organization))
      return send(response, 403, accessDenied('organizationalEntityShareStatistics.FINDER-organizationalEntity'));
    const shares = listOf(query.get('shares'));
    const ugcPosts = listOf(query.get('ugcPosts'));
    const elements = [...shares.map((urn) => ['share', urn]), ...ugcPosts.map((urn) => ['ugcPost', urn])].flatMap(([key, urn]) => {
      const post = posts.get(urn);
      if (!post || post.body.author !== organization) return [];
      const engagement = post.impressions ? (post.likes + post.comments + post.shares) / post.impressions : 0;
      return [
        {
          organizationalEntity: organization,
          [key]: urn,
          totalShareStatistics: {
            uniqueImpressionsCount: post.impressions,
            shareCount: post.shares,
            engagement,
            clickCount: 0,
            likeCount: post.likes,
            impressionCount: post.impressions,
            commentCount: post.comments,
          },
        },
      ];
    });
    send(response, 200, { paging: { count: 10, start: 0, links: [] }, elements });
  }

  function readOrganizationAcls(response: ServerResponse, sub: string, query: URLSearchParams) {
    if (query.get('q') !== 'roleAssignee') return send(response, 400, badRequest('Only the roleAssignee finder is supported'));
    const start = Number(query.get('start') ?? 0);
    const count = Number(query.get('count') ?? 10);
    const roles =
      sub === member.sub && (query.get('role') ?? 'ADMINISTRATOR') === 'ADMINISTRATOR' && (query.get('state') ?? 'APPROVED') === 'APPROVED'
        ? [...administers].map((id) => ({
            roleAssignee: `urn:li:person:${sub}`,
            state: 'APPROVED',
            role: 'ADMINISTRATOR',
            organization: `urn:li:organization:${id}`,
          }))
        : [];
    send(response, 200, { paging: { count, start, total: roles.length, links: [] }, elements: roles.slice(start, start + count) });
  }

  function readOrganizations(response: ServerResponse, query: URLSearchParams) {
    const results: Record<string, object> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, object> = {};
    for (const id of listOf(query.get('ids'))) {
      const organization = organizations.find((candidate) => String(candidate.id) === id);
      statuses[id] = organization ? 200 : 404;
      if (organization) results[id] = { ...organization, $URN: `urn:li:organization:${id}` };
      else errors[id] = notFound(`Organization ${id}`);
    }
    send(response, 200, { results, statuses, errors });
  }

  /** PUT to an upload URL: image bytes (with the member's token), or one part of a video (pre-signed). */
  function receiveUpload(response: ServerResponse, request: RecordedRequest) {
    const image = /^\/dms-uploads\/images\/([^/]+)$/.exec(request.path);
    if (image) {
      const auth = authenticate(request.headers);
      if ('error' in auth) return send(response, 401, auth.error);
      const stored = images.get(`urn:li:image:${image[1]}`);
      if (!stored) return send(response, 404, notFound('Upload'));
      stored.bytes = request.body;
      stored.contentType = request.headers['content-type'] ?? null;
      return send(response, 201);
    }
    const part = /^\/dms-uploads\/videos\/([^/]+)\/parts\/(\d+)$/.exec(request.path);
    const video = part && videos.get(`urn:li:video:${part[1]}`);
    const slot = part && video?.parts[Number(part[2])];
    if (!slot) return send(response, 404, notFound('Upload'));
    if (request.body.length !== slot.lastByte - slot.firstByte + 1) {
      return send(response, 400, badRequest(`Part must be ${slot.lastByte - slot.firstByte + 1} bytes, got ${request.body.length}`));
    }
    slot.bytes = request.body;
    slot.etag = `/ambry-video/signedId/${secret()}`;
    send(response, 200, '', { etag: slot.etag });
  }

  async function route(request: RecordedRequest, response: ServerResponse) {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/oauth/v2/authorization') return authorize(response, query);
    if (method === 'POST' && path === '/oauth/v2/accessToken') return exchangeToken(response, new URLSearchParams(request.body.toString()));
    if (method === 'PUT' && path.startsWith('/dms-uploads/')) return receiveUpload(response, request);

    const auth = authenticate(request.headers);
    if ('error' in auth) return send(response, 401, auth.error);
    const { sub } = auth;
    if (method === 'GET' && path === '/v2/userinfo') {
      const who = sub === member.sub ? member : { sub, name: sub, email: `${sub}@linkedin.test` };
      return send(response, 200, {
        sub: who.sub,
        email_verified: true,
        name: who.name,
        locale: { country: 'US', language: 'en' },
        given_name: who.name.split(' ')[0],
        family_name: who.name.split(' ').slice(1).join(' '),
        email: who.email,
      });
    }
    if (!path.startsWith('/rest/')) return send(response, 404, notFound(path));

    const version = String(request.headers['linkedin-version'] ?? '');
    if (!version) {
      return send(response, 400, {
        status: 400,
        code: 'VERSION_MISSING',
        message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      });
    }
    if (!/^\d{6}(\.\d{2})?$/.test(version)) {
      return send(response, 426, { status: 426, code: 'NONEXISTENT_VERSION', message: `Requested version ${version} is not active` });
    }
    const body = method === 'POST' ? (JSON.parse(request.body.toString() || '{}') as Record<string, unknown>) : {};
    const action = query.get('action');
    const key = (prefix: string) => path.slice(prefix.length);

    if (method === 'POST' && path === '/rest/images' && action === 'initializeUpload') {
      const owner = (body.initializeUploadRequest as { owner?: string } | undefined)?.owner ?? '';
      if (!mayActAs(sub, owner)) return send(response, 403, accessDenied('images.ACTION-initializeUpload'));
      const id = `D4${secret().slice(0, 14)}`;
      images.set(`urn:li:image:${id}`, { urn: `urn:li:image:${id}`, owner, bytes: null, contentType: null });
      return send(response, 200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 24 * 3600 * 1000,
          uploadUrl: `${url}/dms-uploads/images/${id}`,
          image: `urn:li:image:${id}`,
        },
      });
    }
    if (method === 'POST' && path === '/rest/videos' && action === 'initializeUpload') return initializeVideo(response, sub, body);
    if (method === 'POST' && path === '/rest/videos' && action === 'finalizeUpload') return finalizeVideo(response, body);
    if (method === 'GET' && path.startsWith('/rest/videos/')) return readVideo(response, key('/rest/videos/'));
    if (method === 'POST' && path === '/rest/posts') return createPost(response, sub, body as FakePost['body'], version);
    if (method === 'GET' && path.startsWith('/rest/socialActions/')) return readSocialActions(response, key('/rest/socialActions/'));
    if (method === 'GET' && path === '/rest/organizationalEntityShareStatistics') return readShareStatistics(response, sub, query);
    if (method === 'GET' && path === '/rest/organizationAcls') return readOrganizationAcls(response, sub, query);
    if (method === 'GET' && path === '/rest/organizations') return readOrganizations(response, query);
    send(response, 404, notFound(`${method} ${path}`));
  }

  const server = http.createServer(async (incoming, response) => {
    try {
      const target = new URL(incoming.url ?? '/', 'http://fake');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        path: decodeURIComponent(target.pathname),
        query: target.searchParams,
        headers: incoming.headers,
        body: await readBody(incoming),
      };
      requests.push(request);
      const failure = failures.findIndex((candidate) => !candidate.pathPrefix || request.path.startsWith(candidate.pathPrefix));
      if (failure >= 0) {
        const [{ status, body, headers }] = failures.splice(failure, 1);
        return send(response, status, body, headers);
      }
      await route(request, response);
    } catch (error) {
      send(response, 500, { message: `Internal Server Error: ${error instanceof Error ? error.message : String(error)}`, status: 500 });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The CHANNEL_LINKEDIN_* variables that point the app at this fake. */
    env: {
      CHANNEL_LINKEDIN_CLIENT_ID: CLIENT_ID,
      CHANNEL_LINKEDIN_CLIENT_SECRET: CLIENT_SECRET,
      CHANNEL_LINKEDIN_AUTH_URL: `${url}/oauth/v2/authorization`,
      CHANNEL_LINKEDIN_TOKEN_URL: `${url}/oauth/v2/accessToken`,
      CHANNEL_LINKEDIN_PROFILE_URL: `${url}/v2/userinfo`,
      CHANNEL_LINKEDIN_API_URL: url,
    },
    requests,
    member,
    organizations,
    administers,
    posts,
    images,
    videos,
    settings,
    /** Tokens for the member without going through the authorization page. */
    issueTokens: () => issueTokens(member.sub),
    /** The next request (under pathPrefix, when given) gets this answer instead. */
    failNext(status: number, body: unknown, headers: Record<string, string> = {}, pathPrefix?: string) {
      failures.push({ status, body: typeof body === 'string' ? body : JSON.stringify(body), headers, pathPrefix });
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = Date.now() - 1000;
    },
    /** The member withdrew the app's access in their privacy settings: every access token is refused. */
    revokeAccessTokens() {
      for (const token of accessTokens.values()) token.revoked = true;
    },
    revokeRefreshTokens() {
      for (const token of refreshTokens.values()) token.revoked = true;
    },
    /** Makes LinkedIn's processing of uploaded videos fail with this reason (null: succeed). */
    failVideoProcessing(reason: string | null) {
      settings.videoFailureReason = reason;
    },
    setPostMetrics(urn: string, metrics: Partial<Pick<FakePost, 'likes' | 'comments' | 'impressions' | 'shares'>>) {
      const post = posts.get(urn);
      if (!post) throw new Error(`no post ${urn}`);
      Object.assign(post, metrics);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LinkedInFake = Awaited<ReturnType<typeof startLinkedInFake>>;

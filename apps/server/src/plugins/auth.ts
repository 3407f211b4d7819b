import { betterAuth } from 'better-auth';
import { bearer, genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Mailer } from '../lib/mailer.ts';
import { parseNewAccountProfileFields, parseProfileFields } from '../modules/auth/parse-profile-fields.ts';
import { renderAddressConfirmationMail, renderPasswordResetMail } from '../modules/auth/account-mails.ts';
import { admitSignInAttempt, clearSignInFailures, settleSignInAttempt } from '../modules/auth/sign-in-throttle.ts';
import { describeOriginRefusal, listTrustedOrigins } from '../modules/auth/trusted-origins.ts';
import { getSettings } from '../modules/settings/settings-store.ts';
import { awaitsAddressProof, joinOrCreateWorkspace } from '../modules/workspaces/workspace-of-user.ts';
import { isAcceptingInvitation } from '../modules/invitations/accept-invitation.ts';
import { hasWaitingInvitation } from '../modules/invitations/find-invitation.ts';
import { resolveAuthSecret } from '../lib/auth-secret.ts';
import { newId } from '../lib/ids.ts';

export const AUTH_BASE_PATH = '/api/auth';

/** Google and Apple both speak OpenID Connect; discovery lets tests point them at a local OIDC server. */
function listOAuthProviders(config: AppConfig): GenericOAuthConfig[] {
  const candidates = [
    {
      providerId: 'google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      issuer: config.GOOGLE_ISSUER_URL,
      scopes: ['openid', 'email', 'profile'],
    },
    {
      providerId: 'apple',
      clientId: config.APPLE_CLIENT_ID,
      clientSecret: config.APPLE_CLIENT_SECRET,
      issuer: config.APPLE_ISSUER_URL,
      scopes: ['openid', 'email', 'name'],
      // NOTE: Apple only returns name and email scopes with form_post.
      responseMode: 'form_post' as const,
    },
  ];
  return candidates.flatMap(({ issuer, clientId, clientSecret, ...provider }) =>
    clientId && clientSecret
      ? [
          {
            ...provider,
            clientId,
            clientSecret,
            pkce: true,
            discoveryUrl: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
            // Apple sends email_verified as the text "true" or "false"; only a real yes vouches for the address.
            mapProfileToUser: (profile: { emailVerified?: unknown }) => ({
              emailVerified: profile.emailVerified === true || profile.emailVerified === 'true',
            }),
          },
        ]
      : [],
  );
}

export function listConfiguredProviders(config: AppConfig) {
  const ids = listOAuthProviders(config).map((p) => p.providerId);
  return { google: ids.includes('google'), apple: ids.includes('apple') };
}

/** Better Auth endpoints that take a name or an image from the caller. */
const PROFILE_FIELD_PATHS = new Set(['/sign-up/email', '/update-user']);

export const SIGNUP_CLOSED_MESSAGE = 'Public sign-up is closed. Ask the Hookline team for an invitation.';
export const INVITATION_WAITING_MESSAGE =
  'An invitation is waiting for this email. Open the link in the invitation mail to choose your password.';

export function createAuth(config: AppConfig, database: DatabaseHandle, mailer: Mailer) {
  const founders = new Set(config.FOUNDER_EMAIL);
  /**
   * Refuses a new account that may not be made. An address with an invitation waiting gets its
   * account through that invitation (whose mailed token proves the address), or from Google or
   * Apple vouching for the address, never from a sign-up form anyone could fill in with it. Other
   * addresses: founders always, everyone else while allowSelfSignup is on.
   */
  const admitNewAccount = async (email: string | undefined, addressVouched: boolean) => {
    const address = email?.toLowerCase() ?? '';
    if (address && isAcceptingInvitation(address)) return;
    if (address && (await hasWaitingInvitation(database.db, address))) {
      if (addressVouched) return;
      throw new APIError('FORBIDDEN', { message: INVITATION_WAITING_MESSAGE });
    }
    if (founders.has(address)) return;
    if (!(await getSettings(database.db)).allowSelfSignup) throw new APIError('FORBIDDEN', { message: SIGNUP_CLOSED_MESSAGE });
  };
  /**
   * Mails the address a link to choose the account's password: bound once Better Auth is built (it
   * is Better Auth's own reset). Proving the address and choosing the password are one step, so an
   * account someone else signed up with this address keeps nothing of theirs (ADR 055).
   */
  let mailAddressProof: (email: string) => Promise<unknown> = async () => undefined;
  const oauthProviders = listOAuthProviders(config);
  const auth = betterAuth({
    appName: 'Hookline',
    baseURL: config.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(config),
    trustedOrigins: listTrustedOrigins(config),
    database: { db: database.db, type: database.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        // An account whose address is unproven may have been signed up by anyone: its name is not put in the mail.
        const mail = (await awaitsAddressProof(database.db, user))
          ? renderAddressConfirmationMail({ to: user.email, url })
          : renderPasswordResetMail({ to: user.email, name: user.emailVerified ? user.name : '', url });
        await mailer.send(mail);
      },
      // Whoever reset the password proved they own the address: it counts as verified (a workspace waiting
      // for it opens), and a lock on it (ADR 054) would only hold them up.
      async onPasswordReset({ user }) {
        if (!user.emailVerified) await (await auth.$context).internalAdapter.updateUser(user.id, { emailVerified: true });
        await clearSignInFailures(database.db, user.email);
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'client', input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'apple'] } },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The attempt is counted, or refused while the address is locked, before its password is checked (ADR 054).
        if (ctx.path === '/sign-in/email')
          await admitSignInAttempt(database.db, (ctx.body as { email?: unknown } | undefined)?.email, new Date());
        // Refused before Better Auth hashes the password; the create hook below checks again for every way in.
        if (ctx.path === '/sign-up/email') await admitNewAccount((ctx.body as { email?: string } | undefined)?.email, false);
        // Checked here for a clear 400 before any work; the user hooks below check again for every way in.
        if (PROFILE_FIELD_PATHS.has(ctx.path)) return { context: { body: { ...ctx.body, ...parseProfileFields(ctx.body ?? {}) } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          await settleSignInAttempt(database.db, (ctx.body as { email?: unknown } | undefined)?.email, ctx.context.returned);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // Also covers accounts made by a first Google or Apple sign-in, whose emailVerified is the provider's word.
            await admitNewAccount(user.email, user.emailVerified);
            const role = founders.has(user.email.toLowerCase()) ? 'founder' : 'client';
            // Accepting an invitation proves the address: the token was mailed to it.
            const emailVerified = user.emailVerified || isAcceptingInvitation(user.email);
            return { data: { ...user, ...parseNewAccountProfileFields(user), role, emailVerified } };
          },
          // A fresh address gets its workspace (self-serve plan, active) at once; an invited owner or one
          // vouched for by Google or Apple joins theirs; anyone else is mailed the link that proves the address.
          async after(user) {
            if ((user as { role?: string }).role !== 'client') return;
            if ((await joinOrCreateWorkspace(database.db, user)) === 'waiting') await mailAddressProof(user.email);
          },
        },
        update: {
          async before(user) {
            return { data: { ...user, ...parseProfileFields(user) } };
          },
        },
      },
    },
    rateLimit: {
      enabled: config.SIGNIN_RATE_LIMIT > 0,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: config.SIGNIN_RATE_LIMIT },
        '/sign-up/email': { window: 60, max: config.SIGNIN_RATE_LIMIT },
        '/request-password-reset': { window: 60, max: config.SIGNIN_RATE_LIMIT },
        '/reset-password': { window: 60, max: config.SIGNIN_RATE_LIMIT },
        // Reads the caller's own session: it checks no guessable secret (a signed cookie over a random
        // token), so a limit protects nothing, while counting it would write a row per page view,
        // which anyone could drive without an account (ADR 049).
        '/get-session': false,
      },
    },
    advanced: {
      // NOTE: Better Auth skips origin and redirect checks when NODE_ENV=test unless told otherwise.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.LOG_LEVEL === 'silent' },
    plugins: [bearer(), ...(oauthProviders.length ? [genericOAuth({ config: oauthProviders })] : [])],
  });
  mailAddressProof = (email) => auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  /** Proven by a password reset mailed to it, an invitation, or Google or Apple; a waiting workspace needs it. */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

export async function readSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  // A session is a cookie or a bearer token (bearer plugin); without either there is none to look up.
  if (!request.headers.cookie && !request.headers.authorization) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, name, image, role, emailVerified } = session.user as typeof session.user & { role?: string };
  return { id, email, name, image: image ?? null, role: role ?? 'client', emailVerified: Boolean(emailVerified) };
}

/**
 * Better Auth answers failures as { code, message }; the API's convention adds { error } beside them.
 * Its bare "Invalid origin" gets the way out: the address to open, or the setting that admits the page's.
 */
function withErrorField(body: Buffer, explainOriginRefusal: () => string): Buffer {
  try {
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (typeof json.error === 'string' || typeof json.message !== 'string') return body;
    const message = json.code === 'INVALID_ORIGIN' ? explainOriginRefusal() : json.message;
    return Buffer.from(JSON.stringify({ error: message, ...json, message }));
  } catch {
    return body;
  }
}

/** Mounts Better Auth's handler at /api/auth/* with the raw request body passed through untouched. */
export async function registerAuthRoutes(app: FastifyInstance, auth: Auth, config: AppConfig) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      // NOTE: Apple's form_post callback is a cross-site POST; Better Auth checks origins and state itself.
      config: { public: true, ownOriginCheck: true },
      async handler(request, reply) {
        const headers = fromNodeHeaders(request.headers);
        // Better Auth's rate limiter keys on this header; never trust the client's own copy.
        headers.set('x-forwarded-for', request.ip);
        const body = request.method === 'GET' || !request.body ? undefined : (request.body as Buffer);
        const authRequest = new Request(new URL(request.url, config.baseUrl), { method: request.method, headers, body });
        const response = await auth.handler(authRequest);
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          // Fastify sets content-length for the body it sends (which may gain an error field).
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.body) return reply.send(null);
        const answer = Buffer.from(await response.arrayBuffer());
        const explainOriginRefusal = () => describeOriginRefusal(config, request.headers.origin);
        return reply.send(response.status >= 400 ? withErrorField(answer, explainOriginRefusal) : answer);
      },
    });
  });
}

import { z } from 'zod';
import { CONNECT_METHODS, SOCIAL_CONNECTION_STATUSES, SOCIAL_PROVIDERS } from '../channels.ts';
import { ZWorkspaceId } from './workspace.ts';

export const ZSocialProvider = z.enum(SOCIAL_PROVIDERS);

export const ZSocialConnectionStatus = z.enum(SOCIAL_CONNECTION_STATUSES);

/**
 * GET /api/social/providers: `providers` lists only those this server can connect now; `networks`
 * lists every provider with whether it is configured here and how it connects.
 */
export const ZSocialProvidersResponse = z.object({
  providers: z.array(ZSocialProvider),
  networks: z.array(
    z.object({ provider: ZSocialProvider, label: z.string(), configured: z.boolean(), connectWith: z.enum(CONNECT_METHODS) }),
  ),
});
export type TSocialProvidersResponse = z.infer<typeof ZSocialProvidersResponse>;

/** One connected channel of the signed-in client's workspace. Tokens never leave the server. */
export const ZSocialConnection = z.object({
  id: z.string(),
  provider: ZSocialProvider,
  handle: z.string(),
  /** The Mastodon instance or Bluesky service the account lives on; null for the other networks. */
  instanceUrl: z.string().nullable(),
  status: ZSocialConnectionStatus,
  /** When the channel was first connected (ISO 8601, UTC). */
  connectedAt: z.string(),
  /** Why the last token refresh failed; null after a success. */
  lastError: z.string().nullable(),
  /** A sample channel of `npm run demo`: shown as connected, but no account is behind it. */
  demo: z.boolean(),
});
export type TSocialConnection = z.infer<typeof ZSocialConnection>;

/** GET /api/social/connections: oldest first. */
export const ZSocialConnectionList = z.array(ZSocialConnection);

/** Path params of /api/social/{provider}/auth and /api/social/{provider}/callback. */
export const ZSocialProviderParams = z.object({ provider: ZSocialProvider });

/**
 * GET /api/social/{provider}/auth (a browser navigation): returnTo is the app path to come back to
 * (default /dashboard/settings); the result is added as ?connected={provider} or ?channelError={message}.
 */
export const ZSocialAuthQuery = z.object({
  returnTo: z.string().max(512).optional(),
  /** The workspace to connect the channel to (a navigation cannot carry the workspace header); without it, the caller's own. */
  workspaceId: ZWorkspaceId.optional(),
  /** Mastodon: the instance the account is on ("mastodon.social"). */
  instance: z.string().max(300).optional(),
});

/** GET /api/social/{provider}/callback: what the provider sends back. */
export const ZSocialCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

/** DELETE /api/social/{id} answers 204; POST /api/social/{id}/refresh answers the connection. */
export const ZSocialConnectionParams = z.object({ id: z.string().max(64) });

/**
 * POST /api/social/bluesky/connect: a Bluesky account by its handle (or email) and an app password
 * (Settings → Privacy and security → App passwords on Bluesky); service is the account's server when
 * it is not on Bluesky's own. Answers the connection.
 */
export const ZBlueskyConnectRequest = z.object({
  identifier: z.string().trim().min(1, 'Enter your Bluesky handle').max(253, 'handle must be at most 253 characters'),
  appPassword: z.string().trim().min(1, 'Enter an app password').max(100, 'app password must be at most 100 characters'),
  service: z.string().trim().max(300).optional(),
});
export type TBlueskyConnectRequest = z.infer<typeof ZBlueskyConnectRequest>;

/** One channel in the staff view of channel health across clients. */
export const ZAdminChannel = ZSocialConnection.extend({
  workspaceId: z.string(),
  workspaceName: z.string(),
  /** When its access token expires (ISO 8601), if it does. */
  expiresAt: z.string().nullable(),
});
export type TAdminChannel = z.infer<typeof ZAdminChannel>;

/** GET /api/admin/channels: channels needing attention first, then by client. */
export const ZAdminChannelList = z.object({ channels: z.array(ZAdminChannel) });
export type TAdminChannelList = z.infer<typeof ZAdminChannelList>;

import { z } from 'zod';
import type { TDraftChannel } from './drafts.ts';
import { ZWorkspaceId } from './workspace.ts';

/** Channel providers a workspace can connect; google is YouTube's (its accounts are Google's). */
export const SOCIAL_PROVIDERS = ['google', 'linkedin', 'twitter', 'instagram', 'mastodon', 'bluesky'] as const;
export const ZSocialProvider = z.enum(SOCIAL_PROVIDERS);
export type TSocialProvider = z.infer<typeof ZSocialProvider>;

/** What users call each provider's channel: a Google connection publishes to YouTube. */
export const SOCIAL_PROVIDER_LABELS: Record<TSocialProvider, string> = {
  google: 'YouTube',
  linkedin: 'LinkedIn',
  twitter: 'X',
  instagram: 'Instagram',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
};

/** The drafts' channel each provider publishes. */
export const PROVIDER_CHANNELS: Record<TSocialProvider, TDraftChannel> = {
  google: 'youtube',
  linkedin: 'linkedin',
  twitter: 'twitter',
  instagram: 'instagram',
  mastodon: 'mastodon',
  bluesky: 'bluesky',
};

/**
 * How a provider is connected: oauth (a redirect to the network, this server's client id),
 * instance (Mastodon: OAuth with the instance the user names, Hookline registers itself there),
 * app_password (Bluesky: the account's handle and an app password).
 */
export const CONNECT_METHODS = ['oauth', 'instance', 'app_password'] as const;

/** A channel connection's status; needs_reauth is shown as 'Re-auth needed'. */
export const SOCIAL_CONNECTION_STATUSES = ['connected', 'needs_reauth', 'disconnected'] as const;
export const ZSocialConnectionStatus = z.enum(SOCIAL_CONNECTION_STATUSES);
export type TSocialConnectionStatus = z.infer<typeof ZSocialConnectionStatus>;

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

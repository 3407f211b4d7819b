import { z } from 'zod';
import { ZWorkspaceId } from './workspace.ts';

/** Channel providers a workspace can connect (google, linkedin). */
export const SOCIAL_PROVIDERS = ['google', 'linkedin'] as const;
export const ZSocialProvider = z.enum(SOCIAL_PROVIDERS);
export type TSocialProvider = z.infer<typeof ZSocialProvider>;

/** What users call each provider's channel: a Google connection publishes to YouTube. */
export const SOCIAL_PROVIDER_LABELS: Record<TSocialProvider, string> = { google: 'YouTube', linkedin: 'LinkedIn' };

/** A channel connection's status; needs_reauth is shown as 'Re-auth needed'. */
export const SOCIAL_CONNECTION_STATUSES = ['connected', 'needs_reauth', 'disconnected'] as const;
export const ZSocialConnectionStatus = z.enum(SOCIAL_CONNECTION_STATUSES);
export type TSocialConnectionStatus = z.infer<typeof ZSocialConnectionStatus>;

/** GET /api/social/providers: only the providers this server has credentials for. */
export const ZSocialProvidersResponse = z.object({ providers: z.array(ZSocialProvider) });
export type TSocialProvidersResponse = z.infer<typeof ZSocialProvidersResponse>;

/** One connected channel of the signed-in client's workspace. Tokens never leave the server. */
export const ZSocialConnection = z.object({
  id: z.string(),
  provider: ZSocialProvider,
  handle: z.string(),
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

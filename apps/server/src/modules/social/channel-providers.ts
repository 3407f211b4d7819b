import {
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  type CONNECT_METHODS,
  type TSocialProvider,
  type TSocialProvidersResponse,
} from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

/** One channel provider as this server is configured for it (CHANNEL_<PROVIDER>_* variables). */
export interface ChannelProvider {
  id: TSocialProvider;
  /** What users call it: a Google connection is a YouTube channel. */
  label: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Extra query parameters of the authorization URL. */
  authParams: Record<string, string>;
  /**
   * How the client authenticates at the token endpoint. NOTE: LinkedIn refuses HTTP Basic and wants
   * client_id and client_secret in the form body (its docs, and arctic's own LinkedIn provider).
   */
  clientAuth: 'basic' | 'post';
}

export function isSocialProvider(value: string): value is TSocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Providers connected by a redirect to the network with this server's own client id. */
const OAUTH_PROVIDERS = ['google', 'linkedin', 'twitter', 'instagram'] as const satisfies readonly TSocialProvider[];
type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

function candidate(
  config: AppConfig,
  id: OAuthProviderId,
): Omit<ChannelProvider, 'id' | 'label' | 'clientId' | 'clientSecret'> & {
  clientId?: string;
  clientSecret?: string;
} {
  switch (id) {
    case 'google':
      return {
        clientId: config.CHANNEL_GOOGLE_CLIENT_ID,
        clientSecret: config.CHANNEL_GOOGLE_CLIENT_SECRET,
        authUrl: config.CHANNEL_GOOGLE_AUTH_URL,
        tokenUrl: config.CHANNEL_GOOGLE_TOKEN_URL,
        // Uploading needs youtube.upload; reading statistics youtube.readonly.
        scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly', 'openid', 'email'],
        // A refresh token is only issued with offline access, and again on a reconnect only with consent.
        authParams: { access_type: 'offline', prompt: 'consent' },
        clientAuth: 'basic',
      };
    case 'linkedin':
      return {
        clientId: config.CHANNEL_LINKEDIN_CLIENT_ID,
        clientSecret: config.CHANNEL_LINKEDIN_CLIENT_SECRET,
        authUrl: config.CHANNEL_LINKEDIN_AUTH_URL,
        tokenUrl: config.CHANNEL_LINKEDIN_TOKEN_URL,
        scopes: config.CHANNEL_LINKEDIN_SCOPES.split(/\s+/).filter(Boolean),
        authParams: {},
        clientAuth: 'post',
      };
    case 'twitter':
      return {
        clientId: config.CHANNEL_TWITTER_CLIENT_ID,
        clientSecret: config.CHANNEL_TWITTER_CLIENT_SECRET,
        authUrl: config.CHANNEL_TWITTER_AUTH_URL,
        tokenUrl: config.CHANNEL_TWITTER_TOKEN_URL,
        // offline.access is what makes X issue a refresh token.
        scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
        authParams: {},
        clientAuth: 'basic',
      };
    case 'instagram':
      return {
        clientId: config.CHANNEL_INSTAGRAM_CLIENT_ID,
        clientSecret: config.CHANNEL_INSTAGRAM_CLIENT_SECRET,
        authUrl: config.CHANNEL_INSTAGRAM_AUTH_URL,
        tokenUrl: config.CHANNEL_INSTAGRAM_TOKEN_URL,
        scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
        authParams: {},
        clientAuth: 'post',
      };
  }
}

const isOAuthProvider = (id: TSocialProvider): id is OAuthProviderId => (OAUTH_PROVIDERS as readonly string[]).includes(id);

/** The OAuth providers with both a client id and a secret, in the order the settings page lists them. */
export function listChannelProviders(config: AppConfig): ChannelProvider[] {
  return SOCIAL_PROVIDERS.filter(isOAuthProvider).flatMap((id): ChannelProvider[] => {
    const { clientId, clientSecret, ...rest } = candidate(config, id);
    return clientId && clientSecret ? [{ id, label: SOCIAL_PROVIDER_LABELS[id], clientId, clientSecret, ...rest }] : [];
  });
}

/** How each provider connects: OAuth with this server's client, per Mastodon instance, or with a Bluesky app password. */
export function connectMethodOf(provider: TSocialProvider): (typeof CONNECT_METHODS)[number] {
  if (provider === 'mastodon') return 'instance';
  if (provider === 'bluesky') return 'app_password';
  return 'oauth';
}

/** Every provider with whether this server can connect it (Mastodon and Bluesky need no server credentials). */
export function listNetworks(config: AppConfig): TSocialProvidersResponse['networks'] {
  const configured = new Set(listChannelProviders(config).map((provider) => provider.id));
  return SOCIAL_PROVIDERS.map((provider) => {
    const connectWith = connectMethodOf(provider);
    return {
      provider,
      label: SOCIAL_PROVIDER_LABELS[provider],
      configured: connectWith !== 'oauth' || configured.has(provider),
      connectWith,
    };
  });
}

/** The configured provider: 404 for a name we do not know, 503 for a known one without credentials. */
export function getChannelProvider(config: AppConfig, id: string): ChannelProvider {
  if (!isSocialProvider(id)) throw new HttpError(404, `Unknown channel provider "${id}". Use one of: ${SOCIAL_PROVIDERS.join(', ')}.`);
  const provider = listChannelProviders(config).find((p) => p.id === id);
  if (!provider) {
    const prefix = `CHANNEL_${id.toUpperCase()}`;
    throw new HttpError(
      503,
      `${SOCIAL_PROVIDER_LABELS[id]} channels are not set up on this server (${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET).`,
    );
  }
  return provider;
}

export const callbackUrlOf = (config: AppConfig, provider: TSocialProvider) => `${config.baseUrl}/api/social/${provider}/callback`;

/** A channel as people name it on a timeline: "YouTube @bakery". */
export function channelName(channel: { provider: string; handle: string }): string {
  return `${isSocialProvider(channel.provider) ? SOCIAL_PROVIDER_LABELS[channel.provider] : channel.provider} ${channel.handle}`;
}

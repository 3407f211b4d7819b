/**
 * TanStack Query keys only the settings page reads. The workspace and the social connections,
 * which other pages read too, are under clientDataKeys in '@/lib/client-data/keys'.
 */
export const settingsKeys = {
  socialProviders: ['social', 'providers'] as const,
  /** The team of the workspace open in this tab: its people and their invitations. */
  members: ['members'] as const,
  /** The API keys of the workspace open in this tab. */
  apiKeys: ['api-keys'] as const,
};

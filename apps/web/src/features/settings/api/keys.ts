/** TanStack Query keys of the settings page; invalidating a prefix reloads everything under it. */
export const settingsKeys = {
  socialProviders: ['social', 'providers'] as const,
  socialConnections: ['social', 'connections'] as const,
  workspace: ['workspace'] as const,
};

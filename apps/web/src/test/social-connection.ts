import type { TSocialConnection } from '@hookline/shared';

/** A connected YouTube channel, with what a test changes. */
export const socialConnection = (over: Partial<TSocialConnection> = {}): TSocialConnection => ({
  id: 'c1',
  provider: 'google',
  handle: '@acme',
  instanceUrl: null,
  status: 'connected',
  connectedAt: '2025-03-01T10:00:00.000Z',
  lastError: null,
  demo: false,
  ...over,
});

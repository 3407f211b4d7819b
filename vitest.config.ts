import { defineConfig } from 'vitest/config';

// NOTE: the integration suite runs once on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const integration = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `integration-${db}`,
    include: ['apps/server/test/integration/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      integration('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});

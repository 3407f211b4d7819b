import { configDefaults, defineConfig } from 'vitest/config';

// NOTE: the integration suite runs once on SQLite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
const integration = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `integration-${db}`,
    include: ['apps/server/test/integration/**/*.test.ts'],
    // The move of an SQLite install onto PostgreSQL needs PostgreSQL whatever the project.
    exclude: [...configDefaults.exclude, ...(db === 'sqlite' ? ['apps/server/test/integration/reliability/move-to-postgres.test.ts'] : [])],
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
      // The network adapters against local servers of each network's protocol (no database).
      {
        test: {
          name: 'integration-networks',
          include: ['apps/server/test/networks/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      integration('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});

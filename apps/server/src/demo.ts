import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, loadEnvFileIfPresent } from './config.ts';
import { openDatabase } from './db/database.ts';
import { ensureDemoClipJob } from './modules/demo/ensure-demo-clip-job.ts';
import { DEMO_FOUNDER, DEMO_LOGINS, seedDemo } from './modules/demo/seed-demo.ts';

/** npm run demo: the app on its own demo database, seeded on first start. */
async function main() {
  loadEnvFileIfPresent();
  const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? './data-demo');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    FOUNDER_EMAIL: DEMO_FOUNDER.email,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The seed submits dozens of questionnaires from one address.
    ONBOARDING_RATE_LIMIT: process.env.ONBOARDING_RATE_LIMIT ?? '1000',
  });
  const app = await buildApp(config);
  const database = openDatabase(config.database);
  try {
    const existing = await database.db
      .selectFrom('workspace')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) === 0) {
      console.log('Seeding the demo database (about a minute)…');
      await seedDemo(app, database.db, config.baseUrl);
    }
    // Clip jobs are purged two hours after they end: a later start makes the client a new one.
    await ensureDemoClipJob(app, database.db, config).catch((error: unknown) =>
      console.warn(`No clip job for the demo client: ${error instanceof Error ? error.message : String(error)}`),
    );
  } finally {
    await database.close();
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`\nHookline demo on ${config.baseUrl} (data in ${dataDir})`);
  for (const login of DEMO_LOGINS) console.log(`  ${login.label}: ${login.email} / ${login.password}`);
  console.log('');
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { AppContext } from './app-context.ts';
import { openDatabase, type DatabaseTarget } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createFileStore } from './lib/file-store.ts';
import { JobRunner } from './lib/jobs/job-queue.ts';
import { deliverWebhook, WEBHOOK_JOB } from './modules/webhooks/deliver-webhook.ts';
import { completePublish, PUBLISH_JOB } from './modules/drafts/draft-transitions.ts';
import { CLIP_JOB, CLIP_PURGE_JOB, purgeClipJob, runClipJob } from './modules/clipper/run-clip-job.ts';
import { clipperRoutes } from './modules/clipper/routes.ts';
import { HttpError } from './lib/http-error.ts';
import { createMailer } from './lib/mailer.ts';
import { createAuth, registerAuthRoutes } from './plugins/auth.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { requireUser } from './plugins/guards.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { syncFounderRoles } from './modules/users/set-user-role.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { draftRoutes } from './modules/drafts/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { workspaceRoutes } from './modules/workspaces/routes.ts';

export interface BuildAppOptions {
  /** Overrides config.database (tests give each file its own database or schema). */
  databaseTarget?: DatabaseTarget;
  /** Serve the SPA from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  /** Poll and run queued jobs in this process (off for a process that must not run jobs, e.g. a one-off script). */
  runJobs?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(options.databaseTarget ?? config.database);
  await migrateToLatest(database);
  await syncFounderRoles(database.db, config.FOUNDER_EMAIL);

  const mailer = createMailer(config, app.log);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth: createAuth(config, database, mailer),
    mailer,
    files: createFileStore(config),
    jobs: new JobRunner({
      db: database.db,
      kind: database.kind,
      log: app.log,
      pollMs: config.JOB_POLL_MS,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    }),
  };
  ctx.jobs.register(WEBHOOK_JOB, (payload, job) => deliverWebhook(ctx.db, config.WEBHOOK_ALLOW_PRIVATE, payload, job));
  ctx.jobs.register(PUBLISH_JOB, (payload) => completePublish(ctx.db, payload));
  ctx.jobs.register(CLIP_JOB, (payload) => runClipJob(ctx, payload));
  ctx.jobs.register(CLIP_PURGE_JOB, (payload) => purgeClipJob(ctx, payload));
  if (options.runJobs ?? true) {
    // A change that queued a job has committed once its answer is sent: run it now, not at the next poll.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET') ctx.jobs.kick();
    });
  }
  // The job in hand finishes before the database closes.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await database.close();
  });

  registerErrorHandling(app);
  registerSecurity(app, config);
  await app.register(fastifyRateLimit, {
    global: false,
    // The builder's result is thrown, so it must be an error our error handler understands.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  await app.register(fastifyMultipart);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Hookline API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerAuthRoutes(app, ctx.auth, config);
  await app.register(async (api) => {
    api.addHook('onRequest', requireUser(ctx.auth));
    await api.register(healthRoutes, { ctx });
    await api.register(runtimeConfigRoutes, { ctx });
    await api.register(fileRoutes, { ctx });
    await api.register(profileRoutes, { ctx });
    await api.register(onboardingRoutes, { ctx });
    await api.register(workspaceRoutes, { ctx });
    await api.register(draftRoutes, { ctx });
    await api.register(assistantRoutes, { ctx });
    await api.register(socialRoutes, { ctx });
    await api.register(clipperRoutes, { ctx });
  });
  await app.register(adminRoutes, { ctx, prefix: '/api/admin' });
  registerNotFound(app, (options.serveWeb ?? true) ? await registerStatic(app) : null);
  if (options.runJobs ?? true) ctx.jobs.start();
  return app;
}

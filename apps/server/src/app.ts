import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { closeAppContext, createAppContext } from './app-context.ts';
import { createLogger } from './lib/logger.ts';
import type { DatabaseTarget } from './db/database.ts';
import type { DestinationStream } from 'pino';
import { clipperRoutes } from './modules/clipper/routes.ts';
import { HttpError } from './lib/http-error.ts';
import { registerAuthRoutes } from './plugins/auth.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { requireUser } from './plugins/guards.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { reviewLinkRoutes } from './modules/review-links/routes.ts';
import { clientRequestRoutes } from './modules/requests/client-routes.ts';
import { draftRoutes } from './modules/drafts/routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { workspaceRoutes } from './modules/workspaces/routes.ts';
import { postingSlotRoutes } from './modules/posting-slots/routes.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { API_KEY_SECURITY_SCHEMES, documentApiKeyRoute } from './modules/api-keys/document-api-key-routes.ts';
import { limitApiKeyRequests } from './modules/api-keys/limit-api-key-requests.ts';

export interface BuildAppOptions {
  /** Overrides config.database (tests give each file its own database or schema). */
  databaseTarget?: DatabaseTarget;
  /** Serve the SPA from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  /** Where the web build is, when not apps/web/dist (tests serve a small stand-in). */
  webDistDir?: string;
  /** Poll and run queued jobs in this process (off for a process that must not run jobs, e.g. a one-off script). */
  runJobs?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: createLogger(config, options.logDestination),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx = await createAppContext(config, app.log, options.databaseTarget);
  const runJobs = options.runJobs ?? config.RUN_JOBS;
  if (runJobs) {
    // A change that queued a job has committed once its answer is sent: run it now, not at the next poll.
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET') ctx.jobs.kick();
      done();
    });
  }
  // Jobs stop before Fastify waits for open connections (a clip job's ffmpeg is killed and the job handed
  // back), so no request waiting on a job keeps the shutdown waiting; the database closes last.
  app.addHook('preClose', () => ctx.jobs.stop());
  app.addHook('onClose', () => closeAppContext(ctx));

  registerErrorHandling(app);
  // First of the per-request hooks: every answer, a 503 from load shedding included, gets the headers.
  await registerSecurity(app, config);
  await registerLoadShedding(app, config, ctx.database);
  await app.register(fastifyRateLimit, {
    global: false,
    // The builder's result is thrown, so it must be an error our error handler understands.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Brotli's default quality (11) costs tens of milliseconds per answer; 4 keeps most of the gain.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Answers up to 64 kB (a drafts list, an inbox page) are compressed in one call, well under a
    // millisecond at quality 4. On two cores the plugin's default streamed everything over 8 kB
    // through zlib's thread pool, which costs more than the compression and a wait in the event
    // loop's queue for each chunk: under the bench's load these answers took twice as long as others.
    syncThreshold: 64 * 1024,
  });
  await app.register(fastifyMultipart);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Hookline API', version: '1.0.0' }, components: { securitySchemes: API_KEY_SECURITY_SCHEMES } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerAuthRoutes(app, ctx.auth, config);
  await app.register(async (api) => {
    api.addHook('onRequest', requireUser(ctx.auth, ctx.db));
    api.addHook('onRequest', limitApiKeyRequests(api, config.API_KEY_RATE_LIMIT));
    api.addHook('onRoute', documentApiKeyRoute);
    await api.register(healthRoutes, { ctx });
    await api.register(runtimeConfigRoutes, { ctx });
    await api.register(fileRoutes, { ctx });
    await api.register(profileRoutes, { ctx });
    await api.register(onboardingRoutes, { ctx });
    await api.register(invitationRoutes, { ctx });
    await api.register(workspaceRoutes, { ctx });
    await api.register(postingSlotRoutes, { ctx });
    await api.register(draftRoutes, { ctx });
    await api.register(calendarRoutes, { ctx });
    await api.register(assistantRoutes, { ctx });
    await api.register(socialRoutes, { ctx });
    await api.register(clipperRoutes, { ctx });
    await api.register(memberRoutes, { ctx });
    await api.register(reviewLinkRoutes, { ctx });
    await api.register(clientRequestRoutes, { ctx });
    await api.register(apiKeyRoutes, { ctx });
  });
  await app.register(adminRoutes, { ctx, prefix: '/api/admin' });
  registerNotFound(app, (options.serveWeb ?? true) ? await registerStatic(app, options.webDistDir) : null);
  if (runJobs) ctx.jobs.start();
  return app;
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

/** Every error leaves as { error } with a 4xx for the caller's mistakes; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue?.message ?? 'Invalid request';
      return reply.status(400).send({ error: field ? `${field}: ${message}` : message });
    }
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    return reply.status(status).send({ error: error.message });
  });
}

export const noRouteError = (method: string, url: string) => ({ error: `No route for ${method} ${url.split('?')[0]}` });

/** Unknown API paths are JSON 404s; any other GET gets the SPA's index.html so the client router decides. */
export function registerNotFound(app: FastifyInstance, spaIndexHtml: Buffer | null) {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (spaIndexHtml && request.method === 'GET' && !isApi) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(spaIndexHtml);
    }
    return reply.status(404).send(noRouteError(request.method, request.url));
  });
}

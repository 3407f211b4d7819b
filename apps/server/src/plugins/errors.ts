import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

/**
 * The multipart parser (busboy) fails with plain errors, told apart only by their text, when a body
 * has no usable boundary (none, empty, over 256 characters, not the one the body uses) or ends
 * inside a part: on the parser, or on the file stream when the route is already reading the file.
 * Each is the caller's mistake, so a 400 like any other bad body.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^The needle cannot have a length bigger than 256\.$/,
  /^Unexpected end of multipart data$/,
  /^Part terminated early due to unexpected end of multipart data$/,
];

/** A library's error that is the caller's mistake, as the HttpError to answer; any other error as it is. */
export function toClientError<E extends Error>(error: E): E | HttpError {
  if (MALFORMED_MULTIPART.some((text) => text.test(error.message))) {
    return new HttpError(400, 'The upload is not valid multipart/form-data: its boundary is missing or wrong, or the body ends early.');
  }
  return error;
}

/** Every error leaves as { error } with a 4xx for the caller's mistakes; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = toClientError(thrown);
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

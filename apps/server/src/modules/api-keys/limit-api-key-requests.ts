import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';

/**
 * An onRequest hook for the API scope, after requireUser: each API key gets `max` requests a minute
 * (429 with the rate-limit headers beyond; in memory, per process). Requests signed in by a session
 * pass untouched: the limiter marks every request it sees as limited, and theirs must still meet
 * their own route's limit.
 */
export function limitApiKeyRequests(app: FastifyInstance, max: number): onRequestAsyncHookHandler {
  const limit = app.rateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-key:${request.apiKey?.id}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `This API key made more than ${max} requests in a minute. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  }) as unknown as onRequestAsyncHookHandler;
  return async function limitKey(request, reply) {
    if (request.apiKey) await limit.call(this, request, reply);
  };
}

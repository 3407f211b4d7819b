import type { FastifyInstance } from 'fastify';

/**
 * One line per request at info, when it is answered (method, URL, status, time), instead of
 * Fastify's two: the line written when a request arrives costs as much as a small route's own work
 * (docs/performance.md). That line is kept at debug, to trace requests that never get an answer.
 * Registered first, so requests refused by a later hook (load shedding, the origin check) are logged too.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

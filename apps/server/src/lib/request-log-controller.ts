import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request at info, when it is answered (method, URL, status, time), instead of
 * Fastify's two: the line written when a request arrives costs as much as a small route's own work
 * (docs/performance.md). That line is kept at debug, to trace requests that never get an answer.
 * Fastify calls these before any hook, so requests refused by a hook (load shedding, the origin
 * check) are logged too.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const createRequestLogController = (): LogController => new OneLinePerRequest();

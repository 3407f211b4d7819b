import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type Logger } from 'pino';

interface PinoInternals {
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.streamSym]: { write(line: string): void };
}

/**
 * One line per request at info, when it is answered (method, URL, status, time), instead of
 * Fastify's two: the line written when a request arrives costs as much as a small route's own work
 * (docs/performance.md). That line is kept at debug, to trace requests that never get an answer.
 * Fastify calls these before any hook, so requests refused by a hook (load shedding, the origin
 * check) are logged too.
 *
 * The answered line is the one pino would write, byte for byte in its fields (level, time, the
 * request's bindings, req, res, responseTime, msg), put together here and handed to the logger's own
 * stream: through pino's generic path it cost a quarter of a kept list read (docs/performance.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request errored');
      return;
    }
    const log = reply.log as unknown as Logger & PinoInternals;
    if (!log.isLevelEnabled('info')) return;
    log[pino.symbols.streamSym].write(
      `{"level":${log.levels.values.info},"time":${Date.now()}${log[pino.symbols.chindingsSym]},"req":{"method":"${request.method}","url":${JSON.stringify(request.url)},"remoteAddress":${JSON.stringify(request.ip ?? null)}},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    );
  }
}

export const createRequestLogController = (): LogController => new OneLinePerRequest();

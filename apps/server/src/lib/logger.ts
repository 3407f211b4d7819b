import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { AppConfig } from '../config.ts';

/**
 * What a log line says of a request and its answer. Nothing else of them is ever written, headers
 * least of all, so cookies, bearer tokens and set-cookie never reach a log (request-logging.test.ts).
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/**
 * The server's and the worker's logger: JSON lines on stdout, pretty in development. Lines are
 * written asynchronously: those logged while a write is under way go out together in the next, not
 * one write system call each (the line was about a quarter of a small request's time,
 * docs/performance.md). Whatever is still buffered is written when the process exits.
 */
export function createLogger(config: AppConfig, destination?: DestinationStream): FastifyBaseLogger {
  const options = { level: config.LOG_LEVEL, serializers };
  if (destination) return pino(options, destination);
  if (config.NODE_ENV === 'development') return pino({ ...options, transport: { target: 'pino-pretty' } });
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

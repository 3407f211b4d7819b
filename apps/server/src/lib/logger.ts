import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { AppConfig } from '../config.ts';
import { createLogDestination } from './log-destination.ts';

/**
 * What a log line says of a request and its answer (the answered request's line, written in
 * request-log-controller.ts, says the same). Nothing else of them is ever written, headers least of
 * all, so cookies, bearer tokens and set-cookie never reach a log (request-logging.test.ts).
 */
const serializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: request.url, remoteAddress: request.ip }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/**
 * The server's and the worker's logger: JSON lines on stdout, pretty in development. The lines of
 * one turn of the event loop are written together after it (log-destination.ts), not one write
 * system call each; whatever is still waiting is written when the process exits.
 */
export function createLogger(config: AppConfig, destination?: DestinationStream): FastifyBaseLogger {
  const options = { level: config.LOG_LEVEL, serializers };
  if (destination) return pino(options, destination);
  if (config.NODE_ENV === 'development') return pino({ ...options, transport: { target: 'pino-pretty' } });
  stdout ??= createLogDestination(1);
  return pino(options, stdout);
}

/** One for the process, however many loggers write to it (tests build many apps). */
let stdout: ReturnType<typeof createLogDestination> | undefined;

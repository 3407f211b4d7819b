import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { AppConfig } from '../config.ts';

/**
 * What a log line says of a request and its answer. Nothing else of them is ever written, headers
 * least of all, so cookies, bearer tokens and set-cookie never reach a log (request-logging.test.ts).
 */
const serializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: request.url, remoteAddress: request.ip }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/** Lines held in memory while stdout's reader is slow; past this they are dropped, never waited for. */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024;

/**
 * The server's and the worker's logger: JSON lines on stdout, pretty in development. stdout is
 * written asynchronously (pino's SonicBoom destination), so a slow or stalled reader of the pipe
 * never holds up a request: lines wait in memory, up to MAX_PENDING_LOG_BYTES.
 */
export function createLogger(config: AppConfig, destination?: DestinationStream): FastifyBaseLogger {
  const options = { level: config.LOG_LEVEL, serializers };
  if (destination) return pino(options, destination);
  if (config.NODE_ENV === 'development') return pino({ ...options, transport: { target: 'pino-pretty' } });
  stdout ??= pino.destination({ dest: 1, sync: false, maxLength: MAX_PENDING_LOG_BYTES });
  return pino(options, stdout);
}

/** One for the process, however many loggers write to it (tests build many apps). */
let stdout: ReturnType<typeof pino.destination> | undefined;

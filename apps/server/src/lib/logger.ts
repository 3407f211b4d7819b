import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { AppConfig } from '../config.ts';

/** What a log line shows in place of a secret. */
const REDACTED = '[Redacted]';

/**
 * Query parameters whose value lets its holder in: one-time tokens (password reset, e-mail
 * verification), OAuth codes and states, link signatures, keys and passwords.
 */
const SECRET_PARAMETER = /token|secret|password|signature|verifier|^(code|state|sig|otp|key|api_?key)$/i;

/** Better Auth's password-reset link carries its token as the path segment after /reset-password/. */
const SECRET_PATH_SEGMENT = /(\/reset-password\/)[^/]+/gi;

function decodeParameterName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * A request URL fit for a log: the values of secret-bearing query parameters and the token segment
 * of a reset link become a placeholder; the path and every other parameter stay as they came.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryStart === -1) return pathPart;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1 || !SECRET_PARAMETER.test(decodeParameterName(pair.slice(0, equals)))) return pair;
      return `${pair.slice(0, equals)}=${REDACTED}`;
    });
  return `${pathPart}?${query.join('&')}`;
}

/**
 * What a log line says of a request and its answer. Nothing else of them is ever written, headers
 * least of all, so cookies, bearer tokens and set-cookie never reach a log, and the URL goes through
 * redactUrl, so neither do the tokens of mailed links and OAuth callbacks (request-logging.test.ts).
 */
const serializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
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

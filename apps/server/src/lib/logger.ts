import type { LoggerOptions } from 'pino';
import type { AppConfig } from '../config.ts';

/** pino settings for the server and the worker: JSON lines, secrets redacted, pretty in development. */
export function loggerOptions(config: AppConfig): LoggerOptions | false {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even while the server sheds load: a liveness probe must not see a busy server as dead. */
    answerUnderPressure?: boolean;
  }
}

const MB = 1024 * 1024;
const TICK_MS = 10;

/**
 * Beyond capacity, answering every request late helps nobody. Requests get a quick 503 `{ error }`
 * with Retry-After, before any session or database work, while
 * - the event loop is late by more than OVERLOAD_MAX_EVENT_LOOP_DELAY_MS when the request is read or
 *   reaches its handler. Under a burst, one turn of the loop runs every request that arrived
 *   meanwhile (with SQLite each runs to its end without yielding): the requests after the first ones
 *   worth that delay are shed;
 * - more queries than OVERLOAD_MAX_DB_WAITING wait for a PostgreSQL connection: requests then queue
 *   in the pool while the event loop stays idle;
 * - @fastify/under-pressure's once-a-second samples show the heap or RSS above its threshold.
 * Its sampled event-loop delay is not used: one long turn raises a whole second's mean, so it shed
 * everything for the next second, long after the loop had caught up (ADR 045).
 * A threshold of 0 is off (ADR 045; the 2 s default of the delay check: ADR 052).
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig, database: DatabaseHandle): Promise<void> {
  const retryAfter = config.OVERLOAD_RETRY_AFTER_SECONDS;
  /** The 503 to answer instead of this request, or undefined to let it through. */
  const refusal = (request: FastifyRequest, reply: FastifyReply): HttpError | undefined => {
    if (request.routeOptions.config.answerUnderPressure) return undefined;
    reply.header('Retry-After', String(retryAfter));
    return new HttpError(503, `The server is busy. Please try again in ${retryAfter} seconds.`);
  };
  await app.register(fastifyUnderPressure, {
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_MB * MB,
    maxRssBytes: config.OVERLOAD_MAX_RSS_MB * MB,
    // A resolved promise lets the request through; a rejected one goes to the error handler.
    pressureHandler: async (request, reply) => {
      const error = refusal(request, reply);
      if (error) throw error;
    },
  });

  const maxWaiting = config.OVERLOAD_MAX_DB_WAITING;
  const maxDelay = config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS;
  const loop = maxDelay > 0 ? watchEventLoop() : null;
  if (loop) app.addHook('onClose', async () => loop.stop());
  const isLate = () => loop !== null && loop.lateness() > maxDelay;
  // Callback hooks: these run on every request, and an async hook costs a promise each time.
  if (maxWaiting > 0 || loop) {
    app.addHook('onRequest', (request, reply, done) => {
      done(isLate() || (maxWaiting > 0 && database.waitingQueries() > maxWaiting) ? refusal(request, reply) : undefined);
    });
  }
  if (loop) {
    // Again just before the handler: a request let in on time may have waited since (a session
    // look-up that yields), behind others let in with it.
    app.addHook('preHandler', (request, reply, done) => done(isLate() ? refusal(request, reply) : undefined));
  }
}

/** How late the event loop is now: the time since a TICK_MS timer last ran, beyond its TICK_MS. */
function watchEventLoop() {
  let lastTick = performance.now();
  const timer = setInterval(() => {
    lastTick = performance.now();
  }, TICK_MS);
  timer.unref();
  return {
    lateness: () => performance.now() - lastTick - TICK_MS,
    stop: () => clearInterval(timer),
  };
}

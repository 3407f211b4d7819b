import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffRole, WORKSPACE_HEADER, ZApiError, ZAssistantReply, ZAssistantRequest, type TAssistantRequest } from '@hookline/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sessionUserOf } from '../../plugins/guards.ts';
import { workspaceOfRequest } from '../workspaces/resolve-workspace.ts';
import { askAssistant } from './ask-assistant.ts';
import { checkAssistantRequest } from './check-assistant-request.ts';
import { createAiClient } from './create-ai-client.ts';
import { readBrandContext } from './read-brand-context.ts';
import { toServerSentEvents } from './sse.ts';
import { streamAssistant } from './stream-assistant.ts';

const ERRORS = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  413: ZApiError,
  429: ZApiError,
  502: ZApiError,
  503: ZApiError,
};

/** Aborted when the browser goes away before the answer is complete, so the AI service stops working for nobody. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Runs an upstream call; once the browser has gone, its failure is a 499 (nginx's "client closed request"), not a server error. */
async function unlessGone<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (signal.aborted) throw new HttpError(499, 'The request was cancelled.');
    throw error;
  }
}

/** POST /api/assistant and its streaming variant /api/assistant/stream. */
export const assistantRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ai = createAiClient(ctx.config);

  // One budget per user for both routes (a route-config limit would give each route its own).
  // NOTE: route-level onRequest hooks run after the scope's requireUser, so request.user is set here.
  const rateLimit = app.rateLimit({
    max: ctx.config.ASSISTANT_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `assistant:${request.user?.id ?? request.ip}`,
  }) as unknown as onRequestAsyncHookHandler;

  const prepare = (request: TAssistantRequest) => {
    checkAssistantRequest(ctx.config, request);
    if (!ai) throw new HttpError(503, 'AI assistant is not configured');
    return ai;
  };

  /**
   * The brand the reply is written for: that of the workspace the request acts in. A workspace
   * named by the header is opened as every dashboard route opens it, refusals included (another
   * client's: 404; a manager's unassigned client: 403). Without the header, a client's own (or, for
   * a teammate, the one the dashboard shows); staff then act in none. The assistant needs no
   * workspace, so a client whose own is not settled yet (address proof pending) is answered
   * without a brand rather than refused.
   */
  const brandOf = async (request: FastifyRequest): Promise<string | null> => {
    const named = request.headers[WORKSPACE_HEADER] !== undefined;
    if (!named && isStaffRole(sessionUserOf(request).role)) return null;
    const workspace = await workspaceOfRequest(ctx.db, request).catch((error: unknown) => {
      if (!named && error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) return null;
      throw error;
    });
    return workspace && readBrandContext(ctx.db, workspace.id);
  };

  app.post(
    '/api/assistant',
    {
      onRequest: rateLimit,
      schema: {
        tags: ['assistant'],
        summary: 'A whole assistant reply',
        body: ZAssistantRequest,
        response: { 200: ZAssistantReply, ...ERRORS },
      },
    },
    async (request, reply) => {
      const backend = prepare(request.body);
      const brand = await brandOf(request);
      const signal = abortOnDisconnect(reply);
      return { reply: await unlessGone(signal, askAssistant(backend, request.body, brand, signal)) };
    },
  );

  app.post(
    '/api/assistant/stream',
    {
      onRequest: rateLimit,
      // Each event must reach the browser as it is written; a compressor would hold them back.
      compress: false,
      schema: {
        tags: ['assistant'],
        summary: 'The assistant reply, streamed as server-sent events',
        description:
          'text/event-stream: `data: {"delta":"…"}` per piece of the reply, then `data: {"done":true}`. A failure after the ' +
          'stream began arrives as `event: error` with `data: {"error":"…"}`; one before it is a JSON error with its status.',
        body: ZAssistantRequest,
        produces: ['text/event-stream'],
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const backend = prepare(request.body);
      const brand = await brandOf(request);
      const signal = abortOnDisconnect(reply);
      const deltas = await unlessGone(signal, streamAssistant(backend, request.body, brand, signal));
      reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        // Reverse proxies (nginx) must pass each event on at once.
        .header('X-Accel-Buffering', 'no');
      const events = Readable.from(toServerSentEvents(deltas, signal, backend.apiKey));
      // A stream skips response serialization; the schema above types only the error answers.
      return reply.send(events as never);
    },
  );
};

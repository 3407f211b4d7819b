import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatMessage {
  role: string;
  content: string;
}

export interface FakeOpenAIRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: FakeChatMessage[]; stream?: boolean; [key: string]: unknown } | null;
  /** The caller closed the connection before the answer was complete. */
  aborted: boolean;
  /** The whole answer was written. */
  completed: boolean;
}

export interface FakeOpenAIOptions {
  /** When set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401. */
  apiKey?: string;
  /** Pause before each streamed chunk (a slow model); see FakeOpenAI.chunkDelayMs. */
  chunkDelayMs?: number;
}

export interface FakeOpenAI {
  /** http://127.0.0.1:{port}; the API lives under /v1 (use `${url}/v1` as the base URL). */
  url: string;
  /** Every request received, in order. */
  requests: FakeOpenAIRequest[];
  /** The assistant's answer; by default it quotes the last user message. '' gives an empty reply. */
  reply: string | ((messages: FakeChatMessage[]) => string);
  /** How a streamed reply is cut into chunks; by default one chunk per word (spaces kept). */
  chunks: ((reply: string) => string[]) | null;
  /**
   * Pause before each streamed chunk, in ms: a real delay, for a stream that takes time the way a
   * model's does (the browser journeys watch it arrive). A whole answer waits for all of them.
   * Tests that need a reply to be unfinished at some point use `hold` instead, which does not
   * depend on how fast the machine is.
   */
  chunkDelayMs: number;
  /**
   * When set, a reply with content stops after its first content chunk (a whole answer: before it is
   * sent) until this promise resolves or the caller goes away: a model still working for exactly as
   * long as the test wants. Empty replies are not held.
   */
  hold: Promise<void> | null;
  /** When set, every request is answered with this status and OpenAI's error body. */
  failWith: { status: number; message: string; type?: string; code?: string | null } | null;
  /** When set, a stream breaks off with an error event after this many content chunks. */
  streamErrorAfter: number | null;
  /** Back to the defaults; keeps the request log. */
  reset(): void;
  close(): Promise<void>;
}

export const defaultFakeReply = (messages: FakeChatMessage[]) => {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return `Here is a draft for "${last?.content ?? ''}": hooks, a script and a caption, ready to post.`;
};

const wordChunks = (reply: string) => reply.match(/\S+\s*|\s+/g) ?? [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A local stand-in for an OpenAI-compatible chat-completions API
 * (https://platform.openai.com/docs/api-reference/chat): POST /v1/chat/completions answers a
 * `chat.completion` object, or with `stream: true` `chat.completion.chunk` server-sent events
 * (`choices[0].delta.content`) ending in `data: [DONE]`. Errors use OpenAI's body
 * `{ error: { message, type, param, code } }`.
 */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  let counter = 0;

  const fake: Omit<FakeOpenAI, 'url' | 'close'> = {
    requests,
    reply: defaultFakeReply,
    chunks: null,
    chunkDelayMs: options.chunkDelayMs ?? 0,
    hold: null,
    failWith: null,
    streamErrorAfter: null,
    reset() {
      fake.reply = defaultFakeReply;
      fake.chunks = null;
      fake.chunkDelayMs = options.chunkDelayMs ?? 0;
      fake.hold = null;
      fake.failWith = null;
      fake.streamErrorAfter = null;
    },
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** Waits for `fake.hold`, if any, or until the caller goes away. */
  const held = (res: http.ServerResponse): Promise<void> | void => {
    const hold = fake.hold;
    if (!hold || res.closed) return;
    return new Promise<void>((resolve) => {
      void hold.then(resolve);
      res.once('close', resolve);
    });
  };
  const openAiError = (message: string, type: string, code: string | null = null) => ({
    error: { message, type, param: null, code },
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, record: FakeOpenAIRequest) {
    if (options.apiKey && record.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (req.method !== 'POST' || record.path !== '/v1/chat/completions') {
      return sendJson(res, 404, openAiError(`Unknown request URL: ${req.method} ${record.path}.`, 'invalid_request_error', 'unknown_url'));
    }
    if (fake.failWith) {
      const { status, message, type, code } = fake.failWith;
      return sendJson(res, status, openAiError(message, type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'), code ?? null));
    }
    const body = record.body;
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
      return sendJson(res, 400, openAiError("'messages' and 'model' are required properties.", 'invalid_request_error'));
    }

    const id = `chatcmpl-fake${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model;
    const content = typeof fake.reply === 'function' ? fake.reply(body.messages) : fake.reply;

    if (!body.stream) {
      // A slow model takes as long for a whole answer as for its stream.
      const pieces = (fake.chunks ?? wordChunks)(content);
      if (fake.chunkDelayMs > 0) await sleep(fake.chunkDelayMs * pieces.length);
      if (pieces.length > 0) await held(res);
      if (record.aborted) return;
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: content.split(/\s+/).filter(Boolean).length, total_tokens: 10 },
      });
      record.completed = true;
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: null,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    const write = (text: string) => !record.aborted && res.write(text);

    write(chunk({ role: 'assistant', content: '', refusal: null }));
    const pieces = (fake.chunks ?? wordChunks)(content);
    for (const [index, piece] of pieces.entries()) {
      if (fake.streamErrorAfter !== null && index >= fake.streamErrorAfter) {
        // OpenAI reports a failure inside a stream as a data line holding an error object.
        write(`data: ${JSON.stringify(openAiError('The server had an error while processing your request.', 'server_error'))}\n\n`);
        res.end();
        return;
      }
      if (fake.chunkDelayMs > 0) await sleep(fake.chunkDelayMs);
      if (record.aborted) return;
      write(chunk({ content: piece }));
      if (index === 0) {
        await held(res);
        if (record.aborted) return;
      }
    }
    write(chunk({}, 'stop'));
    write('data: [DONE]\n\n');
    res.end();
    record.completed = !record.aborted;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: FakeOpenAIRequest['body'] = null;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? (JSON.parse(text) as FakeOpenAIRequest['body']) : null;
      } catch {
        body = null;
      }
      const record: FakeOpenAIRequest = {
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0],
        authorization: req.headers.authorization,
        body,
        aborted: false,
        completed: false,
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      answer(req, res, record).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

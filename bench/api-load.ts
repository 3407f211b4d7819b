// Closed-loop load for the API benchmark: each simulated user has one keep-alive connection and
// sends its next request the moment the previous answer has been read in full, so the latency of
// every request is measured from its send to its last byte, and no request waits in the client.
import http from 'node:http';
import zlib from 'node:zlib';

/** One request a user sends; `name` groups it in the figures (a route, not a URL). */
export interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  write: boolean;
  /** Called with the answer's status and its body (decompressed), e.g. to remember a new draft's id. */
  answered?: (status: number, body: () => unknown) => void;
}

/** A simulated user: asked for its next request each time the previous one is answered. */
export type User = () => Call;

export interface LoadResult {
  seconds: number;
  /** Milliseconds, one per answered request. */
  latencies: number[];
  byName: Map<string, { latencies: number[]; write: boolean }>;
  writes: number;
  /** Answers outside 2xx, by route and status, and connection errors, by route and message. */
  failures: Map<string, number>;
  /** The first failures' bodies, to say what went wrong. */
  failureSamples: string[];
}

/** Runs `users` in parallel for `seconds` against baseUrl and collects every answer's latency. */
export async function runClosedLoop(baseUrl: string, users: User[], seconds: number): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const result: LoadResult = { seconds, latencies: [], byName: new Map(), writes: 0, failures: new Map(), failureSamples: [] };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (next) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (performance.now() < deadline) {
          const call = next();
          const started = performance.now();
          const answer = await send(url, agent, call).catch((error: Error) => error);
          const ms = performance.now() - started;
          result.latencies.push(ms);
          const group = result.byName.get(call.name) ?? result.byName.set(call.name, { latencies: [], write: call.write }).get(call.name)!;
          group.latencies.push(ms);
          if (call.write) result.writes++;
          if (answer instanceof Error) {
            countFailure(result, `${call.name}: ${answer.message}`, answer.message);
            continue;
          }
          if (answer.status < 200 || answer.status > 299) {
            countFailure(
              result,
              `${call.name}: ${answer.status}`,
              `${call.method} ${call.path} → ${answer.status} ${decode(answer).toString().slice(0, 300)}`,
            );
          }
          call.answered?.(answer.status, () => JSON.parse(decode(answer).toString()));
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return result;
}

function countFailure(result: LoadResult, key: string, sample: string) {
  result.failures.set(key, (result.failures.get(key) ?? 0) + 1);
  if (result.failureSamples.length < 5) result.failureSamples.push(sample);
}

interface Answer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

function send(url: URL, agent: http.Agent, call: Call): Promise<Answer> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        headers:
          body === undefined
            ? call.headers
            : { ...call.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out after 30 s')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The body as sent before compression (read only where a user needs it, so the client stays light). */
function decode({ encoding, body }: Answer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Requests per second, p50, p99 and max (ms) of a set of latencies. */
export function summarize(latencies: number[], seconds: number) {
  const sorted = Float64Array.from(latencies).sort();
  const values = Array.from(sorted);
  return {
    count: values.length,
    rps: values.length / seconds,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.at(-1) ?? Number.NaN,
  };
}

export const failureCount = (result: LoadResult) => [...result.failures.values()].reduce((a, b) => a + b, 0);

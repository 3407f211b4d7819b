import { z } from 'zod';
import { PublishError } from '../../publishing/channel-publisher.ts';
import { callNetwork, readJson } from '../network-http.ts';

export const LABEL = 'X';

/** X's error answers: RFC 7807 problems ({ title, detail, type, status }), some with an errors list. */
const ZProblem = z.object({
  detail: z.string().optional(),
  errors: z.array(z.object({ message: z.string().optional(), detail: z.string().optional() })).optional(),
});

/**
 * A clear sentence for a refusal X explains in its body. 401, 429 and 5xx keep callNetwork's own
 * sentences (reconnect, or Hookline tries again).
 */
export function explainTwitterRefusal(status: number, body: string): string | undefined {
  if (status === 401 || status === 429 || status >= 500) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const problem = ZProblem.safeParse(parsed);
  if (!problem.success) return undefined;
  const { detail, errors = [] } = problem.data;
  if (detail && /duplicate content/i.test(detail)) {
    return 'X refuses a post with the same text as one this account already posted. Change the text, then publish again.';
  }
  const reasons = [...new Set([detail, ...errors.map((error) => error.message ?? error.detail)].filter((reason) => !!reason))];
  return reasons.length > 0 ? `X refused the post: ${reasons.join(' ')}` : undefined;
}

/** A request to X's API with the account's token, its errors turned into PublishErrors. */
export function callTwitter(
  url: string,
  accessToken: string,
  init: { method?: string; json?: unknown; body?: FormData },
  options: { signal: AbortSignal; timeoutMs?: number; createsPost?: boolean },
): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return callNetwork(
    url,
    { method: init.method ?? 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body },
    { label: LABEL, ...options, explain: explainTwitterRefusal },
  );
}

/** A success answer in the shape Hookline expects; anything else is a final failure (X may have taken the post). */
export async function readTwitter<T>(response: Response, schema: z.ZodType<T>): Promise<{ body: T; raw: unknown }> {
  const raw = await readJson<unknown>(response, LABEL);
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new PublishError(`${LABEL} answered something Hookline could not read.`, false, undefined, JSON.stringify(raw).slice(0, 4000));
  return { body: parsed.data, raw };
}

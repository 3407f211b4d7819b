import type { TAssistantStreamDelta, TAssistantStreamDone, TAssistantStreamError } from '@hookline/shared';
import { toUpstreamError } from './upstream-error.ts';

const event = (data: TAssistantStreamDelta | TAssistantStreamDone | TAssistantStreamError, name?: string) =>
  `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * The reply as server-sent events: `data: {"delta":"…"}` per piece, then `data: {"done":true}`;
 * a failure mid-stream ends it with `event: error` / `data: {"error":"…"}`. Nothing more is sent
 * once the browser has gone (signal aborted).
 */
export async function* toServerSentEvents(deltas: AsyncIterable<string>, signal: AbortSignal, apiKey: string | undefined) {
  try {
    for await (const delta of deltas) yield event({ delta });
    yield event({ done: true });
  } catch (error) {
    if (signal.aborted) return;
    yield event({ error: toUpstreamError(error, apiKey).message }, 'error');
  }
}

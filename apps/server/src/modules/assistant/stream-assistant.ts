import type { TAssistantRequest } from '@hookline/shared';
import type { AiBackend } from './create-ai-client.ts';
import { toChatMessages } from './check-assistant-request.ts';
import { toUpstreamError } from './upstream-error.ts';

/**
 * Starts a streamed reply, written for the brand when a brand context is given. Resolves once the
 * AI service has accepted the request, so a refusal (bad key, unknown model, service down) is still
 * a plain 502 answer; then yields the reply's pieces in order. A failure while streaming is thrown from the iteration as a 502 HttpError.
 */
export async function streamAssistant(
  ai: AiBackend,
  request: TAssistantRequest,
  brandContext: string | null,
  signal?: AbortSignal,
): Promise<AsyncIterable<string>> {
  let stream;
  try {
    stream = await ai.client.chat.completions.create(
      { model: ai.model, messages: toChatMessages(request, brandContext), stream: true },
      { signal },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw toUpstreamError(error, ai.apiKey);
  }
  return (async function* deltas() {
    try {
      for await (const chunk of stream) {
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) yield delta;
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw toUpstreamError(error, ai.apiKey);
    }
  })();
}

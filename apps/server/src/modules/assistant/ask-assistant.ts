import type { TAssistantRequest } from '@hookline/shared';
import type { AiBackend } from './create-ai-client.ts';
import { toChatMessages } from './check-assistant-request.ts';
import { toUpstreamError } from './upstream-error.ts';

/**
 * One whole reply, written for the brand when a brand context (readBrandContext) is given; '' when
 * the model said nothing. Failures are 502 HttpErrors (an abort rethrows as is).
 */
export async function askAssistant(
  ai: AiBackend,
  request: TAssistantRequest,
  brandContext: string | null,
  signal?: AbortSignal,
): Promise<string> {
  try {
    const completion = await ai.client.chat.completions.create(
      { model: ai.model, messages: toChatMessages(request, brandContext) },
      { signal },
    );
    return completion.choices?.[0]?.message?.content ?? '';
  } catch (error) {
    if (signal?.aborted) throw error;
    throw toUpstreamError(error, ai.apiKey);
  }
}

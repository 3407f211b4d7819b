import { ZAssistantStreamDelta, ZAssistantStreamDone, ZAssistantStreamError, type TAssistantRequestInput } from '@hookline/shared';
import { workspaceHeaders } from '@/lib/active-workspace';
import { toApiError } from '@/lib/api-client';
import { readServerSentEvents } from './read-server-sent-events';

/**
 * POST /api/assistant/stream: calls onDelta with each piece of the reply as it is written and
 * resolves with the whole reply ('' when the model said nothing). Failures reject with the
 * server's message; an abort through signal rejects with an AbortError.
 */
export async function streamAssistant(
  input: TAssistantRequestInput,
  { signal, onDelta }: { signal?: AbortSignal; onDelta: (delta: string) => void },
): Promise<string> {
  const response = await fetch('/api/assistant/stream', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', ...workspaceHeaders() },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new Error('The reply could not be read.');

  let reply = '';
  for await (const { event, data } of readServerSentEvents(response.body)) {
    const parsed: unknown = JSON.parse(data);
    if (event === 'error') {
      const failure = ZAssistantStreamError.safeParse(parsed);
      throw new Error(failure.success ? failure.data.error : 'The reply failed.');
    }
    const delta = ZAssistantStreamDelta.safeParse(parsed);
    if (delta.success) {
      reply += delta.data.delta;
      onDelta(delta.data.delta);
    } else if (ZAssistantStreamDone.safeParse(parsed).success) {
      return reply;
    }
  }
  throw new Error('The reply was interrupted. Please try again.');
}

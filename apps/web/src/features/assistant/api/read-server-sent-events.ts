import { createParser } from 'eventsource-parser';

export interface ServerSentEvent {
  /** The `event:` name; 'message' when the event has none. */
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body as they arrive (the EventSource wire format; EventSource
 * itself cannot POST). Pieces may split lines, line ends and even characters anywhere; an event
 * the stream ends before finishing (no blank line after it) is dropped.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const parsed: ServerSentEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => parsed.push({ event: event ?? 'message', data }) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* parsed.splice(0);
    }
  } finally {
    // Stops the download when the reader leaves early (an error event, or Stop).
    reader.cancel().catch(() => {});
  }
}

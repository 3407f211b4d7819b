export interface ServerSentEvent {
  /** The `event:` name; 'message' when the event has none. */
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body as they arrive (the EventSource wire format; EventSource
 * itself cannot POST). Pieces may split lines and even characters anywhere.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function* takeLines(final: boolean): Generator<ServerSentEvent> {
    const lines = buffer.split(/\r\n|\r|\n/);
    // The last piece may be an unfinished line, unless the stream has ended.
    buffer = final ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  }

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      yield* takeLines(false);
    }
    buffer += decoder.decode();
    yield* takeLines(true);
  } finally {
    // Stops the download when the reader leaves early (an error event, or Stop).
    reader.cancel().catch(() => {});
  }
}

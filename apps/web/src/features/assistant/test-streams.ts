/** A text/event-stream answer whose events the test writes when it wants (component tests only). */
export function sseResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    delta: (delta: string) => controller.enqueue(encoder.encode(`data: ${JSON.stringify({ delta })}\n\n`)),
    done: () => {
      controller.enqueue(encoder.encode('data: {"done":true}\n\n'));
      controller.close();
    },
    /** What fetch does to the body when its request is aborted. */
    abort: () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
    fail: (error: string) => {
      controller.enqueue(encoder.encode(`event: error\ndata: ${JSON.stringify({ error })}\n\n`));
      controller.close();
    },
  };
}

/** A whole reply streamed at once. */
export function streamedReply(...deltas: string[]) {
  const stream = sseResponse();
  for (const d of deltas) stream.delta(d);
  stream.done();
  return stream.response;
}

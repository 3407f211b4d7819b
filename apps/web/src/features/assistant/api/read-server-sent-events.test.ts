import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './read-server-sent-events';

const encode = (text: string) => new TextEncoder().encode(text);

function bodyOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(chunks: Uint8Array[]) {
  const events = [];
  for await (const event of readServerSentEvents(bodyOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  const text = ': ping\r\n\r\ndata: {"delta":"Hé ✓"}\r\n\r\nevent: error\ndata: {"error":"x"}\n\ndata: a\ndata: b\n\n';
  const expected = [
    { event: 'message', data: '{"delta":"Hé ✓"}' },
    { event: 'error', data: '{"error":"x"}' },
    { event: 'message', data: 'a\nb' },
  ];

  it('reads named and unnamed events, skipping comments, with CRLF or LF line ends', async () => {
    expect(await collect([encode(text)])).toEqual(expected);
  });

  it('reads the same events when every byte arrives on its own (lines and characters split)', async () => {
    expect(await collect(Array.from(encode(text), (byte) => new Uint8Array([byte])))).toEqual(expected);
  });

  it('keeps a multi-line event whole when a CRLF line end is split between chunks', async () => {
    // "\r" ends one chunk and "\n" starts the next: together they are one line end, not a line end
    // followed by the blank line that would end the event after its first data line.
    const chunks = ['event: note\r\ndata: first\r', '\ndata: second\r', '\ndata: third\r\n\r', '\n'];
    expect(await collect(chunks.map(encode))).toEqual([{ event: 'note', data: 'first\nsecond\nthird' }]);
  });

  it('drops an unfinished event at the end of the stream', async () => {
    expect(await collect([encode('data: {"delta":"a"}\n\n'), encode('data: {"delta":"b"}')])).toEqual([
      { event: 'message', data: '{"delta":"a"}' },
    ]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode('data: one\n\ndata: two\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readServerSentEvents(body)) {
      expect(event).toEqual({ event: 'message', data: 'one' });
      break;
    }
    await expect.poll(() => cancelled).toBe(true);
  });
});

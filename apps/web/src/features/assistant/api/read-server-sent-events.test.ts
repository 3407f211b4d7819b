import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './read-server-sent-events';

async function collect(chunks: Uint8Array[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

const encode = (text: string) => new TextEncoder().encode(text);

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

  it('drops an unfinished event at the end of the stream', async () => {
    expect(await collect([encode('data: {"delta":"a"}\n\n'), encode('data: {"delta":"b"}')])).toEqual([
      { event: 'message', data: '{"delta":"a"}' },
    ]);
  });
});

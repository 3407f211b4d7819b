import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { PostMedia } from '../network-adapter.ts';
import { callTwitter, readTwitter } from './twitter-api.ts';
import type { TwitterMediaCategory } from './twitter-post-parts.ts';

/** X takes append segments of up to 5 MB; 4 MB leaves room for the multipart framing. */
const SEGMENT_BYTES = 4 * 1024 * 1024;
const SEGMENT_TIMEOUT_MS = 120_000;
/** A video X has not processed within this time is tried again later, uploaded anew. */
const PROCESSING_DEADLINE_MS = 15 * 60_000;

const ZProcessingInfo = z.object({
  state: z.enum(['pending', 'in_progress', 'failed', 'succeeded']),
  check_after_secs: z.number().optional(),
  error: z.object({ message: z.string().optional(), name: z.string().optional() }).optional(),
});
const ZUpload = z.object({ data: z.object({ id: z.string(), processing_info: ZProcessingInfo.optional() }) });

type ProcessingInfo = z.infer<typeof ZProcessingInfo>;

/** The file's bytes in segments of `size` (the last one shorter), read as the stream gives them. */
async function* segmentsOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let length = 0;
  for await (const piece of stream) {
    pieces.push(piece as Buffer);
    length += (piece as Buffer).length;
    while (length >= size) {
      const joined = Buffer.concat(pieces, length);
      yield joined.subarray(0, size);
      pieces = [joined.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pieces, length);
}

/**
 * Waits while X processes a video or GIF, asking again after the check_after_secs it names each
 * time, until it succeeded; a file X could not process is a final failure with X's reason.
 */
async function waitForProcessing(
  api: string,
  accessToken: string,
  media: PostMedia,
  id: string,
  first: { info: ProcessingInfo | undefined; raw: unknown },
  signal: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + PROCESSING_DEADLINE_MS;
  let { info, raw } = first;
  while (info && (info.state === 'pending' || info.state === 'in_progress')) {
    if (Date.now() > deadline) throw new PublishError(`X is still processing ${media.name}. Hookline will try again.`, true);
    await sleep((info.check_after_secs ?? 1) * 1000, undefined, { signal });
    const status = await readTwitter(
      await callTwitter(`${api}/2/media/upload?${new URLSearchParams({ command: 'STATUS', media_id: id })}`, accessToken, {}, { signal }),
      ZUpload,
    );
    ({ raw } = status);
    info = status.body.data.processing_info;
  }
  if (info?.state === 'failed') {
    const reason = info.error?.message ?? 'it gave no reason';
    throw new PublishError(
      `X could not process ${media.name} (${reason}). Export it again as MP4 (H.264, AAC).`,
      false,
      undefined,
      JSON.stringify(raw),
    );
  }
}

/**
 * Uploads one file with X's v2 media upload (initialize, append in segments, finalize, then the
 * status while X processes it) and sets its description. Answers the media id to attach.
 */
export async function uploadTwitterMedia(
  api: string,
  accessToken: string,
  media: PostMedia,
  category: TwitterMediaCategory,
  signal: AbortSignal,
): Promise<string> {
  const initialized = await readTwitter(
    await callTwitter(
      `${api}/2/media/upload/initialize`,
      accessToken,
      { method: 'POST', json: { media_type: media.type, total_bytes: media.size, media_category: category } },
      { signal },
    ),
    ZUpload,
  );
  const { id } = initialized.body.data;
  let segmentIndex = 0;
  for await (const segment of segmentsOf(await media.open(), SEGMENT_BYTES)) {
    const form = new FormData();
    form.append('segment_index', String(segmentIndex));
    form.append('media', new Blob([segment], { type: media.type }), media.name);
    const appended = await callTwitter(
      `${api}/2/media/upload/${id}/append`,
      accessToken,
      { method: 'POST', body: form },
      { signal, timeoutMs: SEGMENT_TIMEOUT_MS },
    );
    // Nothing in the answer is needed; discarding it frees the connection for the next segment.
    await appended.body?.cancel();
    segmentIndex += 1;
  }
  const finalized = await readTwitter(
    await callTwitter(`${api}/2/media/upload/${id}/finalize`, accessToken, { method: 'POST' }, { signal }),
    ZUpload,
  );
  await waitForProcessing(api, accessToken, media, id, { info: finalized.body.data.processing_info, raw: finalized.raw }, signal);
  // X documents descriptions (alt text) for images and GIFs only.
  if (media.altText && category !== 'tweet_video') {
    const described = await callTwitter(
      `${api}/2/media/metadata`,
      accessToken,
      { method: 'POST', json: { id, metadata: { alt_text: { text: media.altText } } } },
      { signal },
    );
    await described.body?.cancel();
  }
  return id;
}

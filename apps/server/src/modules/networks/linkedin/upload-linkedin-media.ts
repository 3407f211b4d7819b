import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { PublishError } from '../../publishing/channel-publisher.ts';
import type { PostMedia } from '../network-adapter.ts';
import { readJson } from '../network-http.ts';
import { callLinkedIn, jsonRequest, LINKEDIN_LABEL, restHeaders, urnInPath } from './linkedin-api.ts';

/** One part of a file can take a while on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface VideoTiming {
  /** Between two reads of a video's processing status. */
  pollIntervalMs: number;
  /** How long LinkedIn may process a video before Hookline gives up for now. */
  maxWaitMs: number;
}

/** Where and as whom media is uploaded: the owner is the post's author URN. */
export interface LinkedInUpload {
  api: string;
  accessToken: string;
  owner: string;
  signal: AbortSignal;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Images API: initializeUpload answers an upload URL and the image's URN
 * ({"value":{"uploadUrlExpiresAt":…,"uploadUrl":…,"image":"urn:li:image:…"}}); the bytes are PUT there
 * with the member's token.
 */
export async function uploadImage(upload: LinkedInUpload, image: PostMedia): Promise<string> {
  const { api, accessToken, owner, signal } = upload;
  const init = await callLinkedIn(
    `${api}/rest/images?action=initializeUpload`,
    jsonRequest(accessToken, 'POST', { initializeUploadRequest: { owner } }),
    { signal },
  );
  const { value } = await readJson<{ value: { uploadUrl: string; image: string } }>(init, LINKEDIN_LABEL);
  const stream = await image.open();
  const bytes = await readAll(stream);
  await callLinkedIn(
    value.uploadUrl,
    { method: 'PUT', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': image.type }, body: bytes },
    { signal, timeoutMs: UPLOAD_TIMEOUT_MS },
  );
  return value.image;
}

/**
 * The file's bytes cut at the given part sizes, one part in memory at a time (LinkedIn's parts are
 * 4 MB). Throws when the file ends before the sizes LinkedIn was told.
 */
async function* cutIntoParts(stream: Readable, sizes: number[]): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  for await (const chunk of stream) {
    let data = Buffer.from(chunk as Uint8Array);
    while (index < sizes.length && pendingBytes + data.length >= sizes[index]) {
      const take = sizes[index] - pendingBytes;
      yield Buffer.concat([...pending, data.subarray(0, take)]);
      data = data.subarray(take);
      pending = [];
      pendingBytes = 0;
      index += 1;
    }
    if (data.length > 0) {
      pending.push(data);
      pendingBytes += data.length;
    }
  }
  if (index < sizes.length)
    throw new PublishError('The video file is shorter than when it was uploaded to Hookline. Attach it again.', false);
}

interface VideoUploadPlan {
  video: string;
  uploadToken?: string;
  uploadInstructions: Array<{ uploadUrl: string; firstByte: number; lastByte: number }>;
}

/**
 * Videos API: initializeUpload (with the file's size) answers the video's URN and one upload URL per
 * byte range; each part is PUT and answers an ETag; finalizeUpload takes the ETags in order; LinkedIn
 * then processes the video until GET /rest/videos/{urn} says AVAILABLE (or PROCESSING_FAILED).
 */
export async function uploadVideo(upload: LinkedInUpload, video: PostMedia, timing: VideoTiming): Promise<string> {
  const { api, accessToken, owner, signal } = upload;
  const init = await callLinkedIn(
    `${api}/rest/videos?action=initializeUpload`,
    jsonRequest(accessToken, 'POST', {
      initializeUploadRequest: { owner, fileSizeBytes: video.size, uploadCaptions: false, uploadThumbnail: false },
    }),
    { signal },
  );
  const { value: plan } = await readJson<{ value: VideoUploadPlan }>(init, LINKEDIN_LABEL);
  const instructions = [...plan.uploadInstructions].sort((a, b) => a.firstByte - b.firstByte);

  const uploadedPartIds: string[] = [];
  const stream = await video.open();
  try {
    const sizes = instructions.map((part) => part.lastByte - part.firstByte + 1);
    let index = 0;
    for await (const bytes of cutIntoParts(stream, sizes)) {
      const response = await callLinkedIn(
        instructions[index].uploadUrl,
        { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes },
        { signal, timeoutMs: UPLOAD_TIMEOUT_MS },
      );
      const etag = response.headers.get('etag');
      if (!etag) throw new PublishError(`LinkedIn did not confirm part ${index + 1} of the video upload. Hookline will try again.`, true);
      uploadedPartIds.push(etag);
      index += 1;
    }
  } finally {
    stream.destroy();
  }

  await callLinkedIn(
    `${api}/rest/videos?action=finalizeUpload`,
    jsonRequest(accessToken, 'POST', {
      finalizeUploadRequest: { video: plan.video, uploadToken: plan.uploadToken ?? '', uploadedPartIds },
    }),
    { signal },
  );
  await waitUntilAvailable(upload, plan.video, timing);
  return plan.video;
}

async function waitUntilAvailable(upload: LinkedInUpload, urn: string, timing: VideoTiming): Promise<void> {
  const { api, accessToken, signal } = upload;
  const deadline = Date.now() + timing.maxWaitMs;
  for (;;) {
    const response = await callLinkedIn(`${api}/rest/videos/${urnInPath(urn)}`, { headers: restHeaders(accessToken) }, { signal });
    const { status, processingFailureReason } = await readJson<{ status?: string; processingFailureReason?: string }>(
      response,
      LINKEDIN_LABEL,
    );
    if (status === 'AVAILABLE') return;
    if (status === 'PROCESSING_FAILED') {
      throw new PublishError(
        `LinkedIn could not process the video${processingFailureReason ? ` (${processingFailureReason})` : ''}. Export it again as an H.264 MP4 and retry.`,
        false,
      );
    }
    if (Date.now() + timing.pollIntervalMs > deadline) {
      throw new PublishError(
        `LinkedIn was still processing the video after ${Math.max(1, Math.round(timing.maxWaitMs / 60_000))} minutes. Hookline will try again.`,
        true,
      );
    }
    await sleep(timing.pollIntervalMs, undefined, { signal });
  }
}

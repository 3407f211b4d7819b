import { vi } from 'vitest';
import type { TClipJobStatus } from '@hookline/shared';
import type { ApiCaller } from '../support/admin.ts';
import { multipartBody, type MultipartPart } from '../support/multipart.ts';
import { sendMultipartRemote } from '../support/remote-files.ts';
import type { RemoteAnswer, RemoteCaller } from '../support/server-process.ts';
import { ORIGIN, type TestApp } from '../support/test-app.ts';

type ClipJobStatus = { status: string; stage: string };

/** The parts of a POST /api/process: the given text fields, plus the video as video_file when given. */
function processParts(fields: Record<string, string>, file?: { bytes: Buffer; name: string }): MultipartPart[] {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'video_file', file: file.bytes, filename: file.name, type: 'video/mp4' });
  return parts;
}

/** POST /api/process as `who`: the given text fields, plus the video as video_file when given. */
export async function postProcess(
  t: Pick<TestApp, 'app'>,
  who: ApiCaller,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
) {
  const body = await multipartBody(processParts(fields, file));
  return t.app.inject({
    method: 'POST',
    url: '/api/process',
    headers: { ...body.headers, ...ORIGIN, cookie: who.cookie },
    payload: body.payload,
  });
}

/** POST /api/process over HTTP to a server process, as the caller whose session cookie is given. */
export function postProcessRemote(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
): Promise<RemoteAnswer> {
  return sendMultipartRemote(url, cookie, '/api/process', processParts(fields, file));
}

const finished = (s: ClipJobStatus) => ['done', 'failed', 'cancelled'].includes(s.status);

/** Polls `read` until `done(status)`; past `timeoutMs` it fails with the last status seen. */
function pollClipJob<T>(jobId: string, read: () => Promise<T>, done: (status: NoInfer<T>) => boolean, timeoutMs: number) {
  return vi.waitFor(
    async () => {
      const status = await read();
      if (!done(status)) throw new Error(`clip job ${jobId} is still ${JSON.stringify(status)}`);
      return status;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Polls a clip job until `done(status)`; past `timeoutMs` it fails with the last status seen. */
export function waitForClipJob(who: ApiCaller, jobId: string, done: (status: ClipJobStatus) => boolean = finished, timeoutMs = 90_000) {
  return pollClipJob(jobId, async () => (await who.get(`/api/clipper/jobs/${jobId}`)).json(), done, timeoutMs);
}

/** waitForClipJob over HTTP, through a server process's caller. */
export function waitForRemoteClipJob(
  caller: RemoteCaller,
  jobId: string,
  done: (status: TClipJobStatus) => boolean = finished,
  timeoutMs = 90_000,
): Promise<TClipJobStatus> {
  return pollClipJob(jobId, async () => (await caller('GET', `/api/clipper/jobs/${jobId}`)).body as TClipJobStatus, done, timeoutMs);
}

import { vi } from 'vitest';
import type { ApiCaller } from '../support/admin.ts';
import { multipartBody, type MultipartPart } from '../support/multipart.ts';
import { ORIGIN, type TestApp } from '../support/test-app.ts';

/** POST /api/process as `who`: the given text fields, plus the video as video_file when given. */
export async function postProcess(
  t: Pick<TestApp, 'app'>,
  who: ApiCaller,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'video_file', file: file.bytes, filename: file.name, type: 'video/mp4' });
  const body = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/process',
    headers: { ...body.headers, ...ORIGIN, cookie: who.cookie },
    payload: body.payload,
  });
}

/** Polls a clip job until `done(status)`; past `timeoutMs` it fails with the last status seen. */
export async function waitForClipJob(
  who: ApiCaller,
  jobId: string,
  done: (status: { status: string; stage: string }) => boolean = (s) => ['done', 'failed', 'cancelled'].includes(s.status),
  timeoutMs = 90_000,
) {
  return vi.waitFor(
    async () => {
      const status = (await who.get(`/api/clipper/jobs/${jobId}`)).json();
      if (!done(status)) throw new Error(`clip job ${jobId} is still ${JSON.stringify(status)}`);
      return status;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

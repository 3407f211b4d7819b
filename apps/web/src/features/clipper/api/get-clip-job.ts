import type { TClipJobStatus } from '@hookline/shared';
import { clipperUrl } from './clipper-config';
import { clipperFetch, toClipperError } from './clipper-error';

/** GET {baseUrl}/api/clipper/jobs/{id}: the job's status, stage, percent, and result once done. */
export async function getClipJob(baseUrl: string, jobId: string, signal?: AbortSignal): Promise<TClipJobStatus> {
  const response = await clipperFetch(clipperUrl(baseUrl, `/api/clipper/jobs/${encodeURIComponent(jobId)}`), {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw await toClipperError(response);
  return (await response.json()) as TClipJobStatus;
}

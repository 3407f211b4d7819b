import { clipperUrl } from './clipper-config';
import { clipperFetch, toClipperError } from './clipper-error';

/** DELETE {baseUrl}/api/clipper/jobs/{id} → 204: stops the job and removes its files (404: already gone, fine). */
export async function cancelClipJob(baseUrl: string, jobId: string): Promise<void> {
  const response = await clipperFetch(clipperUrl(baseUrl, `/api/clipper/jobs/${encodeURIComponent(jobId)}`), { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw await toClipperError(response);
}

import type { TClipDraftRequest, TClipDrafts, TDraft, TDraftChannel } from '@hookline/shared';
import { clipperUrl } from './clipper-config';
import { clipperFetch, toClipperError } from './clipper-error';

/** Shown when making drafts failed without the server saying why. */
export const DRAFT_FAILED_MESSAGE = 'Could not create the draft. Please try again.';

const jobPath = (jobId: string) => `/api/clipper/jobs/${encodeURIComponent(jobId)}`;

async function postDrafts(url: string, channel: TDraftChannel | undefined): Promise<TDraft[]> {
  const body: TClipDraftRequest = channel ? { channel } : {};
  const response = await clipperFetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toClipperError(response);
  const { drafts } = (await response.json()) as TClipDrafts;
  if (!Array.isArray(drafts)) throw new Error('The clipper answered without drafts');
  return drafts;
}

/**
 * POST {baseUrl}/api/clipper/jobs/{id}/clips/{n}/draft → 201 { drafts: [draft] }: the clip as a draft
 * in the job's workspace (the same draft again when it already has one). Without a channel the server
 * picks Instagram for reframed clips and YouTube for the source's frame.
 */
export async function createClipDraft(baseUrl: string, jobId: string, clipNumber: number, channel?: TDraftChannel): Promise<TDraft> {
  const [draft] = await postDrafts(clipperUrl(baseUrl, `${jobPath(jobId)}/clips/${clipNumber}/draft`), channel);
  if (!draft) throw new Error('The clipper answered without a draft');
  return draft;
}

/** POST {baseUrl}/api/clipper/jobs/{id}/drafts → 201 { drafts }: one draft per clip, in the clips' order. */
export function createClipDrafts(baseUrl: string, jobId: string, channel?: TDraftChannel): Promise<TDraft[]> {
  return postDrafts(clipperUrl(baseUrl, `${jobPath(jobId)}/drafts`), channel);
}

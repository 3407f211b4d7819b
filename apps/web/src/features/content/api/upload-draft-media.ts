import type { TDraft } from '@hookline/shared';
import { setWorkspaceHeader } from '@/lib/active-workspace';
import { ApiError } from '@/lib/api-client';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/**
 * POST /api/drafts/{id}/media (multipart field "file") with progress (0..1); XHR because fetch
 * cannot report upload progress. 413 too large, 415 not an image or video, 409 once published.
 */
export function uploadDraftMedia(id: string, file: File, onProgress: (fraction: number) => void): Promise<TDraft> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${draftPath(id)}/media`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    setWorkspaceHeader(xhr);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as (TDraft & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.id) return resolve(body);
      const serverMessage = typeof body?.error === 'string' && body.error ? body.error : undefined;
      reject(new ApiError(xhr.status, serverMessage ?? `${xhr.status} ${xhr.statusText}`.trim(), serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error while uploading'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** mutate({ file, onProgress }). */
export const useUploadDraftMedia = (id: string) =>
  useDraftMutation(
    ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadDraftMedia(id, file, onProgress),
    id,
  );

import type { TRequestAttachment } from '@hookline/shared';
import { setWorkspaceHeader } from '@/lib/active-workspace';
import { ApiError } from '@/lib/api-client';
import { requestPath } from './keys';

/**
 * POST /api/requests/{id}/attachments (multipart field "file") with progress (0..1); XHR because
 * fetch cannot report upload progress. 413 too large, 415 not a supported type, 409 when the
 * request holds its most files already.
 */
export function uploadAttachment(requestId: string, file: File, onProgress: (fraction: number) => void): Promise<TRequestAttachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${requestPath(requestId)}/attachments`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    setWorkspaceHeader(xhr);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as (TRequestAttachment & { error?: string }) | null;
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

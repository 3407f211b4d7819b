import { setWorkspaceHeader } from './active-workspace';
import { ApiError } from './api-client';

/**
 * POSTs one file as the multipart field "file", reporting progress (0..1), in the workspace this
 * tab works in; XHR because fetch cannot report upload progress. Answers the JSON body of a 2xx
 * answer; anything else rejects with an ApiError carrying the server's { error } text.
 */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    setWorkspaceHeader(xhr);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: unknown }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body);
      const serverMessage = typeof body?.error === 'string' && body.error ? body.error : undefined;
      reject(new ApiError(xhr.status, serverMessage ?? `${xhr.status} ${xhr.statusText}`.trim(), serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error while uploading'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

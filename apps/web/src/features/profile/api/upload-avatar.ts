import { useMutation } from '@tanstack/react-query';
import type { TUploadAvatarResponse } from '@hookline/shared';
import { ApiError } from '@/lib/api-client';

/** Multipart upload with progress (0..1); XHR because fetch cannot report upload progress. */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<TUploadAvatarResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/me/avatar');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as { url?: string; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) return resolve({ url: body.url });
      reject(new ApiError(xhr.status, body?.error ?? `${xhr.status} ${xhr.statusText}`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error while uploading'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** mutate({ file, onProgress }); answers the uploaded picture's URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadAvatar(file, onProgress),
  });
}

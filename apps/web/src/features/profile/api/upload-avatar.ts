import { useMutation } from '@tanstack/react-query';
import type { TUploadAvatarResponse } from '@hookline/shared';
import { uploadFile } from '@/lib/upload-file';

/** POST /api/me/avatar with progress (0..1). */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Promise<TUploadAvatarResponse> {
  return uploadFile<TUploadAvatarResponse>('/api/me/avatar', file, onProgress);
}

/** mutate({ file, onProgress }); answers the uploaded picture's URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadAvatar(file, onProgress),
  });
}

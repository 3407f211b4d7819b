import type { TDraft } from '@hookline/shared';
import { uploadFile } from '@/lib/upload-file';
import { draftPath } from './draft-path';
import { useDraftMutation } from './use-draft-mutation';

/** POST /api/drafts/{id}/media with progress (0..1): 413 too large, 415 not an image or video, 409 once published. */
export function uploadDraftMedia(id: string, file: File, onProgress: (fraction: number) => void): Promise<TDraft> {
  return uploadFile<TDraft>(`${draftPath(id)}/media`, file, onProgress);
}

/** mutate({ file, onProgress }). */
export const useUploadDraftMedia = (id: string) =>
  useDraftMutation(
    ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadDraftMedia(id, file, onProgress),
    id,
  );

import type { TRequestAttachment } from '@hookline/shared';
import { uploadFile } from '@/lib/upload-file';
import { requestPath } from './keys';

/**
 * POST /api/requests/{id}/attachments with progress (0..1): 413 too large, 415 not a supported
 * type, 409 when the request holds its most files already.
 */
export function uploadAttachment(requestId: string, file: File, onProgress: (fraction: number) => void): Promise<TRequestAttachment> {
  return uploadFile<TRequestAttachment>(`${requestPath(requestId)}/attachments`, file, onProgress);
}

import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { fileUrl, IMAGE_TYPES, storedFileName, type FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';

export const AVATAR_SIZE_PX = 512;

/**
 * Checks the bytes (not the declared type), squares and shrinks the picture, drops its metadata
 * (location, camera) and stores it at avatars/{uid}/{epoch ms}-{file name}.{extension of its type}.
 */
export async function uploadAvatar(
  files: FileStore,
  input: { userId: string; fileName: string; bytes: Buffer },
): Promise<{ url: string; key: string }> {
  const type = await fileTypeFromBuffer(input.bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new HttpError(415, 'Avatar must be an image file (JPEG, PNG, WebP, GIF or AVIF).');
  }
  let resized: Buffer;
  try {
    resized = await sharp(input.bytes, { animated: type.mime === 'image/gif' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', withoutEnlargement: true })
      .toBuffer();
  } catch {
    throw new HttpError(415, 'That image could not be read. Try another file.');
  }
  const key = `avatars/${input.userId}/${storedFileName(input.fileName, type)}`;
  await files.put(key, resized, { contentType: type.mime });
  return { key, url: fileUrl(key) };
}

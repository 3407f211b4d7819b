import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { formatBytes } from '@hookline/shared';
import { sanitizeFileName } from '../../lib/file-store.ts';
import { ClipperError } from './clipper-error.ts';
import { readClipParams, type ClipParams } from './clip-params.ts';

/**
 * Reads POST /api/process: text fields in any order, and the video streamed straight to the
 * job's scratch folder (never held in memory), stopping at the size limit with a 413.
 */
export async function receiveProcessRequest(
  request: FastifyRequest,
  input: { scratchDir: string; maxBytes: number },
): Promise<ClipParams & { sourcePath: string | null; originalName: string | null }> {
  if (!request.isMultipart()) throw new ClipperError(415, 'Send the request as multipart/form-data.');
  const fields = new Map<string, string>();
  let sourcePath: string | null = null;
  let originalName: string | null = null;
  for await (const part of request.parts({ limits: { fileSize: input.maxBytes, files: 1, fields: 20, fieldSize: 4096 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'video_file') {
        part.file.resume();
        throw new ClipperError(400, `Unexpected file field "${part.fieldname}": send the video as video_file`);
      }
      // Kept under its own (sanitised) name: the title falls back to it when the container has none.
      fs.mkdirSync(input.scratchDir, { recursive: true });
      sourcePath = path.join(input.scratchDir, sanitizeFileName(part.filename || 'video'));
      originalName = part.filename;
      await pipeline(part.file, fs.createWriteStream(sourcePath));
      if (part.file.truncated) throw new ClipperError(413, `The video must be ${formatBytes(input.maxBytes)} or smaller.`);
    } else {
      fields.set(part.fieldname, String(part.value));
    }
  }
  const params = readClipParams(fields, sourcePath !== null && fs.statSync(sourcePath).size > 0);
  return { ...params, sourcePath: params.inputType === 'Upload Video File' ? sourcePath : null, originalName };
}

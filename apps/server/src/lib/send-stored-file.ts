import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { SERVED_FILE_CSP, type FileStore } from './file-store.ts';
import { HttpError } from './http-error.ts';

export interface StoredFileReply {
  key: string;
  type: string;
  /** The whole Content-Disposition value (inline or attachment, with the file name). */
  disposition: string;
  cacheControl: string;
}

/**
 * Sends a stored file through the app, from the disk or from S3, whole or the one byte range a
 * request asks for: video players seek with ranges, and Safari plays no video without them.
 * Keys are never rewritten (a new upload gets a new key), so size and time make a strong validator
 * where the store gives none.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFileReply,
): Promise<FastifyReply> {
  const meta = await files.getMetaData(file.key);
  const size = meta.contentLength;
  // If-Range needs a strong validator; the disk driver's ETag is a weak one.
  const etag = meta.etag && !meta.etag.startsWith('W/') ? meta.etag : `"${size.toString(16)}-${meta.lastModified.getTime().toString(16)}"`;
  reply
    .type(file.type)
    .header('Content-Disposition', file.disposition)
    .header('Content-Security-Policy', SERVED_FILE_CSP)
    .header('Cache-Control', file.cacheControl)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', meta.lastModified.toUTCString());
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  // A Range under an If-Range naming another version of the file gets the whole file.
  if (range && (!ifRange || ifRange === etag)) {
    const ranges = parseRange(size, range, { combine: true });
    if (ranges === -1) {
      reply.header('Content-Range', `bytes */${size}`);
      throw new HttpError(416, 'The byte range asked for starts past the end of the file.');
    }
    // Several ranges (a multipart answer) are rare enough to get the whole file instead, as RFC 9110 allows.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const { start, end } = ranges[0];
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${size}`)
        .header('Content-Length', end - start + 1)
        .send(await files.getRangeStream(file.key, { start, end }));
    }
  }
  return reply.header('Content-Length', size).send(await files.getStream(file.key));
}

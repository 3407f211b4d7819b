import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { isMissingFile, SERVED_FILE_CSP, type FileStore } from './file-store.ts';
import { HttpError } from './http-error.ts';

export interface StoredFileReply {
  key: string;
  type: string;
  /** The whole Content-Disposition value (inline or attachment, with the file name). */
  disposition: string;
  cacheControl: string;
  /** The 404's message when the file is gone. */
  notFound?: string;
}

/** A file the store no longer has (deleted, replaced, purged) is a 404, never a 500. */
export async function readStored<T>(read: () => Promise<T>, notFound = 'File not found'): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissingFile(error)) throw new HttpError(404, notFound);
    throw error;
  }
}

/**
 * Sends an opened stream, or for HEAD nothing: Fastify answers HEAD by running the GET handler and
 * reading the stream to its end, which for a stored file would fetch all of it for nothing.
 */
export function sendStream(request: FastifyRequest, reply: FastifyReply, stream: Readable): FastifyReply {
  if (request.method !== 'HEAD') return reply.send(stream);
  stream.destroy();
  return reply.send(Readable.from([]));
}

/** If-None-Match holds the ETag (in a list, weak or not, or `*`). */
const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/**
 * Sends a stored file through the app, from the disk or from S3, whole or the one byte range a
 * request asks for: video players seek with ranges, and Safari plays no video without them.
 * Keys are never rewritten (a new upload gets a new key), so size and time make a strong validator
 * where the store gives none. The routes that use it turn response compression off: a compressed
 * whole answer would not match the ranges and the ETag.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFileReply,
): Promise<FastifyReply> {
  const meta = await readStored(() => files.getMetaData(file.key), file.notFound);
  const size = meta.contentLength;
  // If-Range needs a strong validator; the disk driver's ETag is a weak one.
  const etag = meta.etag && !meta.etag.startsWith('W/') ? meta.etag : `"${size.toString(16)}-${meta.lastModified.getTime().toString(16)}"`;
  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  // A Range under an If-Range naming another version of the file gets the whole file.
  const ranges = range && (!ifRange || ifRange === etag) ? parseRange(size, range, { combine: true }) : undefined;
  if (ranges === -1) {
    reply.header('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'The byte range asked for starts past the end of the file.');
  }
  // Several ranges (a multipart answer) are rare enough to get the whole file instead, as RFC 9110 allows.
  const part = ranges && ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  const notModified = matchesEtag(request.headers['if-none-match'], etag);
  // HEAD reads nothing. A GET opens the file before any header is set, so a file gone in the
  // meantime is a plain 404: a range read opens at once, where the disk driver's whole-file
  // stream would open later and fail after the answer started (an empty file has no range).
  const read = part ?? (size > 0 ? { start: 0, end: size - 1 } : undefined);
  const stream =
    notModified || request.method === 'HEAD'
      ? undefined
      : await readStored(() => (read ? files.getRangeStream(file.key, read) : files.getStream(file.key)), file.notFound);
  reply
    .type(file.type)
    .header('Content-Disposition', file.disposition)
    .header('Content-Security-Policy', SERVED_FILE_CSP)
    .header('Cache-Control', file.cacheControl)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', meta.lastModified.toUTCString());
  if (notModified) return reply.code(304).send();
  if (part) reply.code(206).header('Content-Range', `bytes ${part.start}-${part.end}/${size}`);
  reply.header('Content-Length', part ? part.end - part.start + 1 : size);
  return reply.send(stream ?? Readable.from([]));
}

import { multipartBody, type MultipartPart } from './multipart.ts';
import type { RemoteAnswer } from './server-process.ts';

/** A file a server process answered with: its status, bytes and headers. */
export interface RemoteFile {
  status: number;
  bytes: Buffer;
  headers: Headers;
}

const headersOf = (url: string, cookie: string) => ({ origin: url, ...(cookie ? { cookie } : {}) });

/** POSTs a multipart/form-data body (what a browser's FormData sends) to a server process as one caller. */
export async function sendMultipartRemote(url: string, cookie: string, route: string, parts: MultipartPart[]): Promise<RemoteAnswer> {
  const body = await multipartBody(parts);
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { ...headersOf(url, cookie), ...body.headers },
    body: new Uint8Array(body.payload),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** GETs a file from a server process as one caller: all of it, or the bytes from `range.start` to `range.end` (inclusive). */
export async function fetchFileRemote(
  url: string,
  cookie: string,
  route: string,
  range?: { start: number; end: number },
): Promise<RemoteFile> {
  const response = await fetch(`${url}${route}`, {
    headers: { ...headersOf(url, cookie), ...(range ? { range: `bytes=${range.start}-${range.end}` } : {}) },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

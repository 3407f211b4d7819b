/** One part of a multipart/form-data body: a text field, or a file with its name and type. */
export type MultipartPart = { name: string; value: string } | { name: string; file: Buffer | Uint8Array; filename: string; type?: string };

/**
 * Encodes parts exactly as a browser's FormData would, for app.inject:
 * returns the body bytes and the content-type header carrying the boundary.
 */
export async function multipartBody(parts: MultipartPart[]): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) {
      const bytes = new Uint8Array(part.file.byteLength);
      bytes.set(part.file);
      form.append(part.name, new Blob([bytes], { type: part.type ?? 'application/octet-stream' }), part.filename);
    } else {
      form.append(part.name, part.value);
    }
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData produced no content-type');
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } };
}

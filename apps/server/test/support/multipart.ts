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

/**
 * Multipart requests no parser can read, each with a file part named `field`: no boundary, an
 * empty or over-long one (the parser takes at most 256 characters), a boundary the
 * body never uses, and bodies that end inside a part's headers or inside the file. A file cut
 * off after 64 KiB fails differently from a short one: the parser has already handed part of it
 * to the route, and reports the cut on the file stream.
 */
export function brokenMultipartBodies(field: string): Array<{ what: string; contentType: string; payload: string }> {
  const form = [
    '--abc',
    `Content-Disposition: form-data; name="${field}"; filename="a.png"`,
    'Content-Type: image/png',
    '',
    'not really a picture',
    '--abc--',
    '',
  ].join('\r\n');
  const withBoundary = 'multipart/form-data; boundary=abc';
  return [
    { what: 'no boundary', contentType: 'multipart/form-data', payload: form },
    { what: 'no boundary and no body', contentType: 'multipart/form-data', payload: '' },
    { what: 'no boundary, another parameter', contentType: 'multipart/form-data; charset=utf-8', payload: form },
    { what: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload: form },
    { what: 'a boundary of 300 characters', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: form },
    { what: 'a boundary the body never uses', contentType: 'multipart/form-data; boundary=xyz', payload: form },
    { what: 'a body without any boundary line', contentType: withBoundary, payload: 'just some text' },
    { what: 'a body that ends inside the headers', contentType: withBoundary, payload: form.slice(0, 40) },
    { what: 'a body that ends inside the file', contentType: withBoundary, payload: form.slice(0, form.indexOf('picture')) },
    {
      what: 'a body that ends inside a 64 KiB file',
      contentType: withBoundary,
      payload: form.slice(0, form.indexOf('not really')) + 'x'.repeat(65536),
    },
  ];
}

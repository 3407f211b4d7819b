import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart.ts';
import { createTestApp, ORIGIN, signIn, signUp, type TestApp } from '../support/test-app.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('profile (GET /api/me, PATCH /api/me/profile)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patchProfile = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { ...ORIGIN, cookie },
      payload: payload as Record<string, unknown>,
    });

  it('GET /api/me answers 401 with an error when signed out', async () => {
    const response = await t.app.inject({ url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('GET /api/me answers 401 for a made-up session cookie', async () => {
    const response = await t.app.inject({ url: '/api/me', headers: { cookie: 'better-auth.session_token=forged.value' } });
    expect(response.statusCode).toBe(401);
  });

  it('PATCH /api/me/profile answers 401 when signed out', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: ORIGIN,
      payload: { displayName: 'X', photoURL: null },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
  });

  it('sets the display name and photo URL, and GET /api/me shows them', async () => {
    const { cookie, user } = await signUp(t.app, { email: 'pat@example.com', name: 'Pat' });
    const response = await patchProfile(cookie, { displayName: '  Pat Jones  ', photoURL: 'https://cdn.example/pat.png' });
    expect(response.statusCode).toBe(200);
    const expected = {
      uid: user.id,
      email: 'pat@example.com',
      displayName: 'Pat Jones',
      photoURL: 'https://cdn.example/pat.png',
      role: 'client',
    };
    expect(response.json()).toEqual(expected);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toEqual(expected);
  });

  it('accepts a photo URL of a stored file (/api/files/…)', async () => {
    const { cookie } = await signUp(t.app, { email: 'stored@example.com' });
    const response = await patchProfile(cookie, { displayName: 'S', photoURL: '/api/files/avatars/x/1-a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.json().photoURL).toBe('/api/files/avatars/x/1-a.png');
  });

  it('clears both values when they are sent as null', async () => {
    const { cookie } = await signUp(t.app, { email: 'clear@example.com', name: 'Clara' });
    await patchProfile(cookie, { displayName: 'Clara', photoURL: 'https://cdn.example/c.png' });
    const response = await patchProfile(cookie, { displayName: null, photoURL: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: null, photoURL: null });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ displayName: null, photoURL: null });
  });

  it('treats an all-blank display name as no name', async () => {
    const { cookie } = await signUp(t.app, { email: 'blank@example.com', name: 'Blanca' });
    const response = await patchProfile(cookie, { displayName: '   ', photoURL: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().displayName).toBeNull();
  });

  it('refuses a javascript: photo URL with 400', async () => {
    const { cookie } = await signUp(t.app, { email: 'js@example.com' });
    const response = await patchProfile(cookie, { displayName: 'J', photoURL: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'photoURL: Photo URL must be an http(s) address' });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().photoURL).toBeNull();
  });

  it('refuses a display name of 121 characters with 400 and accepts 120', async () => {
    const { cookie } = await signUp(t.app, { email: 'long@example.com' });
    const tooLong = await patchProfile(cookie, { displayName: 'd'.repeat(121), photoURL: null });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: 'displayName: Display name must be at most 120 characters' });
    const justRight = await patchProfile(cookie, { displayName: 'd'.repeat(120), photoURL: null });
    expect(justRight.statusCode).toBe(200);
    expect(justRight.json().displayName).toBe('d'.repeat(120));
  });

  it('works with a bearer token from the sign-in response instead of the cookie', async () => {
    const { user } = await signUp(t.app, { email: 'bearer@example.com', name: 'Bea' });
    const { response, token } = await signIn(t.app, { email: 'bearer@example.com' });
    expect(response.statusCode).toBe(200);
    expect(token).toEqual(expect.any(String));
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ uid: user.id, email: 'bearer@example.com', displayName: 'Bea' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { ...ORIGIN, authorization: `Bearer ${token}` },
      payload: { displayName: 'Bea B', photoURL: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().displayName).toBe('Bea B');
  });

  it('refuses a made-up bearer token with 401', async () => {
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer not-a-real-token' } });
    expect(me.statusCode).toBe(401);
  });
});

describe('avatar upload (POST /api/me/avatar) and file serving (GET /api/files/*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const filesDir = () => path.join(t.dataDir, 'files');

  const uploadAvatar = async (cookie: string | undefined, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...ORIGIN, ...headers, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };

  it('stores a PNG squared to 512x512 under /api/files/avatars/{uid}/ and serves it back', async () => {
    const { cookie, user } = await signUp(t.app, { email: 'avatar@example.com' });
    const response = await uploadAvatar(cookie, [{ name: 'file', file: await png(800, 600), filename: 'my photo.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url.startsWith(`/api/files/avatars/${user.id}/`)).toBe(true);
    expect(url).toMatch(/\/\d+-my-photo\.png$/);

    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512 });

    // The upload only returns the URL; the profile changes when the client saves it.
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { ...ORIGIN, cookie },
      payload: { displayName: null, photoURL: url },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().photoURL).toBe(url);
  });

  it('does not enlarge a small picture', async () => {
    const { cookie } = await signUp(t.app, { email: 'small@example.com' });
    const response = await uploadAvatar(cookie, [{ name: 'file', file: await png(100, 80), filename: 'small.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(200);
    const file = await t.app.inject({ url: response.json().url });
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(100);
  });

  it('refuses a text file renamed to .png with 415', async () => {
    const { cookie } = await signUp(t.app, { email: 'fake@example.com' });
    const response = await uploadAvatar(cookie, [
      { name: 'file', file: Buffer.from('this is plain text, not a picture\n'.repeat(20)), filename: 'fake.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Avatar must be an image file (JPEG, PNG, WebP, GIF or AVIF).' });
  });

  it('answers 400 when the form has no file part', async () => {
    const { cookie } = await signUp(t.app, { email: 'nofile@example.com' });
    const response = await uploadAvatar(cookie, [{ name: 'note', value: 'hello' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Choose an image file to upload.' });
  });

  it('answers 415 when the body is not multipart', async () => {
    const { cookie } = await signUp(t.app, { email: 'json@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...ORIGIN, cookie },
      payload: { file: 'nope' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const storedFiles = () => (fs.existsSync(filesDir()) ? fs.readdirSync(filesDir(), { recursive: true }).sort() : []);
    const before = storedFiles();
    const response = await uploadAvatar(undefined, [{ name: 'file', file: await png(64, 64), filename: 'a.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue.' });
    expect(storedFiles()).toEqual(before);
  });

  it('never serves a file outside the store for path traversal attempts', async () => {
    // DATA_DIR holds the auth secret next to the file store (DATA_DIR/files): a tempting target.
    const secret = fs.readFileSync(path.join(t.dataDir, 'auth-secret'), 'utf8').trim();
    const attempts = [
      '/api/files/../auth-secret',
      '/api/files/%2e%2e/auth-secret',
      '/api/files/avatars/%2e%2e/%2e%2e/auth-secret',
      '/api/files/avatars/..%2f..%2fauth-secret',
      '/api/files/..%5cauth-secret',
      '/api/files/avatars/./x.png',
      '/api/files/%2fetc%2fpasswd',
    ];
    for (const url of attempts) {
      const response = await t.app.inject({ url });
      expect([400, 404], `${url} answered ${response.statusCode}`).toContain(response.statusCode);
      expect(response.body).not.toContain(secret);
    }
  });

  it('serves a stored file as its bytes say, whatever its name: a picture inline, anything else as a download', async () => {
    // Files stored before names took their extension from the bytes: a picture named .htm, a page named .png.
    const folder = path.join(filesDir(), 'avatars', 'earlier');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '1-x.htm'), await png(16, 16));
    fs.writeFileSync(path.join(folder, '2-y.png'), '<!doctype html><script>alert(document.cookie)</script>');

    const picture = await t.app.inject({ url: '/api/files/avatars/earlier/1-x.htm' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toBe('inline; filename="1-x.png"');
    expect((await sharp(picture.rawPayload).metadata()).format).toBe('png');

    const page = await t.app.inject({ url: '/api/files/avatars/earlier/2-y.png' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toBe('attachment; filename="2-y.bin"');
    for (const response of [picture, page]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    }
  });

  it('answers 404 for a stored-file path that does not exist', async () => {
    const response = await t.app.inject({ url: '/api/files/avatars/nobody/1-none.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'File not found' });
  });
});

describe('avatar size limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AVATAR_MAX_BYTES: '2048' });
  });
  afterAll(() => t.close());

  /** A real PNG of noise, well over 2048 bytes (noise does not compress). */
  const bigPng = async () => {
    const pixels = Buffer.alloc(40 * 40 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    const bytes = await sharp(pixels, { raw: { width: 40, height: 40, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(3000);
    return bytes;
  };

  const upload = async (cookie: string, file: Buffer) => {
    const { payload, headers } = await multipartBody([{ name: 'file', file, filename: 'big.png', type: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { ...ORIGIN, ...headers, cookie }, payload });
  };

  it('/api/config tells the browser the limit', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json().avatarMaxBytes).toBe(2048);
  });

  it('refuses a file over AVATAR_MAX_BYTES with 413 and stores nothing', async () => {
    const { cookie, user } = await signUp(t.app, { email: 'big@example.com' });
    const response = await upload(cookie, await bigPng());
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^Avatar must be .+ or smaller\.$/) });
    expect(fs.existsSync(path.join(t.dataDir, 'files', 'avatars', user.id))).toBe(false);
  });

  it('states the real limit in the 413 message (2048 bytes is not "0 MB")', async () => {
    const { cookie } = await signUp(t.app, { email: 'big2@example.com' });
    const response = await upload(cookie, await bigPng());
    const { error } = response.json() as { error: string };
    const match = /^Avatar must be (\d+(?:\.\d+)?) (KB|MB) or smaller\.$/.exec(error);
    expect(match, error).not.toBeNull();
    const stated = Number(match![1]) * (match![2] === 'KB' ? 1024 : 1024 * 1024);
    // The stated size must be positive and describe 2048 bytes to within rounding of the unit shown.
    expect(stated).toBeGreaterThan(0);
    expect(Math.abs(stated - 2048)).toBeLessThan(match![2] === 'KB' ? 1024 : 1024 * 1024);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../../src/modules/settings/settings-store.ts';
import { signUpAs, type ApiCaller } from '../../support/admin.ts';
import { brokenMultipartBodies, multipartBody, type MultipartPart } from '../../support/multipart.ts';
import { livingProcessesMentioning } from '../../support/server-process.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../support/test-app.ts';
import { makeTestVideo } from '../../clipper/make-test-video.ts';

/** A "private" HTTP target on every local address (IPv4 and IPv6): records every connection, TLS or not. */
async function startPrivateTarget() {
  const connections: string[] = [];
  const server = http.createServer((_request, response) => response.writeHead(200).end('ok'));
  server.on('connection', (socket) => connections.push(String(socket.remoteAddress)));
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every file under a directory, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile())
    : [];

/**
 * Webhook URLs aimed at this machine, its private networks or the cloud metadata service, written
 * every way a URL parser accepts, plus other schemes and credentials tricks. `.invalid` never
 * resolves (RFC 6761), so no URL here reaches the internet.
 */
function ssrfTargets(port: number): string[] {
  const p = port;
  return [
    `http://127.0.0.1:${p}/hook`,
    `https://127.0.0.1:${p}/hook`,
    `HTTP://127.0.0.1:${p}/`,
    ` http://127.0.0.1:${p}/ `,
    `http://127.0.0.2:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://localhost:${p}/`,
    `http://LOCALHOST:${p}/`,
    `http://ＬＯＣＡＬＨＯＳＴ:${p}/`,
    `http://localhost.:${p}/`,
    `http://[::1]:${p}/`,
    `http://[0:0:0:0:0:0:0:1]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[::ffff:0:7f00:1]:${p}/`,
    `http://[64:ff9b::7f00:1]:${p}/`,
    `http://[2002:7f00:1::]:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://0:${p}/`,
    `http://[::]:${p}/`,
    `http://2130706433:${p}/`,
    `http://0x7f000001:${p}/`,
    `http://0x7f.0x0.0x0.0x1:${p}/`,
    `http://0177.0.0.1:${p}/`,
    `http://017700000001:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.1:${p}/`,
    `http://127.000.000.001:${p}/`,
    `http://①②⑦.⓪.⓪.①:${p}/`,
    `http://127。0。0。1:${p}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    `http://10.0.0.1:${p}/`,
    'http://10.255.255.254/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://192.168.255.255/',
    'http://100.64.0.1/',
    `http://[fd00::1]:${p}/`,
    'http://[fc00::1]/',
    `http://[fe80::1]:${p}/`,
    `http://[fe80::1%25lo]:${p}/`,
    'http://[fec0::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    `http://127.0.0.1.nip.io:${p}/`,
    `http://user:pass@127.0.0.1:${p}/`,
    `http://hookline.invalid@127.0.0.1:${p}/`,
    `http://127.0.0.1:${p}@hookline.invalid/`,
    `http://hookline.invalid\\@127.0.0.1:${p}/`,
    `http://127.0.0.1:${p}#@hookline.invalid/`,
    `http://127.0.0.1:${p}?@hookline.invalid/`,
    'file:///etc/passwd',
    'file://localhost/etc/passwd',
    `gopher://127.0.0.1:${p}/_POST%20/`,
    `ftp://127.0.0.1:${p}/`,
    `dict://127.0.0.1:${p}/info`,
    'ldap://127.0.0.1/',
    `ws://127.0.0.1:${p}/`,
    'javascript:alert(1)',
    'data:text/plain,hello',
    `//127.0.0.1:${p}/`,
  ];
}

const FOUNDER = 'founder@hostile.test';
const SETTINGS = { supportEmail: 'help@hostile.test', brandHue: 212, allowSelfSignup: true };

describe('SSRF: webhook URLs aimed at private targets (WEBHOOK_ALLOW_PRIVATE off)', () => {
  let t: TestApp;
  let founder: ApiCaller;
  let target: Awaited<ReturnType<typeof startPrivateTarget>>;
  beforeAll(async () => {
    target = await startPrivateTarget();
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER, JOB_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '10' });
    founder = await signUpAs(t, FOUNDER);
  });
  afterAll(async () => {
    await t?.close();
    await target?.close();
  });

  it('refuses every one at save time with a 4xx and an error, and keeps the stored URL', async () => {
    const targets = ssrfTargets(target.port);
    expect(targets.length).toBeGreaterThanOrEqual(30);
    for (const webhookUrl of targets) {
      const response = await founder.put('/api/admin/settings', { ...SETTINGS, webhookUrl });
      expect(response.statusCode, `${webhookUrl}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, webhookUrl).toBeLessThan(500);
      expect(response.json().error, webhookUrl).toMatch(/webhookUrl/);
    }
    expect((await founder.get('/api/admin/settings')).json().webhookUrl).toBe('');
  });

  it('never delivers to them either when one is stored anyway (saved before, or the DNS changed): refused at connect time', async () => {
    const targets = ssrfTargets(target.port);
    let queued = 0;
    for (const webhookUrl of targets) {
      // Written straight into the store, past the save-time check, as if it had been saved when it still looked public.
      await saveSettings(t.db, { ...SETTINGS, webhookUrl: webhookUrl.trim() });
      const stored = (await founder.get('/api/admin/settings')).json().webhookUrl;
      // A URL the settings schema no longer accepts (file:, gopher:…) falls back to the default: no event at all.
      if (stored === webhookUrl.trim()) queued += 1;
      const created = await founder.post('/api/admin/requests', {
        type: 'support',
        subject: `SSRF ${queued}`,
        requester: 'r@hostile.test',
      });
      expect(created.statusCode).toBe(201);
    }
    await saveSettings(t.db, { ...SETTINGS, webhookUrl: '' });
    expect(queued).toBeGreaterThanOrEqual(30);

    const webhookJobs = () =>
      t.db.selectFrom('job').select(['status', 'attempts', 'lastError']).where('type', '=', 'webhook.deliver').execute();
    expect(await webhookJobs()).toHaveLength(queued);
    // Every attempt of every event (8 each, backoff from 10 ms) runs and fails.
    await expect
      .poll(async () => (await webhookJobs()).filter((job) => job.status !== 'failed'), {
        timeout: 60_000,
        interval: 25,
        message: 'deliveries not yet failed for good',
      })
      .toEqual([]);
    const deliveries = await t.db.selectFrom('webhookDelivery').select(['url', 'status', 'error']).execute();
    expect(deliveries.length).toBe(queued * 8);
    for (const delivery of deliveries) {
      expect(delivery.status, delivery.url).toBe('failed');
      expect(delivery.error, delivery.url).toMatch(/private, loopback or link-local|ENOTFOUND|EAI_AGAIN|Invalid URL|getaddrinfo/);
    }
    expect(target.connections, 'connections the private target received').toEqual([]);
  }, 90_000);
});

describe('SSRF: redirects are not followed (WEBHOOK_ALLOW_PRIVATE on, a local redirector standing in for a public host)', () => {
  let t: TestApp;
  let founder: ApiCaller;
  let target: Awaited<ReturnType<typeof startPrivateTarget>>;
  let redirector: http.Server;
  let redirectorUrl: string;
  const redirected: string[] = [];
  beforeAll(async () => {
    target = await startPrivateTarget();
    redirector = http.createServer((request, response) => {
      redirected.push(String(request.url));
      const status = Number(new URL(String(request.url), 'http://x').searchParams.get('status'));
      response.writeHead(status, { location: `http://127.0.0.1:${target.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hook`;
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER, WEBHOOK_ALLOW_PRIVATE: 'true', JOB_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '10' });
    founder = await signUpAs(t, FOUNDER);
  });
  afterAll(async () => {
    await t?.close();
    await target?.close();
    await new Promise<void>((resolve) => redirector?.close(() => resolve()));
  });

  it.each([301, 302, 303, 307, 308])('a %i to a private host is a failed attempt; the private host gets nothing', async (status) => {
    const webhookUrl = `${redirectorUrl}?status=${status}`;
    expect((await founder.put('/api/admin/settings', { ...SETTINGS, webhookUrl })).statusCode).toBe(200);
    await founder.post('/api/admin/requests', { type: 'support', subject: `Redirect ${status}`, requester: 'r@hostile.test' });
    const first = () => t.db.selectFrom('webhookDelivery').selectAll().where('url', '=', webhookUrl).executeTakeFirst();
    await expect
      .poll(first, { timeout: 15_000, interval: 25, message: 'the first attempt' })
      .toMatchObject({ status: 'failed', responseStatus: status, error: `redirect ${status} not followed` });
    expect(redirected.some((url) => url.endsWith(`status=${status}`))).toBe(true);
    expect(target.connections).toEqual([]);
  });

  // The control for every "received nothing" above: when private targets are allowed, it does receive.
  it('control: with private targets allowed, the target receives deliveries over IPv4 and IPv6 loopback', async () => {
    for (const host of ['127.0.0.1', '[::1]', 'localhost']) {
      const webhookUrl = `http://${host}:${target.port}/hook`;
      expect((await founder.put('/api/admin/settings', { ...SETTINGS, webhookUrl })).statusCode).toBe(200);
      await founder.post('/api/admin/requests', { type: 'support', subject: `Control ${host}`, requester: 'r@hostile.test' });
      const delivered = () =>
        t.db.selectFrom('webhookDelivery').selectAll().where('url', '=', webhookUrl).where('status', '=', 'succeeded').executeTakeFirst();
      await expect.poll(delivered, { timeout: 15_000, interval: 25, message: `a delivery to ${host}` }).toBeDefined();
    }
    expect(target.connections.length).toBeGreaterThanOrEqual(3);
  });
});

describe('uploads: file names, sizes and contents', () => {
  const LIMIT = 64 * 1024;
  const CLIPPER_LIMIT = 4 * 1024 * 1024;
  const MARK = 'hooklinetraversal';
  let t: TestApp;
  let client: ApiCaller;
  let draftId: string;
  let png: Buffer;
  let video: Buffer;
  let target: Awaited<ReturnType<typeof startPrivateTarget>>;

  /** File names that try to leave the upload folder. */
  const TRAVERSAL_NAMES = [
    `../../../../${MARK}-1.png`,
    `..\\..\\..\\${MARK}-2.png`,
    `/tmp/${MARK}-3.png`,
    `C:\\Windows\\${MARK}-4.png`,
    `....//....//${MARK}-5.png`,
    `%2e%2e%2f%2e%2e%2f${MARK}-6.png`,
    `..%2f..%2f${MARK}-7.png`,
    `${MARK}-8.png\u0000.txt`,
    `./.${MARK}-9.png`,
    '..',
    '.',
    `a/../../${MARK}-10.png`,
    `${'x'.repeat(1000)}-${MARK}-11.png`,
    `\u202e${MARK}-12gnp.exe`,
    `..\u2215..\u2215${MARK}-13.png`,
    `..／..／${MARK}-14.png`,
    `.${MARK}-15`,
  ];

  /** Where a careless `path.join(folder, name)` would have written each name: none of these may exist. */
  const naiveTargets = (folder: string) =>
    TRAVERSAL_NAMES.filter((name) => name.includes(MARK)).flatMap((name) => [path.resolve(folder, name), path.resolve('/', name)]);
  const allowedPlace = (file: string) => /^(files\/(avatars|drafts|clipper)\/|clipper\/|test\.db|auth-secret$)/.test(file);

  const upload = (url: string, parts: MultipartPart[]) =>
    multipartBody(parts).then((body) =>
      t.app.inject({ method: 'POST', url, headers: { ...ORIGIN, ...body.headers, cookie: client.cookie }, payload: body.payload }),
    );
  const processVideo = (file: Buffer, filename: string, type = 'video/mp4') =>
    upload('/api/process', [
      { name: 'async', value: 'true' },
      { name: 'video_file', file, filename, type },
    ]);

  beforeAll(async () => {
    target = await startPrivateTarget();
    t = await createTestApp({
      AVATAR_MAX_BYTES: String(LIMIT),
      MEDIA_MAX_BYTES: String(LIMIT),
      CLIPPER_MAX_UPLOAD_BYTES: String(CLIPPER_LIMIT),
      JOB_POLL_MS: '50',
    });
    client = await signUpAs(t, 'uploader@hostile.test');
    draftId = (await client.post('/api/drafts', { type: 'post' })).json().id;
    png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    video = fs.readFileSync((await makeTestVideo()).mp4);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await target?.close();
  });

  it('avatar and draft media: traversal names are stored under the intended folder, under a safe name', async () => {
    for (const name of TRAVERSAL_NAMES) {
      const avatar = await upload('/api/me/avatar', [{ name: 'file', file: png, filename: name, type: 'image/png' }]);
      expect(avatar.statusCode, `${JSON.stringify(name)}: ${avatar.body}`).toBe(200);
      const key = decodeURIComponent(avatar.json().url.replace('/api/files/', ''));
      expect(key, JSON.stringify(name)).toMatch(new RegExp(`^avatars/${client.userId}/\\d+-[A-Za-z0-9][A-Za-z0-9._-]*$`));
      expect(fs.existsSync(path.join(t.dataDir, 'files', key)), key).toBe(true);

      const media = await upload(`/api/drafts/${draftId}/media`, [{ name: 'file', file: png, filename: name, type: 'image/png' }]);
      expect(media.statusCode, `${JSON.stringify(name)}: ${media.body}`).toBe(200);
    }
    const draftKey = (await t.db.selectFrom('draft').select('mediaKey').where('id', '=', draftId).executeTakeFirstOrThrow()).mediaKey!;
    expect(draftKey).toMatch(new RegExp(`^drafts/[\\w-]+/${draftId}/\\d+-[A-Za-z0-9][A-Za-z0-9._-]*$`));

    const stored = filesUnder(t.dataDir);
    expect(stored.filter((file) => !allowedPlace(file))).toEqual([]);
    for (const file of naiveTargets(path.join(t.dataDir, 'files', 'avatars', client.userId))) expect(fs.existsSync(file), file).toBe(false);
    // Nothing with the marker landed beside the data folder or in the temp folder.
    for (const dir of [path.dirname(t.dataDir), os.tmpdir(), process.cwd()]) {
      expect(
        fs.readdirSync(dir).filter((name) => name.includes(MARK)),
        dir,
      ).toEqual([]);
    }
  });

  it('avatar and draft media: the stored name takes its extension from the bytes, and the file is served as its bytes say', async () => {
    for (const name of ['x.htm', 'x.html', 'x.svg', 'x.js', 'x.xhtml', 'x.png.html', 'x']) {
      const avatar = await upload('/api/me/avatar', [{ name: 'file', file: png, filename: name, type: 'text/html' }]);
      expect(avatar.statusCode, `${name}: ${avatar.body}`).toBe(200);
      const { url } = avatar.json();
      expect(url, name).toMatch(/^\/api\/files\/avatars\/[\w-]+\/\d+-x(\.png)?\.png$/);
      const served = await t.app.inject({ url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type'], url).toBe('image/png');
      expect(served.headers['x-content-type-options'], url).toBe('nosniff');
      expect(served.headers['content-disposition'], url).toMatch(/^inline; filename="\d+-x(\.png)?\.png"$/);
      const csp = String(served.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(csp, url).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox']));

      const media = await upload(`/api/drafts/${draftId}/media`, [{ name: 'file', file: png, filename: name, type: 'text/html' }]);
      expect(media.statusCode, `${name}: ${media.body}`).toBe(200);
      const { mediaKey } = await t.db.selectFrom('draft').select('mediaKey').where('id', '=', draftId).executeTakeFirstOrThrow();
      expect(mediaKey, name).toMatch(new RegExp(`^drafts/[\\w-]+/${draftId}/\\d+-x(\\.png)?\\.png$`));
      const draftMedia = await client.get(`/api/drafts/${draftId}/media`);
      expect(draftMedia.headers['content-type'], name).toBe('image/png');
    }
  });

  it('clipper: a traversal name for video_file stays inside the job folder', async () => {
    for (const name of TRAVERSAL_NAMES) {
      // Not a video: refused after the upload was written, and its folder removed.
      const response = await processVideo(Buffer.from('not a video at all'), name);
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBe(415);
    }
    expect(filesUnder(path.join(t.dataDir, 'clipper'))).toEqual([]);

    const accepted = await processVideo(video, `../../../../${MARK}-video.mp4`);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const jobId = accepted.json().job_id;
    const inJob = filesUnder(path.join(t.dataDir, 'files', 'clipper', jobId));
    expect(inJob).toContain(path.join('source', `${MARK}-video.mp4`));
    expect(filesUnder(t.dataDir).filter((file) => !allowedPlace(file))).toEqual([]);
    for (const file of naiveTargets(path.join(t.dataDir, 'files', 'clipper', jobId, 'source')))
      expect(fs.existsSync(file), file).toBe(false);
    expect((await client.del(`/api/clipper/jobs/${jobId}`)).statusCode).toBe(204);
  }, 60_000);

  it('one byte over the limit is 413, and nothing of it stays on disk (avatar, draft media)', async () => {
    const before = filesUnder(t.dataDir).sort();
    const over = Buffer.concat([png, Buffer.alloc(LIMIT + 1 - png.length)]);
    const avatar = await upload('/api/me/avatar', [{ name: 'file', file: over, filename: 'big.png', type: 'image/png' }]);
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json()).toEqual({ error: 'Avatar must be 64 KB or smaller.' });
    const media = await upload(`/api/drafts/${draftId}/media`, [{ name: 'file', file: over, filename: 'big.png', type: 'image/png' }]);
    expect(media.statusCode).toBe(413);
    expect(media.json().error).toMatch(/or smaller/);
    expect(filesUnder(t.dataDir).sort()).toEqual(before);
  });

  it('clipper: one byte over CLIPPER_MAX_UPLOAD_BYTES is 413; the disk never holds more than the limit, and nothing afterwards', async () => {
    const body = await multipartBody([
      { name: 'async', value: 'true' },
      {
        name: 'video_file',
        file: Buffer.concat([video, Buffer.alloc(CLIPPER_LIMIT + 1 - video.length)]),
        filename: 'big.mp4',
        type: 'video/mp4',
      },
    ]);
    // Sent in 32 KB chunks, one per turn of the event loop, and the disk is looked at before each
    // chunk, so the upload is seen growing on disk however fast or slow the machine is.
    const chunks = Array.from({ length: Math.ceil(body.payload.length / 32768) }, (_, i) =>
      body.payload.subarray(i * 32768, (i + 1) * 32768),
    );
    let largest = 0;
    const clipperDir = path.join(t.dataDir, 'clipper');
    const measure = () => {
      for (const file of filesUnder(clipperDir)) {
        try {
          largest = Math.max(largest, fs.statSync(path.join(clipperDir, file)).size);
        } catch {
          // Removed between listing and stat.
        }
      }
    };
    async function* slowly() {
      for (const chunk of chunks) {
        yield chunk;
        await new Promise((resolve) => setImmediate(resolve));
        measure();
      }
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: { ...ORIGIN, ...body.headers, 'content-length': String(body.payload.length), cookie: client.cookie },
      payload: Readable.from(slowly()),
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().detail).toBe('The video must be 4 MB or smaller.');
    expect(largest, 'bytes seen on disk during the upload').toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(CLIPPER_LIMIT);
    expect(filesUnder(clipperDir)).toEqual([]);
  });

  it.each([
    ['text named .png', Buffer.from('just some text, not a picture\n'.repeat(20)), 'photo.png', 'image/png'],
    ['HTML named .jpg', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'photo.jpg', 'image/jpeg'],
    [
      'SVG with a script named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
      'image/png',
    ],
    ['PDF named .gif', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'x.gif', 'image/gif'],
    ['ZIP named .webp', Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex'), 'x.webp', 'image/webp'],
  ])('%s: avatar and draft media answer 415', async (_what, bytes, filename, type) => {
    for (const url of ['/api/me/avatar', `/api/drafts/${draftId}/media`]) {
      const response = await upload(url, [{ name: 'file', file: bytes, filename, type }]);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(415);
      expect(response.json().error, url).toEqual(expect.any(String));
    }
  });

  it('a video as an avatar is 415 too (the avatar must be an image)', async () => {
    const response = await upload('/api/me/avatar', [
      { name: 'file', file: video.subarray(0, 60_000), filename: 'me.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
  });

  // These two run ffprobe once per file, which takes seconds on a busy machine: hence a minute each.
  it('clipper: bytes that are not an accepted video are 415, whatever the name and type say', async () => {
    for (const [bytes, name] of [
      [Buffer.from('not a video'), 'talk.mp4'],
      [png, 'talk.mp4'],
      [Buffer.from('%PDF-1.4\n%%EOF'), 'talk.mov'],
      [Buffer.from('<html></html>'), 'talk.webm'],
    ] as const) {
      const response = await processVideo(bytes, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(415);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(filesUnder(path.join(t.dataDir, 'clipper'))).toEqual([]);
  }, 60_000);

  it('clipper: playlists and other files that make ffmpeg fetch a URL are 415, and the URL is never fetched', async () => {
    const url = `http://127.0.0.1:${target.port}`;
    const hls = `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${url}/segment0.ts\n#EXTINF:10.0,\n${url}/segment1.ts\n#EXT-X-ENDLIST\n`;
    const concat = `ffconcat version 1.0\nfile ${url}/a.mp4\nfile ${url}/b.mp4\n`;
    const sdp = `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video ${target.port} RTP/AVP 96\na=rtpmap:96 H264/90000\n`;
    const clipJobs = () => t.db.selectFrom('clipJob').select('id').execute();
    const jobsBefore = await clipJobs();
    for (const [text, name, type] of [
      [hls, 'playlist.m3u8', 'application/vnd.apple.mpegurl'],
      [hls, 'video.mp4', 'video/mp4'],
      [hls, 'video.ts', 'video/mp2t'],
      [concat, 'list.ffconcat', 'text/plain'],
      [concat, 'video.mkv', 'video/x-matroska'],
      [sdp, 'stream.sdp', 'application/sdp'],
    ]) {
      const response = await processVideo(Buffer.from(text), name, type);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(415);
    }
    // Nothing is left that could still connect: each 415 came after its ffprobe had exited, no clip
    // job (whose ffmpeg would run later) was created, and no process of this app's data is alive.
    expect(await clipJobs()).toEqual(jobsBefore);
    expect(livingProcessesMentioning(t.dataDir)).toEqual([]);
    // One turn of the event loop, so a connection made before ffprobe exited has been accepted and counted.
    await new Promise((resolve) => setImmediate(resolve));
    expect(target.connections).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'clipper'))).toEqual([]);
  }, 60_000);
});

describe('NUL characters (PostgreSQL text and file paths cannot hold them): a 400 naming the field, on every database', () => {
  let t: TestApp;
  let client: ApiCaller;
  let founder: ApiCaller;
  let draftId: string;
  beforeAll(async () => {
    t = await createTestApp({ FOUNDER_EMAIL: FOUNDER });
    client = await signUpAs(t, 'nul@hostile.test');
    founder = await signUpAs(t, FOUNDER);
    draftId = (await client.post('/api/drafts', { type: 'post' })).json().id;
  });
  afterAll(() => t?.close());

  it.each([
    ['a profile name', () => client.patch('/api/me/profile', { displayName: 'Ana\u0000', photoURL: null }), 'displayName'],
    ['a draft’s text', () => client.post('/api/drafts', { type: 'post', text: 'hi\u0000there' }), 'text'],
    ['a draft id', () => client.patch('/api/drafts/abc%00def', { text: 'x' }), 'id'],
    ['a channel connection id', () => client.del('/api/social/abc%00'), 'id'],
    ['a clip job id', () => client.get('/api/clipper/jobs/abc%00'), 'id'],
    ['a file path', () => client.get('/api/files/avatars/x/a%00.png'), 'path'],
    ['a search', () => founder.get('/api/admin/clients?search=a%00'), 'search'],
    ['a client’s name', () => founder.post('/api/admin/clients', { name: 'Co\u0000', owner: 'o@hostile.test' }), 'name'],
    ['a key', () => client.patch('/api/workspace', { ['cadence\u0000']: 'Weekly' }), 'cadence\u0000'],
    [
      'a message deep in the body',
      () =>
        client.post('/api/assistant', {
          messages: [
            { role: 'user', content: 'ok' },
            { role: 'user', content: 'bad\u0000' },
          ],
        }),
      'messages.1.content',
    ],
  ])('in %s', async (_what, call, field) => {
    const response = await call();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: `${field}: must not contain NUL characters` });
  });

  it('nested deeper than the call stack could walk', async () => {
    const depth = 50_000;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace',
      headers: { ...ORIGIN, cookie: client.cookie, 'content-type': 'application/json' },
      payload: `{"cadence":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
    expect(response.json().error).toMatch(/^cadence(\.0)+: must not contain NUL characters$/);
  });

  it('a media file name keeps its text without control characters', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = await multipartBody([{ name: 'file', file: png, filename: 'sun\u0000set\u0007.png', type: 'image/png' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/drafts/${draftId}/media`,
      headers: { ...ORIGIN, ...body.headers, cookie: client.cookie },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().media.name).toBe('sunset.png');
  });
});

describe('odd file keys and broken multipart bodies: a 4xx with a clear message, never a 500', () => {
  const MALFORMED = 'The upload is not valid multipart/form-data: its boundary is missing or wrong, or the body ends early.';
  let t: TestApp;
  let client: ApiCaller;
  let avatarUrl: string;
  let draftId: string;
  beforeAll(async () => {
    t = await createTestApp();
    client = await signUpAs(t, 'odd@hostile.test');
    draftId = (await client.post('/api/drafts', { type: 'post' })).json().id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const body = await multipartBody([{ name: 'file', file: png, filename: 'me.png', type: 'image/png' }]);
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...ORIGIN, ...body.headers, cookie: client.cookie },
      payload: body.payload,
    });
    avatarUrl = avatar.json().url;
  });
  afterAll(() => t?.close());

  it.each([
    ['a percent sign', 'avatars/a%25b'],
    ['an at sign', 'avatars/a@b'],
    ['a plus sign', 'avatars/a+b'],
    ['a colon', 'avatars/a:b'],
    ['a tilde', 'avatars/a~b'],
    ['a space', 'avatars/a%20b'],
    ['a line feed', 'avatars/a%0Ab'],
    ['a letter outside ASCII', 'avatars/%C3%A9.png'],
    ['three dots as a folder', 'avatars/.../x'],
    ['three dots as a name', 'avatars/x/...'],
    ['a name of 300 characters', `avatars/${'a'.repeat(300)}`],
    ['3000 folders', `avatars/${'a/'.repeat(3000)}x`],
  ])('GET /api/files/ with %s: 400', async (_what, key) => {
    const response = await t.app.inject({ url: `/api/files/${key}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid file path' });
  });

  it('GET /api/files/ of a path that runs through a stored file is 404', async () => {
    const response = await t.app.inject({ url: `${avatarUrl}/x.png` });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ error: 'File not found' });
  });

  it.each(brokenMultipartBodies('file'))('avatar and draft media, $what: 400', async ({ contentType, payload }) => {
    for (const url of ['/api/me/avatar', `/api/drafts/${draftId}/media`]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...ORIGIN, 'content-type': contentType, cookie: client.cookie },
        payload,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json(), url).toEqual({ error: MALFORMED });
    }
  });

  it.each(brokenMultipartBodies('video_file'))('POST /api/process, $what: 400 as { detail, error }', async ({ contentType, payload }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/process',
      headers: { ...ORIGIN, 'content-type': contentType, cookie: client.cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ detail: MALFORMED, error: MALFORMED });
    expect(filesUnder(path.join(t.dataDir, 'clipper'))).toEqual([]);
  });
});

import sharp from 'sharp';
import { fetchFileRemote, sendMultipartRemote } from './remote-files.ts';
import { remoteCaller } from './server-process.ts';

/** Spreads requests over app instances in turn, as a load balancer in front of them does, and counts them. */
export interface Balancer {
  /** The next live instance in turn, for one request. */
  next: () => string;
  /** The first live instance in the list, for one request. */
  first(): string;
  /** A live instance other than `url`, for one request (the same one when it is the only one left). */
  other(url: string): string;
  /** Takes an instance out of the turn (it was killed): no request goes there any more. */
  remove(url: string): void;
  /** Requests sent to `url` so far. */
  sent(url: string): number;
  /** Resolves as the next request is handed to `url`, before it has left: a moment when one is surely on its way. */
  nextSentTo(url: string): Promise<void>;
}

export function createBalancer(urls: string[]): Balancer {
  let live = [...urls];
  let turn = 0;
  const sent = new Map(urls.map((url) => [url, 0]));
  let waiters: { url: string; resolve: () => void }[] = [];
  const send = (url: string) => {
    sent.set(url, (sent.get(url) ?? 0) + 1);
    for (const waiter of waiters.filter((w) => w.url === url)) waiter.resolve();
    waiters = waiters.filter((w) => w.url !== url);
    return url;
  };
  return {
    next: () => send(live[turn++ % live.length]),
    first: () => send(live[0]),
    other: (url) => send(live.find((candidate) => candidate !== url) ?? live[0]),
    remove(url) {
      live = live.filter((candidate) => candidate !== url);
    },
    sent: (url) => sent.get(url) ?? 0,
    nextSentTo: (url) => new Promise((resolve) => waiters.push({ url, resolve })),
  };
}

interface Loop {
  /** Rounds that lost their connection (a killed instance): neither acknowledged nor refused. */
  cutOff(): number;
  /** Ends the loop after its round in hand; fails with the round's error if one threw anything but a lost connection. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What fetch throws when the connection is refused or breaks; a timeout (a server that hangs) is not one. */
const isLostConnection = (error: unknown) => error instanceof TypeError && error.message === 'fetch failed';

/** Runs `round` again and again, one at a time, until stopped. */
function startLoop(round: () => Promise<void>): Loop {
  let stopped = false;
  let cutOff = 0;
  const running = (async () => {
    while (!stopped) {
      try {
        await round();
      } catch (error) {
        if (!isLostConnection(error)) throw error;
        cutOff += 1;
        // A real pause on purpose, as a client backs off after a lost connection; nothing waits on it.
        await sleep(100);
      }
    }
  })();
  // Reported by stop(), not as an unhandled rejection while the test is still busy elsewhere.
  running.catch(() => undefined);
  return {
    cutOff: () => cutOff,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** A draft's media as uploaded and acknowledged (200): the bytes sent, and the instance that took them. */
export interface UploadedMedia {
  draftId: string;
  bytes: Buffer;
  uploadedTo: string;
}

/**
 * How a draft's media read back from the instance at `url` differs from what was uploaded (empty when
 * it is the same): the whole file, and a byte range from its middle.
 */
export async function checkMediaReadBack(url: string, cookie: string, media: UploadedMedia): Promise<string[]> {
  const route = `/api/drafts/${media.draftId}/media`;
  const size = media.bytes.length;
  const range = { start: Math.floor(size / 3), end: Math.floor((2 * size) / 3) };
  const whole = await fetchFileRemote(url, cookie, route);
  const part = await fetchFileRemote(url, cookie, route, range);
  const problems: string[] = [];
  const where = `${route} uploaded to ${media.uploadedTo}, read from ${url}`;
  if (whole.status !== 200 || !whole.bytes.equals(media.bytes))
    problems.push(`${where}: ${whole.status}, ${whole.bytes.length} of ${size} bytes`);
  const expected = `bytes ${range.start}-${range.end}/${size}`;
  if (
    part.status !== 206 ||
    part.headers.get('content-range') !== expected ||
    !part.bytes.equals(media.bytes.subarray(range.start, range.end + 1))
  ) {
    problems.push(`${where}, range ${expected}: ${part.status} ${part.headers.get('content-range')}, ${part.bytes.length} bytes`);
  }
  return problems;
}

/** A PNG of random noise (about 12 kB), different at every call, so one upload is never mistaken for another. */
function noisePng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
}

export interface MediaLoad extends Loop {
  uploads: UploadedMedia[];
  /** Answers that were not what they should be, and read-backs that differed from the upload. */
  problems: string[];
}

/**
 * One client making drafts with media, again and again: each draft is made and its picture uploaded
 * on the first live instance, then read back at once from another (the same one once it is alone).
 */
export function startMediaLoad(balancer: Balancer, cookie: string): MediaLoad {
  const uploads: UploadedMedia[] = [];
  const problems: string[] = [];
  let serial = 0;
  const loop = startLoop(async () => {
    const on = balancer.first();
    const n = ++serial;
    const created = await remoteCaller(on, cookie)('POST', '/api/drafts', { type: 'post', text: `media ${n}` });
    if (created.status !== 201) {
      problems.push(`POST /api/drafts on ${on} → ${created.status} ${JSON.stringify(created.body)}`);
      return;
    }
    const media = { draftId: (created.body as { id: string }).id, bytes: await noisePng(), uploadedTo: on };
    const file = { name: 'file', file: media.bytes, filename: `shot-${n}.png`, type: 'image/png' };
    const uploaded = await sendMultipartRemote(on, cookie, `/api/drafts/${media.draftId}/media`, [file]);
    if (uploaded.status !== 200) {
      problems.push(`upload on ${on} → ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
      return;
    }
    uploads.push(media);
    problems.push(...(await checkMediaReadBack(balancer.other(on), cookie, media)));
  });
  return { ...loop, uploads, problems };
}

export interface ReadLoad extends Loop {
  /** Reads answered 200. */
  reads(): number;
  /** Reads answered otherwise. */
  problems: string[];
}

/** Signed-in callers reading, one read at a time, each on the next instance in turn: the reads a dashboard makes. */
export function startReadLoad(balancer: Balancer, reads: { cookie: string; route: string }[]): ReadLoad {
  const problems: string[] = [];
  let done = 0;
  let turn = 0;
  const loop = startLoop(async () => {
    const { cookie, route } = reads[turn++ % reads.length];
    const on = balancer.next();
    const answer = await remoteCaller(on, cookie)('GET', route);
    if (answer.status === 200) done += 1;
    else problems.push(`GET ${route} on ${on} → ${answer.status} ${JSON.stringify(answer.body)}`);
  });
  return { ...loop, reads: () => done, problems };
}

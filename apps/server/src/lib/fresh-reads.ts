import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { changeStampOf } from './change-stamp.ts';

export interface FreshReads {
  /**
   * Answers the route with `read()`'s result, serialized by the route's response schema, or with
   * the body kept from the last identical read (same `key`) when the database has not changed since.
   * The key must hold everything else the answer depends on (route, query, the user where it is theirs).
   */
  send(reply: FastifyReply, key: string, read: () => Promise<unknown>): Promise<FastifyReply>;
  /**
   * The route's preValidation hook: a kept answer is sent from here, before the query's validation
   * and the handler (the guards of onRequest have run). `keyOf` gives the key `send` is given, from
   * the request as received (its URL, its user), so only an answer to a request that passed
   * validation can be found.
   */
  answerKept(keyOf: (request: FastifyRequest) => string): preValidationHookHandler;
}

type Encoding = 'br' | 'gzip';

/** A kept answer: the JSON, its compressed forms once a browser asked for them, and how often it served. */
interface Entry {
  body: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  hits: number;
  /** Its brotli form is the densest there is (quality 11). */
  densest?: boolean;
}

/** Smaller answers gain nothing worth a Vary header from compression; */
export const COMPRESS_MIN_CHARS = 1024;
/** larger ones would hold the event loop too long (about 5 ms at this size) and go as they are. */
export const COMPRESS_MAX_CHARS = 256 * 1024;
const isCompressible = (body: string) => body.length >= COMPRESS_MIN_CHARS && body.length <= COMPRESS_MAX_CHARS;
/** Distinct Accept-Encoding values remembered with their choice (browsers send a handful). */
const NEGOTIATED_HEADERS = 64;

/** A kept answer served this often without a change is compressed again at brotli's densest, off the event loop. */
export const DENSEST_AFTER_HITS = 1000;

const brotliOptions = (body: string, quality: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
});
const compress: Record<Encoding, (body: string) => Buffer> = {
  // Quality 6: most of brotli's gain (about 1 ms for 60 kB) at a small share of quality 11's cost (60 ms).
  br: (body) => zlib.brotliCompressSync(body, brotliOptions(body, 6)),
  gzip: (body) => zlib.gzipSync(body),
};

/**
 * Serialized answers of list reads, kept while DatabaseHandle.changeStamp() stays the same: a hit is
 * byte for byte what the route would answer now, so staff and clients never see a stale list, and any
 * committed write (by this process or another) turns every entry into a miss (ADR 048). Without a
 * stamp (PostgreSQL) or with maxBytes 0, every read runs.
 *
 * A kept answer of COMPRESS_MIN_CHARS or more is sent brotli- or gzip-compressed to a browser that
 * accepts it, compressed once at its first reuse and kept beside it: a read that runs its queries is
 * sent as it is, so compression is paid only where an answer serves again. One that keeps serving
 * (DENSEST_AFTER_HITS) is compressed once more at brotli's densest in libuv's thread pool, one at a
 * time: the bytes on the wire are most of a kept answer's cost (docs/performance.md).
 */
/** maxBytes counts the JSON's characters and the compressed bytes: about their size, as answers are mostly ASCII. */
export function createFreshReads(database: DatabaseHandle, maxBytes: number): FreshReads {
  const entries = new Map<string, Entry>();
  let entriesStamp: string | null = null;
  let bytes = 0;
  let densifying = false;
  const negotiated = new Map<string, Encoding | null>();
  const encodingFor = (acceptEncoding: string | undefined) => {
    if (!acceptEncoding) return null;
    let encoding = negotiated.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = negotiate<Encoding>(acceptEncoding, ['br', 'gzip']);
      if (negotiated.size >= NEGOTIATED_HEADERS) negotiated.clear();
      negotiated.set(acceptEncoding, encoding);
    }
    return encoding;
  };

  /** Makes room for `size` more, oldest entries first but `keepKey`'s; false, evicting nothing, when it can never fit. */
  const makeRoom = (size: number, keepKey?: string) => {
    const kept = keepKey === undefined ? undefined : entries.get(keepKey);
    if (size + (kept ? sizeOf(kept) : 0) > maxBytes) return false;
    for (const [oldKey, old] of entries) {
      if (bytes + size <= maxBytes) break;
      if (oldKey === keepKey) continue;
      entries.delete(oldKey);
      bytes -= sizeOf(old);
    }
    return bytes + size <= maxBytes;
  };
  const keep = (stamp: string, key: string, body: string) => {
    if (stamp !== entriesStamp) {
      // Entries of an older stamp can never be hit again.
      entries.clear();
      bytes = 0;
      entriesStamp = stamp;
    }
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= sizeOf(old);
    }
    if (!makeRoom(body.length)) return;
    entries.set(key, { body, encoded: {}, hits: 0 });
    bytes += body.length;
  };
  /** Answers the JSON; one that may be sent compressed says its form depends on Accept-Encoding. */
  const sendJson = (reply: FastifyReply, body: string, encoded?: { encoding: Encoding; bytes: Buffer }) => {
    if (isCompressible(body)) reply.header('vary', 'accept-encoding');
    if (encoded) reply.header('content-encoding', encoded.encoding);
    return reply.type('application/json; charset=utf-8').send(encoded?.bytes ?? body);
  };
  const sendKept = (reply: FastifyReply, key: string, entry: Entry) => {
    const encoding = isCompressible(entry.body) ? encodingFor(reply.request.headers['accept-encoding']) : null;
    if (!encoding) return sendJson(reply, entry.body);
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compress[encoding](entry.body);
      if (makeRoom(encoded.length, key)) {
        entry.encoded[encoding] = encoded;
        bytes += encoded.length;
      }
    }
    if (encoding === 'br' && entry.encoded.br && ++entry.hits >= DENSEST_AFTER_HITS && !entry.densest && !densifying) densify(key, entry);
    return sendJson(reply, entry.body, { encoding, bytes: encoded });
  };
  /** Replaces the entry's brotli form with the densest one, if it is still kept when that is done. */
  const densify = (key: string, entry: Entry) => {
    densifying = true;
    zlib.brotliCompress(entry.body, brotliOptions(entry.body, 11), (error, densest) => {
      densifying = false;
      entry.densest = true;
      const current = entry.encoded.br;
      if (error || !current || entries.get(key) !== entry || densest.length >= current.length) return;
      entry.encoded.br = densest;
      bytes -= current.length - densest.length;
    });
  };

  return {
    answerKept: (keyOf) => (request, reply, done) => {
      if (entries.size && changeStampOf(request, database) === entriesStamp) {
        const key = keyOf(request);
        const entry = entries.get(key);
        if (entry) return void sendKept(reply, key, entry);
      }
      done();
    },
    async send(reply, key, read) {
      // Read before the query (or earlier in the request): a change committed meanwhile leaves the entry under an older stamp, never hit.
      const stamp = maxBytes > 0 ? changeStampOf(reply.request, database) : null;
      if (stamp !== null && stamp === entriesStamp) {
        const entry = entries.get(key);
        if (entry) return sendKept(reply, key, entry);
      }
      const body = String(reply.serialize(await read()));
      if (stamp !== null) keep(stamp, key, body);
      return sendJson(reply, body);
    },
  };
}

const sizeOf = (entry: Entry) => entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

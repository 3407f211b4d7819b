import crypto from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * UUID version 7: 48 bits of Unix milliseconds, then a 12-bit per-millisecond sequence, then random
 * bits. Ids sort by creation time, also within one millisecond in this process, and are not guessable.
 */
export function newId(): string {
  const now = Date.now();
  if (now === lastMs) {
    sequence = (sequence + 1) & 0xfff;
  } else {
    lastMs = now;
    sequence = crypto.randomInt(0, 0x400);
  }
  const bytes = crypto.randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretBoxFor, secretBoxKeyMaterial, SecretBoxError } from './secret-box.ts';

const KEY = 'k'.repeat(32);
const OTHER_KEY = 'another-key-of-at-least-32-characters';

/** Flips one bit of the sealed bytes at the given offset (0 = first IV byte). */
function flipByte(sealed: string, offset: number): string {
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  bytes[offset] ^= 0x01;
  return `v1:${bytes.toString('base64url')}`;
}

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(KEY);

  it('round-trips strings, including empty and non-ASCII ones', () => {
    for (const plain of ['ya29.a0AfH6SMB-token', '', 'Zoë 🎬 チャンネル', 'x'.repeat(10_000)]) {
      const sealed = box.seal(plain);
      expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(box.open(sealed)).toBe(plain);
    }
  });

  it('uses a fresh random IV: the same plaintext seals differently each time', () => {
    const a = box.seal('same token');
    const b = box.seal('same token');
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(3), 'base64url').subarray(0, 12)).not.toEqual(Buffer.from(b.slice(3), 'base64url').subarray(0, 12));
    // 12 IV bytes + 16 tag bytes + as many ciphertext bytes as plaintext bytes.
    expect(Buffer.from(a.slice(3), 'base64url')).toHaveLength(12 + 16 + 'same token'.length);
  });

  it('detects tampering with the IV, the tag or the ciphertext', () => {
    const sealed = box.seal('refresh-token-123');
    for (const offset of [0, 11, 12, 27, 28, 40]) {
      expect(() => box.open(flipByte(sealed, offset)), `byte ${offset}`).toThrow(SecretBoxError);
    }
    expect(() => box.open(sealed.slice(0, 20))).toThrow(SecretBoxError);
  });

  it('refuses values without the v1 prefix (plain text or another version)', () => {
    expect(() => box.open('refresh-token-123')).toThrow(SecretBoxError);
    expect(() => box.open(box.seal('x').replace(/^v1:/, 'v2:'))).toThrow(SecretBoxError);
  });

  it('cannot be opened with another key', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox(OTHER_KEY).open(sealed)).toThrow(SecretBoxError);
    expect(createSecretBox(KEY).open(sealed)).toBe('secret');
  });

  it('binds the context: a value sealed for one purpose does not open for another', () => {
    const sealed = box.seal('state', 'oauth-state');
    expect(box.open(sealed, 'oauth-state')).toBe('state');
    expect(() => box.open(sealed, 'token')).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('refuses key material shorter than 32 characters', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32 characters/);
  });
});

describe('secret box key material', () => {
  it('prefers TOKEN_ENCRYPTION_KEY, then AUTH_SECRET', () => {
    const dataDir = '/nonexistent';
    expect(secretBoxKeyMaterial({ TOKEN_ENCRYPTION_KEY: OTHER_KEY, AUTH_SECRET: KEY, dataDir })).toBe(OTHER_KEY);
    expect(secretBoxKeyMaterial({ TOKEN_ENCRYPTION_KEY: undefined, AUTH_SECRET: KEY, dataDir })).toBe(KEY);
  });

  it('without either, uses (or creates) the auth secret kept in DATA_DIR, stable across restarts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookline-secret-box-'));
    try {
      const config = { TOKEN_ENCRYPTION_KEY: undefined, AUTH_SECRET: undefined, dataDir };
      const sealed = secretBoxFor(config).seal('token');
      const file = path.join(dataDir, 'auth-secret');
      expect(fs.readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(secretBoxFor(config).open(sealed)).toBe('token');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

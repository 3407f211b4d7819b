import crypto from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { resolveAuthSecret } from './auth-secret.ts';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF info: a key derived for the secret box never equals one Better Auth derives from the same secret. */
const KEY_INFO = 'hookline secret-box v1 aes-256-gcm';

/** A sealed value that cannot be opened: wrong key, wrong context, tampered, or not ours. */
export class SecretBoxError extends Error {}

/**
 * Authenticated encryption of short strings (OAuth tokens, state cookies) with AES-256-GCM.
 * Output: "v1:" + base64url(12-byte random IV ‖ 16-byte auth tag ‖ ciphertext). The optional
 * context is bound as additional authenticated data, so a value sealed for one purpose (a token)
 * cannot be replayed as another (a state cookie).
 */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

/** 32 key bytes from any secret of 32+ characters (HKDF-SHA256), whatever its encoding. */
export function deriveSecretBoxKey(secret: string): Buffer {
  if (secret.length < 32) throw new Error('The secret-box key material must be at least 32 characters.');
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'hookline', KEY_INFO, 32));
}

export function createSecretBox(secret: string): SecretBox {
  const key = deriveSecretBoxKey(secret);
  return {
    seal(plaintext, context = '') {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(sealed, context = '') {
      if (!sealed.startsWith(PREFIX)) throw new SecretBoxError('Not a sealed value (unknown format or version).');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Sealed value is truncated.');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('Sealed value could not be opened (wrong key or tampered).');
      }
    },
  };
}

/** TOKEN_ENCRYPTION_KEY, else the auth secret. */
export function secretBoxKeyMaterial(config: Pick<AppConfig, 'TOKEN_ENCRYPTION_KEY' | 'AUTH_SECRET' | 'dataDir'>): string {
  return config.TOKEN_ENCRYPTION_KEY ?? resolveAuthSecret(config);
}

export function secretBoxFor(config: Pick<AppConfig, 'TOKEN_ENCRYPTION_KEY' | 'AUTH_SECRET' | 'dataDir'>): SecretBox {
  return createSecretBox(secretBoxKeyMaterial(config));
}

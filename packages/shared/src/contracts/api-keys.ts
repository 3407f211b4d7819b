import { z } from 'zod';

/** How every API key starts, so a leaked one is recognisable (and a scanner can look for it). */
export const API_KEY_PREFIX = 'hlk_';

/** An API key as listed: never the key itself, which is shown once, when it is created. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (for example `hlk_AbCdEfGh`). */
  prefix: z.string(),
  /** The email of whoever created it (the owner, or a staff member on the owner's behalf). */
  createdBy: z.string(),
  createdAt: z.string(),
  /** ISO 8601 (UTC), to the minute; null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** GET /api/workspace/api-keys (owner and staff): the keys that work, newest first. */
export const ZListApiKeysResponse = z.object({ keys: z.array(ZApiKey) });
export type TListApiKeysResponse = z.infer<typeof ZListApiKeysResponse>;

/** POST /api/workspace/api-keys (owner and staff): a name saying what uses the key, such as "n8n". */
export const ZCreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(80, 'name must be at most 80 characters'),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

/** The answer to POST /api/workspace/api-keys (201): the key in `key`, shown this once and never again. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

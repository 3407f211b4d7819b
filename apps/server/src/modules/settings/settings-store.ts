import crypto from 'node:crypto';
import { ZAdminSettings, type TAdminSettings } from '@hookline/shared';
import { nowIso, type Db } from '../../db/database.ts';

/**
 * The settings before an admin saves any. The webhook URL starts empty: a self-hosted install sends
 * its events nowhere until an admin sets a URL (ADR 029).
 */
export const DEFAULT_SETTINGS: TAdminSettings = {
  supportEmail: 'support@hookline.app',
  webhookUrl: '',
  brandHue: 212,
  allowSelfSignup: true,
};

const SETTINGS_KEY = 'admin-settings';
const WEBHOOK_SECRET_KEY = 'webhook-secret';

async function readValue(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row ? JSON.parse(row.value) : undefined;
}

async function writeValue(db: Db, key: string, value: unknown): Promise<void> {
  const now = nowIso();
  const json = JSON.stringify(value);
  await db
    .insertInto('setting')
    .values({ key, value: json, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: now }))
    .execute();
}

/** Stored settings merged over the defaults; a stored value that no longer validates falls back. */
export async function getSettings(db: Db): Promise<TAdminSettings> {
  const stored = (await readValue(db, SETTINGS_KEY)) as Partial<TAdminSettings> | undefined;
  const merged = ZAdminSettings.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return merged.success ? merged.data : DEFAULT_SETTINGS;
}

/** brandHue has no field in the console: whatever is stored is carried through unchanged. */
export async function saveSettings(db: Db, input: TAdminSettings): Promise<TAdminSettings> {
  const current = await getSettings(db);
  await writeValue(db, SETTINGS_KEY, { ...input, brandHue: current.brandHue });
  return getSettings(db);
}

function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** The Standard Webhooks signing secret (whsec_…), created on first use. */
export async function getWebhookSecret(db: Db): Promise<string> {
  const stored = await readValue(db, WEBHOOK_SECRET_KEY);
  if (typeof stored === 'string') return stored;
  const secret = newWebhookSecret();
  await db
    .insertInto('setting')
    .values({ key: WEBHOOK_SECRET_KEY, value: JSON.stringify(secret), updatedAt: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readValue(db, WEBHOOK_SECRET_KEY)) as string;
}

export async function rotateWebhookSecret(db: Db): Promise<string> {
  const secret = newWebhookSecret();
  await writeValue(db, WEBHOOK_SECRET_KEY, secret);
  return secret;
}

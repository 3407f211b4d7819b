import type { TWebhookDelivery } from '@hookline/shared';
import type { Db } from '../../db/database.ts';

/** The last attempts, newest first, for the settings page. */
export async function listWebhookDeliveries(db: Db, limit = 50): Promise<TWebhookDelivery[]> {
  return db.selectFrom('webhookDelivery').selectAll().orderBy('ts', 'desc').orderBy('attempt', 'desc').limit(limit).execute();
}

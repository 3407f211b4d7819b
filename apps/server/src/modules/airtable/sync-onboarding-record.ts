import type { TOnboardingRecord } from '@hookline/shared';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-error.ts';

const TIMEOUT_MS = 10_000;

/** One row per client in the Airtable table; column names as the console shows them. */
function toAirtableFields(client: { id: string; name: string }, record: TOnboardingRecord): Record<string, string> {
  const d = record.data;
  return {
    Client: client.name,
    'Client ID': client.id,
    Name: d.name,
    Email: d.email,
    Brand: d.brand,
    Website: d.website,
    Instagram: d.instagram,
    'Twitter/X': d.twitter,
    YouTube: d.youtube,
    Cadence: d.cadence,
    Channels: d.channels.join(', '),
    Goals: d.goals,
    'Pillars / Voice': d.pillars,
    'Approval Workflow': d.approvalFlow,
    'Brand Assets': d.assetsUrl,
    Notes: d.notes,
    Submitted: record.createdAt,
  };
}

function airtableErrorText(body: unknown, status: number): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return `${status} ${error}`;
  if (error && typeof error === 'object') {
    const { type, message } = error as { type?: string; message?: string };
    return `${status} ${[type, message].filter(Boolean).join(': ')}`;
  }
  return `HTTP ${status}`;
}

/**
 * Upserts the record into Airtable through its REST API: PATCH the remembered record, or POST a new
 * one (also when the remembered one was deleted in Airtable). Returns the Airtable record id.
 */
export async function syncOnboardingRecord(
  config: AppConfig,
  client: { id: string; name: string },
  record: TOnboardingRecord,
): Promise<string> {
  if (!config.AIRTABLE_TOKEN || !config.AIRTABLE_BASE_ID) {
    throw new HttpError(503, 'Airtable sync is not configured: set AIRTABLE_TOKEN and AIRTABLE_BASE_ID.');
  }
  const tableUrl = `${config.AIRTABLE_API_URL.replace(/\/$/, '')}/v0/${encodeURIComponent(config.AIRTABLE_BASE_ID)}/${encodeURIComponent(config.AIRTABLE_TABLE)}`;
  const send = async (method: 'POST' | 'PATCH', url: string) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${config.AIRTABLE_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ fields: toAirtableFields(client, record), typecast: true }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new HttpError(502, `Airtable sync failed: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    return { response, body };
  };

  if (record.airtableRecordId) {
    const { response, body } = await send('PATCH', `${tableUrl}/${encodeURIComponent(record.airtableRecordId)}`);
    if (response.ok) return (body as { id: string }).id;
    if (response.status !== 404) throw new HttpError(502, `Airtable sync failed: ${airtableErrorText(body, response.status)}`);
  }
  const { response, body } = await send('POST', tableUrl);
  if (!response.ok) throw new HttpError(502, `Airtable sync failed: ${airtableErrorText(body, response.status)}`);
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new HttpError(502, 'Airtable sync failed: the answer had no record id');
  return id;
}

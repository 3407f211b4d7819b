import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AirtableRequest {
  method: string;
  /** Path as received, e.g. /v0/appTEST/Onboarding/recXXXX */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { fields?: Record<string, unknown>; typecast?: boolean } | null;
}

export interface AirtableRecord {
  id: string;
  createdTime: string;
  fields: Record<string, unknown>;
}

export interface FakeAirtable {
  url: string;
  /** Every request received, in order. */
  requests: AirtableRequest[];
  /** Records by id, as stored by POST and PATCH; delete one to simulate a row deleted in Airtable. */
  records: Map<string, AirtableRecord>;
  /** When set, every request is answered with this instead (after the token check). */
  failWith: { status: number; body: unknown } | null;
  close(): Promise<void>;
}

function newRecordId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `rec${Array.from(crypto.randomBytes(14), (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * A local stand-in for Airtable's record API (https://airtable.com/developers/web/api):
 * POST /v0/{baseId}/{table} creates, PATCH /v0/{baseId}/{table}/{recordId} updates (404 for an
 * unknown record), both with `Authorization: Bearer <token>` and a JSON body { fields, typecast }.
 */
export async function startFakeAirtable(options: { token: string; baseId: string; table: string }): Promise<FakeAirtable> {
  const requests: AirtableRequest[] = [];
  const records = new Map<string, AirtableRecord>();
  const state: { failWith: FakeAirtable['failWith'] } = { failWith: null };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString('utf8');
      let body: AirtableRequest['body'] = null;
      try {
        body = text ? (JSON.parse(text) as AirtableRequest['body']) : null;
      } catch {
        body = null;
      }
      const path = decodeURIComponent((req.url ?? '').split('?')[0]);
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });

      if (req.headers.authorization !== `Bearer ${options.token}`) {
        return send(401, { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } });
      }
      if (state.failWith) return send(state.failWith.status, state.failWith.body);

      const tablePath = `/v0/${options.baseId}/${options.table}`;
      if (!body || typeof body.fields !== 'object' || body.fields === null) {
        return send(422, {
          error: { type: 'INVALID_REQUEST_MISSING_FIELDS', message: 'Could not find field "fields" in the request body' },
        });
      }
      if (req.method === 'POST' && path === tablePath) {
        const record: AirtableRecord = { id: newRecordId(), createdTime: new Date().toISOString(), fields: body.fields };
        records.set(record.id, record);
        return send(200, record);
      }
      if (req.method === 'PATCH' && path.startsWith(`${tablePath}/`)) {
        const id = path.slice(tablePath.length + 1);
        const record = records.get(id);
        if (!record) return send(404, { error: { type: 'MODEL_ID_NOT_FOUND', message: `Could not find a record with ID "${id}".` } });
        record.fields = { ...record.fields, ...body.fields };
        return send(200, record);
      }
      return send(404, { error: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    records,
    get failWith() {
      return state.failWith;
    },
    set failWith(value) {
      state.failWith = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

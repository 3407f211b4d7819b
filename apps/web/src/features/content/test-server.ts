import type { TDraft, TWorkspace } from '@hookline/shared';
import { json, stubFetch } from '@/test/render';

export const WORKSPACE: TWorkspace = {
  id: 'w1',
  name: 'Acme',
  owner: 'owner@acme.test',
  plan: 'self-serve',
  status: 'active',
  timeZone: 'UTC',
  cadence: 'Daily',
  access: 'owner',
  requireApproval: false,
};

export const PUBLISHED_AT = '2030-01-01T12:00:00.000Z';

let counter = 0;
export function makeDraft(over: Partial<TDraft> = {}): TDraft {
  counter += 1;
  return {
    id: `d${counter}`,
    channel: 'instagram',
    type: 'post',
    text: '',
    status: 'draft',
    scheduledAt: null,
    publishedAt: null,
    media: null,
    reviewState: null,
    requestId: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...over,
  };
}

/**
 * An in-memory drafts server answering like the real one (statuses, 409s, newest first). A publish
 * leaves the draft 'publishing' for `publishAfterReads` list reads (default 1), then it is published, like the job runner.
 */
export function serveDrafts(initial: TDraft[], options: { workspace?: TWorkspace; publishAfterReads?: number } = {}) {
  const drafts = [...initial];
  const publishing = new Map<string, number>();
  const find = (id: string) => drafts.find((draft) => draft.id === id);
  const conflict = (error: string) => json({ error }, 409);
  const fetchMock = stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/workspace') return json(options.workspace ?? WORKSPACE);
    if (path === '/api/drafts' && method === 'GET') {
      for (const [id, reads] of publishing) {
        if (reads > 0) publishing.set(id, reads - 1);
        else {
          publishing.delete(id);
          const published = find(id);
          if (published) Object.assign(published, { status: 'published', publishedAt: PUBLISHED_AT, scheduledAt: PUBLISHED_AT });
        }
      }
      const channel = new URL(String(fetchMock.mock.lastCall?.[0]), 'http://localhost').searchParams.get('channel');
      return json(drafts.filter((draft) => !channel || draft.channel === channel));
    }
    if (path === '/api/drafts' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Partial<TDraft>;
      const draft = makeDraft({ channel: body.channel ?? 'instagram', type: body.type, text: body.text ?? '' });
      drafts.unshift(draft);
      return json(draft, 201);
    }
    const match = path.match(/^\/api\/drafts\/([^/]+)(?:\/(queue|requeue|publish))?$/);
    const draft = match ? find(match[1]) : undefined;
    if (!match || !draft) return json({ error: 'Draft not found' }, 404);
    const action = match[2];
    if (method === 'PATCH') {
      if (draft.status === 'publishing' || draft.status === 'published') return conflict('A published draft cannot be edited.');
      Object.assign(draft, JSON.parse(String(init?.body)));
      return json(draft);
    }
    if (method === 'DELETE') {
      drafts.splice(drafts.indexOf(draft), 1);
      return new Response(null, { status: 204 });
    }
    if (action === 'queue') {
      if (draft.status !== 'draft') return conflict('Only a draft can be queued.');
      Object.assign(draft, { status: 'queued', scheduledAt: '2030-01-01T11:00:00.000Z' });
    } else if (action === 'requeue') {
      if (draft.status !== 'queued') return conflict('Only a queued draft can be re-queued.');
      Object.assign(draft, { scheduledAt: '2030-01-01T11:30:00.000Z' });
    } else if (action === 'publish') {
      if (draft.status !== 'draft' && draft.status !== 'queued') return conflict('This draft is already being published or was published.');
      Object.assign(draft, { status: 'publishing' });
      publishing.set(draft.id, options.publishAfterReads ?? 1);
    }
    return json({ ...draft });
  });
  return { fetchMock, drafts };
}

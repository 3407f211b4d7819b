import {
  canApprove,
  isStaffAccess,
  PROVIDER_CHANNELS,
  type TDraft,
  type TDraftChannel,
  type TDraftComment,
  type TReviewLink,
  type TSocialConnection,
  type TWorkspace,
} from '@hookline/shared';
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
  holdLateMinutes: null,
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
    failureReason: null,
    lateSeconds: null,
    publishedTo: null,
    postUrl: null,
    platformError: null,
    metrics: null,
    connectionId: null,
    problems: [],
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    ...over,
  };
}

export function makeComment(over: Partial<TDraftComment> = {}): TDraftComment {
  counter += 1;
  return {
    id: `c${counter}`,
    authorName: 'Olive Owner',
    authorKind: 'client',
    internal: false,
    text: 'Looks good',
    createdAt: '2030-01-01T10:00:00.000Z',
    ...over,
  };
}

export function makeConnection(over: Partial<TSocialConnection> = {}): TSocialConnection {
  counter += 1;
  return {
    id: `sc${counter}`,
    provider: 'instagram',
    handle: `@account${counter}`,
    instanceUrl: null,
    status: 'connected',
    connectedAt: '2030-01-01T09:00:00.000Z',
    lastError: null,
    demo: false,
    ...over,
  };
}

export function makeReviewLink(over: Partial<TReviewLink> = {}): TReviewLink {
  counter += 1;
  return {
    id: `l${counter}`,
    email: 'reviewer@client.test',
    draftIds: ['d1'],
    createdBy: 'Sam Staff',
    createdAt: '2030-01-01T10:00:00.000Z',
    expiresAt: '2030-01-15T10:00:00.000Z',
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

export const NEEDS_APPROVAL =
  'This workspace requires approval before publishing. Send the draft for review, then queue or publish it once it is approved.';

/** The server's refusal of a review link to a Hookline address (here, any address at hookline.test). */
export const STAFF_ADDRESS = "Review links are for the client's reviewers: send it to someone outside the Hookline team.";

export const CHANGED_SINCE_SEEN = 'This draft changed since you opened it. Look at the new version, then decide again.';

const body = <T>(init?: RequestInit) => JSON.parse(String(init?.body)) as T;

/** A change gives the draft a new version, a second later than the last, as the server's updatedAt does. */
export const touch = (draft: TDraft) => {
  draft.updatedAt = new Date(Date.parse(draft.updatedAt) + 1000).toISOString();
};

/**
 * An in-memory drafts server answering like the real one (statuses, review states, a new updatedAt
 * on every change, decisions refused on a version that changed since, comments with internal ones
 * for staff only, review links, 403s and 409s, newest first). A publish leaves the
 * draft 'publishing' for `publishAfterReads` list reads (default 1), then it is published, like the job runner.
 * `connections` are the workspace's channel accounts (none by default); `problemsOf` checks a draft
 * after every change, like the server's checks of the networks' rules.
 */
export function serveDrafts(
  initial: TDraft[],
  options: {
    workspace?: TWorkspace;
    publishAfterReads?: number;
    comments?: Record<string, TDraftComment[]>;
    reviewLinks?: TReviewLink[];
    connections?: TSocialConnection[];
    problemsOf?: (draft: TDraft) => string[];
  } = {},
) {
  const drafts = [...initial];
  const workspace = options.workspace ?? WORKSPACE;
  const comments: Record<string, TDraftComment[]> = { ...options.comments };
  const reviewLinks = [...(options.reviewLinks ?? [])];
  const connections = options.connections ?? [];
  const checked = (draft: TDraft): TDraft => ({ ...draft, problems: options.problemsOf?.(draft) ?? draft.problems });
  const publishing = new Map<string, number>();
  const find = (id: string) => drafts.find((draft) => draft.id === id);
  const conflict = (error: string) => json({ error }, 409);
  const staff = isStaffAccess(workspace.access);
  const addComment = (draftId: string, text: string, internal: boolean) => {
    const comment = makeComment({
      authorName: staff ? 'Sam Staff' : 'Olive Owner',
      authorKind: staff ? 'staff' : 'client',
      internal,
      text,
      createdAt: new Date().toISOString(),
    });
    (comments[draftId] ??= []).push(comment);
    return comment;
  };
  const fetchMock = stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/workspace') return json(workspace);
    if (path === '/api/social/connections') return json(connections);
    if (path === '/api/review-links' || path.startsWith('/api/review-links/')) {
      if (!staff) return json({ error: 'Only the Hookline team can send and manage review links.' }, 403);
      if (method === 'GET') return json({ links: reviewLinks });
      if (path === '/api/review-links') {
        const input = body<{ draftIds: string[]; email: string; expiresInDays: number }>(init);
        if (input.email.endsWith('@hookline.test')) return conflict(`${input.email} is a Hookline team address. ${STAFF_ADDRESS}`);
        const linked = drafts.filter((draft) => input.draftIds.includes(draft.id));
        if (linked.some((draft) => draft.status !== 'draft' && draft.status !== 'queued')) {
          return conflict('A published draft cannot be reviewed. Choose drafts that are not published yet.');
        }
        // Drafts not in review yet go to review with the link.
        for (const draft of linked) {
          if (draft.reviewState !== 'in_review' && draft.reviewState !== 'approved') {
            draft.reviewState = 'in_review';
            touch(draft);
          }
        }
        const link = makeReviewLink({ draftIds: input.draftIds, email: input.email, expiresAt: '2030-01-15T10:00:00.000Z' });
        reviewLinks.unshift(link);
        return json(link, 201);
      }
      const link = reviewLinks.find((candidate) => path === `/api/review-links/${candidate.id}/revoke`);
      if (!link) return json({ error: 'Review link not found' }, 404);
      Object.assign(link, { status: 'revoked', revokedAt: '2030-01-02T10:00:00.000Z' });
      return json(link);
    }
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
      return json(drafts.filter((draft) => !channel || draft.channel === channel).map(checked));
    }
    if (path === '/api/drafts' && method === 'POST') {
      const input = body<Partial<TDraft>>(init);
      const draft = makeDraft({ channel: input.channel ?? 'instagram', type: input.type, text: input.text ?? '' });
      drafts.unshift(draft);
      return json(draft, 201);
    }
    const match = path.match(
      /^\/api\/drafts\/([^/]+)(?:\/(queue|requeue|unqueue|schedule|publish|review|approve|request-changes|comments|duplicate))?$/,
    );
    const draft = match ? find(match[1]) : undefined;
    if (!match || !draft) return json({ error: 'Draft not found' }, 404);
    const action = match[2];
    if (action === 'comments') {
      if (method === 'GET') return json((comments[draft.id] ?? []).filter((comment) => staff || !comment.internal));
      const input = body<{ text: string; internal?: boolean }>(init);
      if (input.internal && !staff) return json({ error: 'Only the Hookline team can write internal comments.' }, 403);
      return json(addComment(draft.id, input.text, input.internal ?? false), 201);
    }
    if (action === 'duplicate') {
      const input = body<{ to: Array<{ channel: TDraftChannel; connectionId?: string }> }>(init);
      const copies = input.to.map(({ channel, connectionId }) =>
        makeDraft({ channel, connectionId: connectionId ?? null, type: draft.type, text: draft.text, media: draft.media }),
      );
      drafts.unshift(...copies);
      return json(copies.map(checked), 201);
    }
    if (method === 'PATCH') {
      if (draft.status === 'publishing' || draft.status === 'published') return conflict('A published draft cannot be edited.');
      const { mediaAlt, ...edited } = body<Partial<TDraft> & { mediaAlt?: string }>(init);
      const reviewedTextChanged = draft.reviewState === 'approved' && edited.text !== undefined && edited.text !== draft.text;
      // A draft moved to another channel without an account named goes to that channel's first.
      const moved = edited.channel !== undefined && edited.channel !== draft.channel && edited.connectionId === undefined;
      Object.assign(draft, edited, reviewedTextChanged ? { reviewState: 'in_review' } : {}, moved ? { connectionId: null } : {});
      if (mediaAlt !== undefined && draft.media) draft.media = { ...draft.media, altText: mediaAlt };
      touch(draft);
      return json(checked(draft));
    }
    if (action === 'approve' || action === 'request-changes') {
      if (!canApprove(workspace.access)) {
        return json({ error: 'Only the workspace owner or an approver can approve drafts or request changes.' }, 403);
      }
      // Changes may still be asked for once approved; approving needs a draft in review.
      const from = action === 'approve' ? ['in_review'] : ['in_review', 'approved'];
      if (!from.includes(draft.reviewState ?? '')) return conflict('Only a draft sent for review can be approved or sent back.');
      const input = init?.body ? body<{ comment?: string; seen?: string }>(init) : {};
      if (input.seen !== undefined && input.seen !== draft.updatedAt) return conflict(CHANGED_SINCE_SEEN);
      if (action === 'request-changes') addComment(draft.id, input.comment ?? '', false);
      Object.assign(draft, { reviewState: action === 'approve' ? 'approved' : 'changes_requested' });
      touch(draft);
      return json({ ...draft });
    }
    if (action === 'review') {
      if (draft.status !== 'draft' && draft.status !== 'queued') return conflict('A published draft cannot be reviewed.');
      Object.assign(draft, { reviewState: 'in_review' });
      touch(draft);
      return json({ ...draft });
    }
    if (
      (action === 'queue' || action === 'requeue' || action === 'schedule' || action === 'publish') &&
      workspace.requireApproval &&
      draft.reviewState !== 'approved'
    ) {
      return conflict(NEEDS_APPROVAL);
    }
    const problems = checked(draft).problems;
    const connected = connections.some((connection) => PROVIDER_CHANNELS[connection.provider] === draft.channel);
    if ((action === 'queue' || action === 'schedule' || action === 'publish') && problems.length > 0 && connected) {
      return json({ error: problems.join(' ') }, 422);
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
    } else if (action === 'schedule') {
      // The wall-clock time in its zone, as the server reads it (the tests use UTC).
      Object.assign(draft, { status: 'queued', scheduledAt: `${body<{ local: string }>(init).local}:00.000Z` });
    } else if (action === 'unqueue') {
      Object.assign(draft, { status: 'draft', scheduledAt: null });
    } else if (action === 'publish') {
      if (draft.status !== 'draft' && draft.status !== 'queued') return conflict('This draft is already being published or was published.');
      Object.assign(draft, { status: 'publishing' });
      publishing.set(draft.id, options.publishAfterReads ?? 1);
    }
    if (action) touch(draft);
    return json(checked(draft));
  });
  return { fetchMock, drafts, comments, reviewLinks };
}

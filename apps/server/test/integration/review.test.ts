import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDraft, TDraftComment } from '@hookline/shared';
import { DEFAULT_SETTINGS, saveSettings } from '../../src/modules/settings/settings-store.ts';
import { changeWithStaffRecord } from '../../src/modules/workspaces/record-staff-action.ts';
import { apiCaller, signUpAs, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { createTestApp, signUp, type TestApp } from '../support/test-app.ts';
import { addTeammate, clientTimeline, sendInWorkspace, testPng } from '../support/workspace-caller.ts';

/**
 * Review of drafts in the dashboard: review states beside the publishing status, who may decide
 * (the owner and approver teammates, never staff), the approval requirement on queueing and
 * publishing, comment threads with staff-only internal comments, the mails and webhook events, and
 * staff's changes on the client's timeline in the change's own transaction.
 */

const OWNER = 'owner@review.test';
const EDITOR = 'editor@review.test';
const APPROVER = 'approver@review.test';
const MANAGER = 'manager@review.test';
const APPROVAL_REQUIRED = /requires approval before publishing/;
const CHANGED_SINCE_SEEN = 'This draft changed since you opened it. Look at the new version, then decide again.';

describe('review of drafts in the dashboard', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let workspaceId: string;
  let owner: ApiCaller;
  let editor: ApiCaller;
  let approver: ApiCaller;
  let manager: ApiCaller;
  let admin: ApiCaller;
  let otherClient: ApiCaller;
  let counter = 0;

  /** A call naming the owner's workspace in the header, as the dashboard sends it (teammates and staff need it). */
  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown) =>
    sendInWorkspace(t, workspaceId, caller, method, url, body);
  const ok = async (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown, status = 200) => {
    const response = await send(caller, method, url, body);
    expect(response.statusCode, `${caller.email} ${method} ${url}: ${response.body}`).toBe(status);
    return response.json();
  };
  const newDraft = async (text = `Spring menu post ${++counter}`): Promise<TDraft> =>
    ok(owner, 'POST', '/api/drafts', { type: 'post', text }, 201);
  const inReview = async (text?: string) => {
    const draft = await newDraft(text);
    await ok(owner, 'POST', `/api/drafts/${draft.id}/review`);
    return draft;
  };
  const approved = async (text?: string) => {
    const draft = await inReview(text);
    return (await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`)) as TDraft;
  };
  const row = (id: string) => t.db.selectFrom('draft').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The webhook events queued so far of one type, as their data. */
  const events = async (type: string) =>
    (await t.db.selectFrom('job').select('payload').where('type', '=', 'webhook.deliver').orderBy('createdAt').execute())
      .map((job) => JSON.parse(job.payload) as { type: string; data: Record<string, unknown> })
      .filter((event) => event.type === type)
      .map((event) => event.data);
  const eventFor = async (type: string, draftId: string) =>
    (await events(type)).filter((data) => (data.draft as { id?: string } | undefined)?.id === draftId || data.draftId === draftId);
  /** Mails received so far to one address whose subject starts so (mails go out before the answer). */
  const mailsTo = (email: string, subject: string) =>
    smtp.messages.filter((mail) => mail.envelopeTo.includes(email) && mail.subject.startsWith(subject));
  const timeline = () => clientTimeline(t.db, workspaceId);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Jobs do not run: the webhook events stay queued, to be read.
    t = await createTestApp({ FOUNDER_EMAIL: 'founder@review.test', SIGNIN_RATE_LIMIT: '100000', SMTP_URL: smtp.url, RUN_JOBS: 'false' });
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, webhookUrl: 'https://hooks.review.test/events' });
    const signed = await signUp(t.app, { email: OWNER, name: 'Olivia Owner' });
    owner = apiCaller(t, { cookie: signed.cookie, email: OWNER, userId: signed.user.id });
    workspaceId = (await owner.get('/api/workspace')).json().id;
    editor = await addTeammate(t, workspaceId, await signUpAs(t, EDITOR), 'editor');
    approver = await addTeammate(t, workspaceId, await signUpAs(t, APPROVER), 'approver');
    manager = await signUpAs(t, MANAGER, 'manager');
    admin = await signUpAs(t, 'admin@review.test', 'admin');
    otherClient = await signUpAs(t, 'other@review.test');
    const founder = await signUpAs(t, 'founder@review.test');
    expect((await founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: MANAGER })).statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a self-serve workspace does not require approval unless chosen; anyone working in it sends a draft for review', async () => {
    expect((await owner.get('/api/workspace')).json().requireApproval).toBe(false);
    const draft = await newDraft('Behind the scenes at the bakery, early morning');
    expect(draft.reviewState).toBeNull();
    const sent = await ok(editor, 'POST', `/api/drafts/${draft.id}/review`);
    expect(sent).toMatchObject({ id: draft.id, status: 'draft', reviewState: 'in_review' });
    const again = await send(owner, 'POST', `/api/drafts/${draft.id}/review`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This draft is already in review.');

    // The approvers are told: the owner and the approver teammate, not the editor who sent it.
    const [mail] = mailsTo(OWNER, 'Drafts ready for review');
    expect(mail.subject).toBe(`Drafts ready for review: ${(await owner.get('/api/workspace')).json().name}`);
    expect(mail.text).toContain('"Behind the scenes at the bakery, early morning"');
    expect(mail.text).toContain(`http://localhost:3000/dashboard/content?workspace=${workspaceId}`);
    expect(mail.text).toContain(EDITOR);
    expect(mailsTo(APPROVER, 'Drafts ready for review')).toHaveLength(1);
    expect(mailsTo(EDITOR, 'Drafts ready for review')).toHaveLength(0);
    const [event] = await eventFor('draft.review_requested', draft.id);
    expect(event).toMatchObject({
      clientId: workspaceId,
      draft: { id: draft.id, reviewState: 'in_review' },
      by: { email: EDITOR, kind: 'client' },
    });

    // The sender is never mailed about their own request: here the approver sends, the owner is told.
    const second = await newDraft('A second post');
    await ok(approver, 'POST', `/api/drafts/${second.id}/review`);
    expect(mailsTo(APPROVER, 'Drafts ready for review')).toHaveLength(1);
    expect(mailsTo(OWNER, 'Drafts ready for review')).toHaveLength(2);
  });

  it('approve: the owner and approvers only (staff and editors 403, with the reason); only a draft in review; the managers are mailed', async () => {
    const draft = await inReview('Approve me, please');
    for (const caller of [manager, admin, editor]) {
      const refused = await send(caller, 'POST', `/api/drafts/${draft.id}/approve`);
      expect(refused.statusCode, caller.email).toBe(403);
      expect(refused.json().error).toBe('Only the workspace owner or an approver can approve drafts or request changes.');
    }
    expect((await row(draft.id)).reviewState).toBe('in_review');
    expect(await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`)).toMatchObject({ reviewState: 'approved', status: 'draft' });
    const twice = await send(owner, 'POST', `/api/drafts/${draft.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This draft is already approved.');
    const never = await newDraft();
    expect((await send(owner, 'POST', `/api/drafts/${never.id}/approve`)).json()).toEqual({
      error: 'Only a draft sent for review can be approved.',
    });

    const [mail] = mailsTo(MANAGER, 'Draft approved');
    expect(mail.text).toContain(`${APPROVER} approved a draft`);
    expect(mail.text).toContain('"Approve me, please"');
    expect(mailsTo(OWNER, 'Draft approved')).toHaveLength(0);
    expect(await eventFor('draft.approved', draft.id)).toEqual([
      expect.objectContaining({
        draft: expect.objectContaining({ reviewState: 'approved' }),
        by: expect.objectContaining({ email: APPROVER }),
      }),
    ]);
    // The owner approves too.
    const other = await inReview();
    expect((await ok(owner, 'POST', `/api/drafts/${other.id}/approve`)).reviewState).toBe('approved');
  });

  it('request changes: from in review or approved, with a comment under the client’s name; staff and editors 403; the managers are mailed', async () => {
    const draft = await approved('Summer opening hours');
    for (const caller of [manager, editor]) {
      expect((await send(caller, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'No' })).statusCode).toBe(403);
    }
    const empty = await send(owner, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/comment must not be empty/);
    const sentBack = await ok(owner, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Mention the new Sunday hours' });
    expect(sentBack.reviewState).toBe('changes_requested');
    const twice = await send(approver, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(/^Changes were already requested/);

    const comments: TDraftComment[] = await ok(editor, 'GET', `/api/drafts/${draft.id}/comments`);
    expect(comments).toEqual([
      expect.objectContaining({ authorName: 'Olivia Owner', authorKind: 'client', internal: false, text: 'Mention the new Sunday hours' }),
    ]);
    const [mail] = mailsTo(MANAGER, 'Changes requested');
    expect(mail.text).toContain('Olivia Owner requested changes to a draft');
    expect(mail.text).toContain('Mention the new Sunday hours');
    expect(await eventFor('draft.changes_requested', draft.id)).toHaveLength(1);
    expect(await eventFor('comment.added', draft.id)).toEqual([
      expect.objectContaining({
        clientId: workspaceId,
        comment: expect.objectContaining({ text: 'Mention the new Sunday hours', internal: false }),
      }),
    ]);
    // A draft never sent for review has nothing to send back.
    expect((await send(owner, 'POST', `/api/drafts/${(await newDraft()).id}/request-changes`, { comment: 'Hm' })).statusCode).toBe(409);
  });

  it('the journey: staff edit a draft with changes requested (the state stays), send it again, it is approved; an edit of an approved draft sends it back', async () => {
    const draft = await inReview('Our first catering offer');
    await ok(approver, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Add the price' });
    const edited = await ok(manager, 'PATCH', `/api/drafts/${draft.id}`, { text: 'Our first catering offer, from $12 a head' });
    expect(edited.reviewState).toBe('changes_requested');
    const before = mailsTo(OWNER, 'Drafts ready for review').length;
    expect((await ok(manager, 'POST', `/api/drafts/${draft.id}/review`)).reviewState).toBe('in_review');
    expect(mailsTo(OWNER, 'Drafts ready for review')).toHaveLength(before + 1);
    expect(mailsTo(MANAGER, 'Drafts ready for review')).toHaveLength(0);
    await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`);

    // What was approved changed: back to review, and the approvers are asked again.
    const reopened = await ok(editor, 'PATCH', `/api/drafts/${draft.id}`, { text: 'Our catering offer, from $12 a head' });
    expect(reopened).toMatchObject({ reviewState: 'in_review', status: 'draft' });
    expect(mailsTo(OWNER, 'Drafts ready for review')).toHaveLength(before + 2);
    expect(await eventFor('draft.review_requested', draft.id)).toHaveLength(3);
    // Edits in review keep the state and ask nobody again.
    expect((await ok(editor, 'PATCH', `/api/drafts/${draft.id}`, { text: 'Our catering offer, from $12' })).reviewState).toBe('in_review');
    expect(mailsTo(OWNER, 'Drafts ready for review')).toHaveLength(before + 2);

    const staffLines = (await timeline()).filter((entry) => entry.who === MANAGER).map((entry) => entry.text);
    expect(staffLines).toEqual(
      expect.arrayContaining([
        'Draft updated: Our first catering offer, from $12 a head',
        'Draft sent for review: Our first catering offer, from $12 a head',
      ]),
    );
  });

  it('new media on an approved draft is an edit too: it goes back to review', async () => {
    const draft = await approved();
    const response = await send(owner, 'POST', `/api/drafts/${draft.id}/media`, {
      multipart: [{ name: 'file', file: await testPng('#c63'), filename: 'new.png', type: 'image/png' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ reviewState: 'in_review', media: { type: 'image/png' } });
  });

  it('a decision is on the version the approver saw: an edit made since is a 409, nothing decided, nobody mailed', async () => {
    const draft = await newDraft('Text A');
    await ok(editor, 'POST', `/api/drafts/${draft.id}/review`);
    /** The draft as the approver's list shows it now. */
    const shown = async () => ((await ok(approver, 'GET', '/api/drafts')) as TDraft[]).find((listed) => listed.id === draft.id)!;
    const seen = (await shown()).updatedAt;
    // The editor changes the words after the approver loaded them (it stays in review, nobody is asked again).
    expect((await ok(editor, 'PATCH', `/api/drafts/${draft.id}`, { text: 'Text B' })).reviewState).toBe('in_review');
    const approvals = mailsTo(MANAGER, 'Draft approved').length;
    const sentBacks = mailsTo(MANAGER, 'Changes requested').length;

    for (const [path, body] of [
      ['approve', { seen }],
      ['request-changes', { comment: 'Shorter', seen }],
    ] as const) {
      const refused = await send(approver, 'POST', `/api/drafts/${draft.id}/${path}`, body);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json().error).toBe(CHANGED_SINCE_SEEN);
    }
    expect(await row(draft.id)).toMatchObject({ text: 'Text B', reviewState: 'in_review' });
    expect(await eventFor('draft.approved', draft.id)).toEqual([]);
    expect(await eventFor('comment.added', draft.id)).toEqual([]);
    expect(mailsTo(MANAGER, 'Draft approved')).toHaveLength(approvals);
    expect(mailsTo(MANAGER, 'Changes requested')).toHaveLength(sentBacks);

    // Reloaded, the approver sees text B and approves that version.
    const reloaded = await shown();
    expect(reloaded.text).toBe('Text B');
    expect(reloaded.updatedAt).not.toBe(seen);
    expect(await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`, { seen: reloaded.updatedAt })).toMatchObject({
      reviewState: 'approved',
      text: 'Text B',
    });
    // A decision moves the version on too: asking for changes on the version before the approval is refused.
    expect(
      (await send(owner, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Hm', seen: reloaded.updatedAt })).json(),
    ).toEqual({
      error: CHANGED_SINCE_SEEN,
    });
    // `seen` is a version, not an empty word.
    expect((await send(owner, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Hm', seen: '' })).statusCode).toBe(400);
  });

  it('new media on a draft in review is a new version too: an approval of the one before is refused', async () => {
    const draft = await inReview('With a picture soon');
    const seen = (await row(draft.id)).updatedAt;
    const attached = await send(editor, 'POST', `/api/drafts/${draft.id}/media`, {
      multipart: [{ name: 'file', file: await testPng('#36c'), filename: 'late.png', type: 'image/png' }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().reviewState).toBe('in_review');
    expect((await send(approver, 'POST', `/api/drafts/${draft.id}/approve`, { seen })).json()).toEqual({ error: CHANGED_SINCE_SEEN });
    expect((await row(draft.id)).reviewState).toBe('in_review');
    expect((await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`, { seen: attached.json().updatedAt })).reviewState).toBe(
      'approved',
    );
  });

  it('API clients may approve without a body, or with an empty one', async () => {
    for (const body of [undefined, {}]) {
      const draft = await inReview();
      expect((await ok(approver, 'POST', `/api/drafts/${draft.id}/approve`, body)).reviewState).toBe('approved');
    }
  });

  it('a published draft is not sent for review, decided or edited', async () => {
    const draft = await inReview();
    await ok(owner, 'POST', `/api/drafts/${draft.id}/publish`);
    for (const [method, path, body] of [
      ['POST', '/review', undefined],
      ['POST', '/approve', undefined],
      ['POST', '/request-changes', { comment: 'Too late' }],
    ] as const) {
      const refused = await send(owner, method, `/api/drafts/${draft.id}${path}`, body);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json().error).toBe('This draft is already being published or was published: there is nothing left to review.');
    }
    expect((await send(owner, 'PATCH', `/api/drafts/${draft.id}`, { text: 'Too late' })).json().error).toBe(
      'A published draft cannot be edited.',
    );
    expect((await row(draft.id)).reviewState).toBe('in_review');
  });

  it('another client learns nothing: every review and comment route answers 404 for these drafts', async () => {
    const draft = await inReview();
    for (const [method, path, body] of [
      ['POST', 'review', undefined],
      ['POST', 'approve', undefined],
      ['POST', 'request-changes', { comment: 'Mine now' }],
      ['GET', 'comments', undefined],
      ['POST', 'comments', { text: 'Hello' }],
    ] as const) {
      // In their own workspace the draft is not found; naming this workspace, the workspace is not.
      expect((await otherClient.request(method, `/api/drafts/${draft.id}/${path}`, body)).statusCode, path).toBe(404);
      expect((await send(otherClient, method, `/api/drafts/${draft.id}/${path}`, body)).statusCode, path).toBe(404);
    }
    expect((await row(draft.id)).reviewState).toBe('in_review');
    expect(await t.db.selectFrom('draftComment').select('id').where('draftId', '=', draft.id).execute()).toEqual([]);
  });

  it('comments: oldest first; internal ones written and read by staff only, named on the timeline without their words', async () => {
    const draft = await newDraft('Valentine’s day special');
    await ok(owner, 'POST', `/api/drafts/${draft.id}/comments`, { text: 'Can we add a photo?' }, 201);
    const internal = await ok(
      manager,
      'POST',
      `/api/drafts/${draft.id}/comments`,
      { text: 'Client is late with photos again', internal: true },
      201,
    );
    expect(internal).toMatchObject({ authorName: MANAGER, authorKind: 'staff', internal: true });
    await ok(manager, 'POST', `/api/drafts/${draft.id}/comments`, { text: 'We will shoot one on Friday' }, 201);
    const refused = await send(editor, 'POST', `/api/drafts/${draft.id}/comments`, { text: 'Psst', internal: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the Hookline team can write internal comments.');
    expect((await send(owner, 'POST', `/api/drafts/${draft.id}/comments`, { text: '' })).statusCode).toBe(400);

    const texts = async (caller: ApiCaller) =>
      ((await ok(caller, 'GET', `/api/drafts/${draft.id}/comments`)) as TDraftComment[]).map((c) => c.text);
    for (const caller of [owner, editor, approver])
      expect(await texts(caller)).toEqual(['Can we add a photo?', 'We will shoot one on Friday']);
    for (const caller of [manager, admin]) {
      expect(await texts(caller)).toEqual(['Can we add a photo?', 'Client is late with photos again', 'We will shoot one on Friday']);
    }
    // The owner's own comment is theirs to know; staff's are on the timeline, an internal one without its words.
    const lines = (await timeline()).filter((entry) => entry.text.includes('Valentine’s day special'));
    expect(lines).toEqual([
      { text: 'Internal comment added to draft: Valentine’s day special', who: MANAGER },
      { text: 'Comment added to draft: Valentine’s day special', who: MANAGER },
    ]);
    // Staff's own systems get every comment, flagged.
    expect((await eventFor('comment.added', draft.id)).map((data) => (data.comment as TDraftComment).internal)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('staff’s line on the timeline is written in the change’s transaction: if it fails, the change is undone', async () => {
    const draft = await newDraft('Kept as it was');
    const failing = changeWithStaffRecord(
      t.db,
      // A timeline entry needs a who: without one its insert fails, after the change was made.
      { workspace: { id: workspaceId, access: 'staff' }, who: null as unknown as string },
      (trx) => trx.updateTable('draft').set({ text: 'Changed' }).where('id', '=', draft.id).execute(),
      () => 'Draft updated',
    );
    await expect(failing).rejects.toThrow();
    expect((await row(draft.id)).text).toBe('Kept as it was');
  });

  describe('when the workspace requires approval', () => {
    beforeAll(async () => {
      expect((await ok(owner, 'PATCH', '/api/workspace', { requireApproval: true })).requireApproval).toBe(true);
    });
    afterAll(async () => {
      await ok(owner, 'PATCH', '/api/workspace', { requireApproval: false });
    });

    it('queue and publish wait for approval (409 saying what to do); an approved draft goes', async () => {
      const draft = await newDraft();
      for (const action of ['queue', 'publish']) {
        const refused = await send(manager, 'POST', `/api/drafts/${draft.id}/${action}`);
        expect(refused.statusCode, action).toBe(409);
        expect(refused.json().error).toMatch(APPROVAL_REQUIRED);
      }
      await ok(owner, 'POST', `/api/drafts/${draft.id}/review`);
      expect((await send(owner, 'POST', `/api/drafts/${draft.id}/queue`)).json().error).toMatch(APPROVAL_REQUIRED);
      await ok(owner, 'POST', `/api/drafts/${draft.id}/approve`);
      expect(await ok(manager, 'POST', `/api/drafts/${draft.id}/queue`)).toMatchObject({ status: 'queued', reviewState: 'approved' });
      expect((await ok(manager, 'POST', `/api/drafts/${draft.id}/publish`)).status).toBe('publishing');
      // Nothing refused was written to the timeline; what was done, was.
      const lines = (await timeline())
        .filter((entry) => entry.who === MANAGER && entry.text.endsWith(draft.text))
        .map((entry) => entry.text);
      expect(lines).toEqual([`Draft queued: ${draft.text}`, `Draft sent to publish now: ${draft.text}`]);
    });

    it('an approved, queued draft that is edited goes back to draft, unscheduled, and to review', async () => {
      const draft = await approved();
      await ok(owner, 'POST', `/api/drafts/${draft.id}/queue`);
      const edited = await ok(manager, 'PATCH', `/api/drafts/${draft.id}`, { text: 'A late change' });
      expect(edited).toMatchObject({ status: 'draft', scheduledAt: null, reviewState: 'in_review' });
      expect((await send(owner, 'POST', `/api/drafts/${draft.id}/queue`)).json().error).toMatch(APPROVAL_REQUIRED);
    });

    it('changes requested on a queued draft take it out of the queue', async () => {
      const draft = await approved();
      await ok(owner, 'POST', `/api/drafts/${draft.id}/queue`);
      const sentBack = await ok(approver, 'POST', `/api/drafts/${draft.id}/request-changes`, { comment: 'Not this week' });
      expect(sentBack).toMatchObject({ status: 'draft', scheduledAt: null, reviewState: 'changes_requested' });
    });

    it('a draft queued before the rule was chosen is not re-queued or published unapproved', async () => {
      await ok(owner, 'PATCH', '/api/workspace', { requireApproval: false });
      const draft = await newDraft();
      await ok(owner, 'POST', `/api/drafts/${draft.id}/queue`);
      await ok(owner, 'PATCH', '/api/workspace', { requireApproval: true });
      for (const action of ['requeue', 'publish']) {
        expect((await send(owner, 'POST', `/api/drafts/${draft.id}/${action}`)).json().error, action).toMatch(APPROVAL_REQUIRED);
      }
      expect((await row(draft.id)).status).toBe('queued');
    });
  });

  it('without a choice the plan decides: managed requires approval, until the owner turns it off', async () => {
    await t.db.updateTable('workspace').set({ plan: 'managed', requireApproval: null }).where('id', '=', workspaceId).execute();
    try {
      expect((await owner.get('/api/workspace')).json().requireApproval).toBe(true);
      const draft = await newDraft();
      expect((await send(owner, 'POST', `/api/drafts/${draft.id}/queue`)).json().error).toMatch(APPROVAL_REQUIRED);
      await ok(owner, 'PATCH', '/api/workspace', { requireApproval: false });
      expect((await ok(owner, 'POST', `/api/drafts/${draft.id}/queue`)).status).toBe('queued');
    } finally {
      await t.db.updateTable('workspace').set({ plan: 'self_serve', requireApproval: null }).where('id', '=', workspaceId).execute();
    }
  });
});

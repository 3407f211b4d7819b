import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_LINK_DEFAULT_DAYS, type TReviewLink, type TReviewPage } from '@hookline/shared';
import { resolveAuthSecret } from '../../src/lib/auth-secret.ts';
import { signReviewMediaUrl } from '../../src/modules/review-links/review-media-url.ts';
import { DEFAULT_SETTINGS, saveSettings } from '../../src/modules/settings/settings-store.ts';
import { apiCaller, signUpAs, type ApiCaller, type HttpMethod } from '../support/admin.ts';
import { startSmtpServer, type FakeSmtpServer, type ReceivedMail } from '../support/mail.ts';
import { expectServedFile } from '../support/served-file.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addTeammate, clientTimeline, sendInWorkspace, testPng } from '../support/workspace-caller.ts';

/**
 * Approval without an account: staff mail a review link for some drafts to any address; whoever
 * holds it sees those drafts (with their media, without internal comments) and approves or
 * requests changes, until the link expires or is revoked. Only the token's hash is stored.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MANAGER = 'manager@links.test';
const TOKEN_LINK = /http:\/\/localhost:3000\/review#token=([A-Za-z0-9_-]+)/;
const CHANGED_SINCE_SEEN = 'This draft changed since you opened it. Look at the new version, then decide again.';
const STAFF_ADDRESS = "Review links are for the client's reviewers: send it to someone outside the Hookline team.";

describe('review links', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let workspaceId: string;
  let workspaceName: string;
  let owner: ApiCaller;
  let approver: ApiCaller;
  let manager: ApiCaller;
  let otherClient: ApiCaller;
  let counter = 0;
  const anonymous = () => apiCaller(t);

  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown) =>
    sendInWorkspace(t, workspaceId, caller, method, url, body);
  const draft = async (text = `Draft for review ${++counter}`) => {
    const created = await send(owner, 'POST', '/api/drafts', { type: 'post', text });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const reviewer = () => `reviewer${++counter}@outside.test`;
  /** Staff send a link; the token comes from the mail the reviewer receives. */
  const mailLink = async (draftIds: string[], email = reviewer(), extra: object = {}) => {
    const created = await send(manager, 'POST', '/api/review-links', { draftIds, email, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    const mail = await smtp.waitForMail(email);
    const token = TOKEN_LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`no review link in mail:\n${mail.text}`);
    return { link: created.json() as TReviewLink, token, mail };
  };
  const lookup = (token: string) => anonymous().post('/api/review/lookup', { token });
  const version = async (id: string) =>
    (await t.db.selectFrom('draft').select('updatedAt').where('id', '=', id).executeTakeFirst())?.updatedAt ?? 'no such draft';
  /** A decision as the page sends it: by default on the version just loaded, like a page opened a moment ago. */
  const decide = async (
    token: string,
    draftId: string,
    decision: 'approve' | 'request_changes' = 'approve',
    comment?: string,
    seen?: string,
  ) =>
    anonymous().post('/api/review/decide', {
      token,
      draftId,
      decision,
      name: 'Rita Reviewer',
      seen: seen ?? (await version(draftId)),
      ...(comment ? { comment } : {}),
    });
  const reviewState = async (id: string) =>
    (await t.db.selectFrom('draft').select('reviewState').where('id', '=', id).executeTakeFirstOrThrow()).reviewState;
  const events = async (type: string) =>
    (await t.db.selectFrom('job').select('payload').where('type', '=', 'webhook.deliver').execute())
      .map((job) => JSON.parse(job.payload) as { type: string; data: { draft?: { id: string }; draftId?: string } })
      .filter((event) => event.type === type);
  const mailsTo = (email: string, subject: string): ReceivedMail[] =>
    smtp.messages.filter((mail) => mail.envelopeTo.includes(email) && mail.subject.startsWith(subject));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The cofounder never signs up: FOUNDER_EMAIL alone makes the address staff's.
    t = await createTestApp({
      FOUNDER_EMAIL: 'founder@links.test,cofounder@links.test',
      SIGNIN_RATE_LIMIT: '100000',
      SMTP_URL: smtp.url,
      RUN_JOBS: 'false',
    });
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, webhookUrl: 'https://hooks.links.test/events' });
    owner = await signUpAs(t, 'owner@links.test');
    ({ id: workspaceId, name: workspaceName } = (await owner.get('/api/workspace')).json());
    approver = await addTeammate(t, workspaceId, await signUpAs(t, 'approver@links.test'), 'approver');
    manager = await signUpAs(t, MANAGER, 'manager');
    otherClient = await signUpAs(t, 'other@links.test');
    const founder = await signUpAs(t, 'founder@links.test');
    expect((await founder.post(`/api/admin/clients/${workspaceId}/manager`, { email: MANAGER })).statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('staff mail a link: the token only in the mail (its hash stored), the drafts sent for review, the workspace, count and expiry said', async () => {
    const [first, second] = [await draft('Our new sourdough'), await draft('Market day on Saturday')];
    const before = Date.now();
    const { link, token, mail } = await mailLink([first, second, first], 'rita@outside.test');
    expect(link).toMatchObject({
      email: 'rita@outside.test',
      draftIds: [first, second],
      createdBy: MANAGER,
      revokedAt: null,
      status: 'active',
    });
    const days = (Date.parse(link.expiresAt) - before) / DAY_MS;
    expect(days).toBeGreaterThan(REVIEW_LINK_DEFAULT_DAYS - 0.01);
    expect(days).toBeLessThan(REVIEW_LINK_DEFAULT_DAYS + 0.01);

    const stored = await t.db.selectFrom('reviewLink').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(mail.subject).toBe(`Please review 2 drafts for ${workspaceName}`);
    expect(mail.text).toContain(`"${workspaceName}"`);
    expect(mail.text).toContain(`http://localhost:3000/review#token=${token}`);
    expect(mail.text).toContain(new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(link.expiresAt)));

    expect([await reviewState(first), await reviewState(second)]).toEqual(['in_review', 'in_review']);
    expect((await events('draft.review_requested')).filter((event) => [first, second].includes(event.data.draft!.id))).toHaveLength(2);
    expect(await clientTimeline(t.db, workspaceId)).toContainEqual({
      text: 'Review link sent to rita@outside.test (2 drafts)',
      who: MANAGER,
    });
  });

  it('the expiry is chosen in days (1 to 60)', async () => {
    const { link } = await mailLink([await draft()], reviewer(), { expiresInDays: 3 });
    expect(Math.round((Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / DAY_MS)).toBe(3);
    const refused = await send(manager, 'POST', '/api/review-links', { draftIds: [await draft()], email: reviewer(), expiresInDays: 90 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/expiresInDays must be 1 to 60/);
  });

  it('every draft must be the workspace’s and not published: otherwise nothing is stored or sent', async () => {
    const mine = await draft();
    const theirs = (await otherClient.post('/api/drafts', { type: 'post', text: 'Not yours' })).json().id as string;
    const published = await draft();
    expect((await send(owner, 'POST', `/api/drafts/${published}/publish`)).statusCode).toBe(200);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('reviewLink')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const foreign = await send(manager, 'POST', '/api/review-links', { draftIds: [mine, theirs], email: 'nobody@outside.test' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Draft not found');
    const done = await send(manager, 'POST', '/api/review-links', { draftIds: [mine, published], email: 'nobody@outside.test' });
    expect(done.statusCode).toBe(409);
    expect(await count()).toBe(before);
    expect(await reviewState(mine)).toBeNull();
    expect(mailsTo('nobody@outside.test', '')).toEqual([]);
  });

  it('only staff send, list and revoke links: the owner and approvers 403, another client 404', async () => {
    const { link } = await mailLink([await draft()]);
    for (const caller of [owner, approver]) {
      for (const [method, url, body] of [
        ['GET', '/api/review-links', undefined],
        ['POST', '/api/review-links', { draftIds: [link.draftIds[0]], email: 'x@outside.test' }],
        ['POST', `/api/review-links/${link.id}/revoke`, undefined],
      ] as const) {
        const refused = await send(caller, method, url, body);
        expect(refused.statusCode, `${caller.email} ${method} ${url}`).toBe(403);
        expect(refused.json().error).toBe('Only the Hookline team can send and manage review links.');
      }
      expect((await send(otherClient, 'GET', '/api/review-links')).statusCode).toBe(404);
    }
    expect(
      (await t.db.selectFrom('reviewLink').select('revokedAt').where('id', '=', link.id).executeTakeFirstOrThrow()).revokedAt,
    ).toBeNull();
  });

  it('lists the workspace’s links newest first, with their status', async () => {
    const older = (await mailLink([await draft()])).link;
    const newer = (await mailLink([await draft()])).link;
    expect((await send(manager, 'POST', `/api/review-links/${older.id}/revoke`)).statusCode).toBe(200);
    const { links } = (await send(manager, 'GET', '/api/review-links')).json() as { links: TReviewLink[] };
    const ids = links.map((link) => link.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(links.find((link) => link.id === older.id)).toMatchObject({ status: 'revoked' });
    expect(links.find((link) => link.id === newer.id)).toMatchObject({ status: 'active' });
    // Another workspace's list holds none of them.
    const elsewhere = await signUpAs(t, 'admin@links.test', 'admin');
    const otherWorkspace = (await otherClient.get('/api/workspace')).json().id as string;
    const theirs = await sendInWorkspace(t, otherWorkspace, elsewhere, 'GET', '/api/review-links');
    expect(theirs.json().links).toEqual([]);
  });

  it('the page shows the link’s drafts without internal comments; media by a short-lived signed URL; drafts deleted since are left out', async () => {
    const [first, second] = [await draft('With a picture'), await draft('Deleted later')];
    const png = await testPng('#2a6', 12, 9);
    const attached = await send(owner, 'POST', `/api/drafts/${first}/media`, {
      multipart: [{ name: 'file', file: png, filename: 'loaf.png', type: 'image/png' }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((await send(owner, 'POST', `/api/drafts/${first}/comments`, { text: 'Love the crust' })).statusCode).toBe(201);
    expect(
      (await send(manager, 'POST', `/api/drafts/${first}/comments`, { text: 'Staff only: reshoot?', internal: true })).statusCode,
    ).toBe(201);
    const { token } = await mailLink([first, second]);
    expect((await send(owner, 'DELETE', `/api/drafts/${second}`)).statusCode).toBe(204);

    const response = await lookup(token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as TReviewPage;
    expect(page).toMatchObject({ workspaceName, email: expect.stringMatching(/@outside\.test$/) });
    expect(page.drafts.map((d) => d.id)).toEqual([first]);
    const [shown] = page.drafts;
    expect(shown).toMatchObject({ text: 'With a picture', reviewState: 'in_review', media: { type: 'image/png', name: 'loaf.png' } });
    expect(shown.comments.map((c) => c.text)).toEqual(['Love the crust']);
    expect(response.body).not.toContain('Staff only');
    expect(response.body).not.toContain(token);

    // The media URL works without a session, served like draft media; never with the token in it.
    const url = shown.media!.url;
    expect(url).toMatch(new RegExp(`^/api/review/media/${first}\\?expires=\\d+&sig=[A-Za-z0-9_-]+$`));
    expectServedFile(await t.app.inject({ url }), { type: 'image/png', bytes: png });

    const query = new URL(url, 'http://localhost').searchParams;
    const secret = resolveAuthSecret(t.config);
    const { mediaKey } = await t.db.selectFrom('draft').select('mediaKey').where('id', '=', first).executeTakeFirstOrThrow();
    const expired = signReviewMediaUrl(secret, { draftId: first, mediaKey: mediaKey! }, Date.now() - 2 * 60 * 60 * 1000);
    for (const bad of [
      `/api/review/media/${first}?expires=${query.get('expires')}&sig=${'A'.repeat(query.get('sig')!.length)}`,
      `/api/review/media/${first}?expires=${Number(query.get('expires')) + 1}&sig=${query.get('sig')}`,
      `/api/review/media/${second}?expires=${query.get('expires')}&sig=${query.get('sig')}`,
      expired,
    ]) {
      const refused = await t.app.inject({ url: bad });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json().error).toBe('This media link is invalid or has expired. Reload the review page.');
    }
    expect((await t.app.inject({ url: `/api/review/media/${first}` })).statusCode).toBe(400);
  });

  it('a media URL is signed for the file the page showed: once the media is replaced, it serves nothing and the page gets a new one', async () => {
    const id = await draft('Picture replaced during review');
    const [before, after] = [await testPng('#a22', 10, 10), await testPng('#22a', 14, 6)];
    const attach = (png: Buffer, filename: string) =>
      send(owner, 'POST', `/api/drafts/${id}/media`, { multipart: [{ name: 'file', file: png, filename, type: 'image/png' }] });
    expect((await attach(before, 'before.png')).statusCode).toBe(200);
    const { token } = await mailLink([id]);
    const oldUrl = ((await lookup(token)).json() as TReviewPage).drafts[0].media!.url;
    expectServedFile(await t.app.inject({ url: oldUrl }), { type: 'image/png', bytes: before });

    expect((await attach(after, 'after.png')).statusCode).toBe(200);
    const refused = await t.app.inject({ url: oldUrl });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This media link is invalid or has expired. Reload the review page.');
    const newUrl = ((await lookup(token)).json() as TReviewPage).drafts[0].media!.url;
    expect(newUrl).not.toBe(oldUrl);
    expectServedFile(await t.app.inject({ url: newUrl }), { type: 'image/png', bytes: after });
  });

  it('a decision is on the version the page showed: an edit made since is a 409 and nothing is decided; the reloaded page decides', async () => {
    const id = await draft('Text A');
    const { token } = await mailLink([id]);
    const shown = async () => ((await lookup(token)).json() as TReviewPage).drafts[0];
    const seen = (await shown()).updatedAt;
    expect((await send(owner, 'PATCH', `/api/drafts/${id}`, { text: 'Text B' })).statusCode).toBe(200);

    for (const [decision, comment] of [
      ['approve', undefined],
      ['request_changes', 'Shorter'],
    ] as const) {
      const refused = await decide(token, id, decision, comment, seen);
      expect(refused.statusCode, decision).toBe(409);
      expect(refused.json().error).toBe(CHANGED_SINCE_SEEN);
    }
    expect(await reviewState(id)).toBe('in_review');
    expect((await events('draft.approved')).filter((event) => event.data.draft?.id === id)).toEqual([]);
    expect((await events('comment.added')).filter((event) => event.data.draftId === id)).toEqual([]);

    // Without the version the page showed, nothing is decided: a link holder always decides from the page.
    const blind = await anonymous().post('/api/review/decide', { token, draftId: id, decision: 'approve', name: 'Rita Reviewer' });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().error).toMatch(/seen is required/);

    const reloaded = await shown();
    expect(reloaded).toMatchObject({ text: 'Text B', reviewState: 'in_review' });
    const approved = await decide(token, id, 'approve', undefined, reloaded.updatedAt);
    expect(approved.statusCode, approved.body).toBe(200);
    // The answer carries the new version, which the page's next decision sends.
    expect(approved.json()).toMatchObject({ text: 'Text B', reviewState: 'approved', updatedAt: await version(id) });
    const changed = await decide(token, id, 'request_changes', 'One more thing', approved.json().updatedAt);
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('links go to the client’s reviewers: the sender’s own, a staff account’s or a founder’s address is refused, and nothing is stored or sent', async () => {
    const id = await draft();
    const count = async () => (await t.db.selectFrom('reviewLink').select('id').execute()).length;
    const before = await count();
    await signUpAs(t, 'admin3@links.test', 'admin');
    for (const email of [MANAGER, 'MANAGER@links.test', 'admin3@links.test', 'founder@links.test', 'cofounder@links.test']) {
      const refused = await send(manager, 'POST', '/api/review-links', { draftIds: [id], email });
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json().error).toBe(`${email.toLowerCase()} is a Hookline team address. ${STAFF_ADDRESS}`);
    }
    expect(await count()).toBe(before);
    expect(await reviewState(id)).toBeNull();
    expect(
      smtp.messages.filter((mail) => /Please review/.test(mail.subject) && mail.envelopeTo.some((to) => to.endsWith('@links.test'))),
    ).toEqual([]);
    // The client's own people may get one: the owner approves there as in the dashboard.
    expect((await send(manager, 'POST', '/api/review-links', { draftIds: [id], email: 'owner@links.test' })).statusCode).toBe(201);
  });

  it('decisions: the same moves as a signed-in approver, the comment under the reviewer’s name, the managers mailed, the events sent', async () => {
    const [first, second, notInLink] = [await draft('Approve this'), await draft('Change this'), await draft('Not in the link')];
    const elsewhere = (await otherClient.post('/api/drafts', { type: 'post', text: 'Another client' })).json().id as string;
    const { token } = await mailLink([first, second]);

    const approvedDraft = await decide(token, first);
    expect(approvedDraft.statusCode, approvedDraft.body).toBe(200);
    expect(approvedDraft.json()).toMatchObject({ id: first, reviewState: 'approved', comments: [] });
    expect((await decide(token, first)).json().error).toBe('This draft is already approved.');

    const noComment = await decide(token, second, 'request_changes');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error).toMatch(/say what should change/);
    const changed = await decide(token, second, 'request_changes', 'Shorter, please');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      reviewState: 'changes_requested',
      comments: [{ authorName: 'Rita Reviewer', authorKind: 'reviewer', text: 'Shorter, please' }],
    });

    for (const id of [notInLink, elsewhere]) {
      const before = await reviewState(id);
      const refused = await decide(token, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('Draft not found');
      expect(await reviewState(id)).toBe(before);
    }

    expect(
      mailsTo(MANAGER, 'Draft approved').some((mail) => mail.text.includes('Rita Reviewer (through a review link) approved a draft')),
    ).toBe(true);
    expect(mailsTo(MANAGER, 'Changes requested').some((mail) => mail.text.includes('Shorter, please'))).toBe(true);
    expect((await events('draft.approved')).filter((event) => event.data.draft?.id === first)).toHaveLength(1);
    expect((await events('draft.changes_requested')).filter((event) => event.data.draft?.id === second)).toHaveLength(1);
    expect((await events('comment.added')).filter((event) => event.data.draftId === second)).toHaveLength(1);
    // The staff in the dashboard see the reviewer's comment as the reviewer's.
    const thread = (await send(manager, 'GET', `/api/drafts/${second}/comments`)).json();
    expect(thread).toEqual([expect.objectContaining({ authorName: 'Rita Reviewer', authorKind: 'reviewer' })]);
  });

  it('unknown tokens 404; expired and revoked links 410 for the page and for decisions, and nothing changes', async () => {
    const id = await draft('Waiting for a decision');
    const expired = await mailLink([id]);
    await t.db
      .updateTable('reviewLink')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.link.id)
      .execute();
    const revoked = await mailLink([id]);
    const revoke = await send(manager, 'POST', `/api/review-links/${revoked.link.id}/revoke`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({ id: revoked.link.id, status: 'revoked', revokedAt: expect.any(String) });

    for (const [{ token }, words] of [
      [expired, 'This review link has expired. Ask the Hookline team for a new one.'],
      [revoked, 'This review link was withdrawn. Ask the Hookline team for a new one.'],
    ] as const) {
      for (const response of [await lookup(token), await decide(token, id)]) {
        expect(response.statusCode).toBe(410);
        expect(response.json().error).toBe(words);
      }
    }
    expect(await reviewState(id)).toBe('in_review');
    const unknown = await lookup(crypto.randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/not valid/);
    expect((await lookup('')).statusCode).toBe(400);

    // Revoking is staff's, for their workspace's links; the timeline says who did it.
    expect(await clientTimeline(t.db, workspaceId)).toContainEqual({ text: `Review link revoked: ${revoked.link.email}`, who: MANAGER });
    const otherWorkspace = (await otherClient.get('/api/workspace')).json().id as string;
    const admin = await signUpAs(t, 'admin2@links.test', 'admin');
    const foreign = await sendInWorkspace(t, otherWorkspace, admin, 'POST', `/api/review-links/${expired.link.id}/revoke`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Review link not found');
  });
});

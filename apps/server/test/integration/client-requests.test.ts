import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_ATTACHMENTS, type TClientRequestDetail, type TRequestAttachment } from '@hookline/shared';
import {
  createAdminTestApp,
  nextMillisecond,
  signUpAs,
  within,
  type AdminTestApp,
  type ApiCaller,
  type HttpMethod,
} from '../support/admin.ts';
import { startSmtpServer, type FakeSmtpServer } from '../support/mail.ts';
import { expectServedFile } from '../support/served-file.ts';
import { TEST_BASE_URL } from '../support/test-app.ts';
import { clientTimeline, sendInWorkspace, testPng } from '../support/workspace-caller.ts';

const MEDIA_MAX_BYTES = 200 * 1024;
/** The smallest file a PDF reader (and a type sniffer) takes for one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('requests both ways: the client opens and follows them, staff reply and make drafts from them', () => {
  let a: AdminTestApp;
  let smtp: FakeSmtpServer;
  /** A client with a workspace, its manager (assigned), and another client and manager who are not. */
  let ana: ApiCaller;
  let bo: ApiCaller;
  let otherManager: ApiCaller;
  let anaWorkspace: string;

  /** A call as the dashboard sends it, naming a workspace in the header (unless null), with a JSON or multipart body. */
  const send = (caller: ApiCaller, method: HttpMethod, url: string, body?: unknown, workspace: string | null = null) =>
    sendInWorkspace(a.t, workspace, caller, method, url, body);
  const open = async (caller: ApiCaller, body: object = { type: 'support', subject: 'Help please', description: 'Details' }) => {
    const response = await caller.post('/api/requests', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; subject: string; createdAt: string };
  };
  const attach = (caller: ApiCaller, requestId: string, file: Buffer, filename: string, workspace: string | null = null) =>
    send(
      caller,
      'POST',
      `/api/requests/${requestId}/attachments`,
      { multipart: [{ name: 'file', file, filename, type: 'application/octet-stream' }] },
      workspace,
    );
  const detail = async (caller: ApiCaller, id: string): Promise<TClientRequestDetail> => {
    const response = await caller.get(`/api/requests/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const anaTimeline = () => clientTimeline(a.t.db, anaWorkspace);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    a = await createAdminTestApp({
      SMTP_URL: smtp.url,
      MEDIA_MAX_BYTES: String(MEDIA_MAX_BYTES),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RUN_JOBS: 'false',
    });
    ana = await signUpAs(a.t, 'Ana@Client-A.test');
    bo = await signUpAs(a.t, 'bo@client-b.test');
    otherManager = await signUpAs(a.t, 'other.manager@hookline.test', 'manager');
    anaWorkspace = (await ana.get('/api/workspace')).json().id;
    expect((await bo.get('/api/workspace')).statusCode).toBe(200);
    const assigned = await a.founder.post(`/api/admin/clients/${anaWorkspace}/manager`, { email: a.manager.email });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Events are queued (not sent: jobs do not run here), so what each one says can be read.
    const settings = await a.founder.put('/api/admin/settings', {
      supportEmail: 'help@hookline.test',
      webhookUrl: 'http://127.0.0.1:9/hook',
      brandHue: 212,
      allowSelfSignup: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await a?.t.close();
    await smtp?.close();
  });

  const webhookEvents = async (type: string) =>
    (await a.t.db.selectFrom('job').select('payload').where('type', '=', 'webhook.deliver').execute())
      .map((row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> })
      .filter((event) => event.type === type);

  describe('the client opens a request', () => {
    it('POST /api/requests: 201, open, the caller (lower-cased) as requester; listed newest first; in the admin inbox with its type', async () => {
      const first = await open(ana, { type: 'support', subject: '  Cannot connect TikTok ', description: ' It says expired ' });
      await nextMillisecond();
      const response = await ana.post('/api/requests', { type: 'content_brief', subject: 'Spring menu', description: 'Three posts' });
      expect(response.statusCode).toBe(201);
      const brief = response.json();
      expect(brief).toEqual({
        id: expect.any(String),
        type: 'content_brief',
        subject: 'Spring menu',
        description: 'Three posts',
        status: 'open',
        createdAt: expect.any(String),
        updatedAt: brief.createdAt,
      });
      expect(first).toMatchObject({ subject: 'Cannot connect TikTok', description: 'It says expired' });

      const list = await ana.get('/api/requests');
      expect(list.statusCode).toBe(200);
      expect(list.json().requests.slice(0, 2)).toEqual([brief, first]);

      const inbox = (await a.admin.get('/api/admin/requests?type=content_brief&pageSize=50')).json();
      expect(inbox.rows).toContainEqual({
        id: brief.id,
        type: 'content_brief',
        subject: 'Spring menu',
        requester: 'ana@client-a.test',
        status: 'open',
        createdAt: brief.createdAt,
        clientId: anaWorkspace,
      });
      // Opened by the client, not by staff: nothing goes on the client's timeline under anyone's email.
      expect((await anaTimeline()).filter((entry) => entry.text.includes('Spring menu'))).toEqual([]);
    });

    it('"Request opened" is on the request for the client and for staff; request.created is emitted as for staff-made requests', async () => {
      const request = await open(ana, { type: 'support', subject: 'Webhook me' });
      expect((await detail(ana, request.id)).timeline).toEqual([
        {
          id: expect.any(String),
          text: 'Request opened',
          who: 'ana@client-a.test',
          ts: request.createdAt,
          forClient: true,
          fromTeam: false,
        },
      ]);
      expect((await a.admin.get(`/api/admin/requests/${request.id}/timeline`)).json()).toEqual([
        expect.objectContaining({ text: 'Request opened', forClient: true }),
      ]);
      const created = (await webhookEvents('request.created')).find((event) => (event.data.request as { id: string }).id === request.id);
      expect(created?.data.request).toEqual({
        id: request.id,
        type: 'support',
        subject: 'Webhook me',
        requester: 'ana@client-a.test',
        status: 'open',
        createdAt: request.createdAt,
        clientId: anaWorkspace,
      });
    });

    it('description is optional (stored as empty)', async () => {
      const request = await open(ana, { type: 'support', subject: 'Just a subject' });
      expect((await detail(ana, request.id)).request.description).toBe('');
    });

    it.each([
      ['an onboarding request (those come from the questionnaire)', { type: 'onboarding', subject: 'S' }, 'type'],
      ['an unknown type', { type: 'billing', subject: 'S' }, 'type'],
      ['no subject', { type: 'support' }, 'subject'],
      ['an empty subject', { type: 'support', subject: '   ' }, 'subject'],
      ['a subject of 201 characters', { type: 'support', subject: 'x'.repeat(201) }, 'subject'],
      ['a description of 10001 characters', { type: 'support', subject: 'S', description: 'x'.repeat(10_001) }, 'description'],
    ])('POST with %s: 400 naming the field, nothing opened', async (_case, body, field) => {
      const before = (await ana.get('/api/requests')).json().requests.length;
      const response = await ana.post('/api/requests', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining(field) });
      expect((await ana.get('/api/requests')).json().requests).toHaveLength(before);
    });

    it("lists the workspace's requests of every kind: the onboarding and support requests staff opened for its owner too", async () => {
      const staffMade = await a.admin.post('/api/admin/requests', {
        type: 'support',
        subject: 'Opened by staff',
        requester: 'ana@client-a.test',
      });
      expect(staffMade.statusCode).toBe(201);
      const elsewhere = await a.admin.post('/api/admin/requests', {
        type: 'support',
        subject: 'Someone else',
        requester: 'x@nowhere.test',
      });
      const subjects = (await ana.get('/api/requests')).json().requests.map((r: { subject: string }) => r.subject);
      expect(subjects).toContain('Opened by staff');
      expect(subjects).not.toContain('Someone else');
      expect((await ana.get(`/api/requests/${elsewhere.json().id}`)).statusCode).toBe(404);
    });

    it('another client sees none of them: not in their list, 404 for the ids (read, attach, open a file)', async () => {
      const request = await open(ana, { type: 'support', subject: 'Private matter' });
      const file = await attach(ana, request.id, await testPng(), 'pic.png');
      expect(file.statusCode, file.body).toBe(201);
      const subjects = (await bo.get('/api/requests')).json().requests.map((r: { subject: string }) => r.subject);
      expect(subjects).not.toContain('Private matter');
      for (const response of [
        await bo.get(`/api/requests/${request.id}`),
        await attach(bo, request.id, await testPng(), 'mine.png'),
        await bo.get(file.json().url),
        await send(bo, 'GET', `/api/requests/${request.id}`, undefined, anaWorkspace),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
      }
      expect((await detail(ana, request.id)).attachments).toHaveLength(1);
      expect((await ana.get('/api/requests/no-such-id')).json()).toEqual({ error: 'Request not found' });
    });

    it("the owner's teammates (editor, approver) list, open and read the workspace's requests there, each the requester of their own", async () => {
      const ownerRequest = await open(ana, { type: 'support', subject: 'Owner asks' });
      for (const role of ['editor', 'approver'] as const) {
        const teammate = await signUpAs(a.t, `${role}@client-a.test`);
        await a.t.db
          .insertInto('workspaceMember')
          .values({ workspaceId: anaWorkspace, userId: teammate.userId, role, createdAt: new Date().toISOString() })
          .execute();
        // A teammate names the workspace in the header, as the dashboard does once they chose it.
        const opened = await send(
          teammate,
          'POST',
          '/api/requests',
          { type: 'content_brief', subject: `Brief from the ${role}` },
          anaWorkspace,
        );
        expect(opened.statusCode, opened.body).toBe(201);
        const mine = opened.json();
        expect((await a.admin.get(`/api/admin/requests/${mine.id}`)).json()).toMatchObject({
          requester: teammate.email,
          clientId: anaWorkspace,
        });
        const listed = (await send(teammate, 'GET', '/api/requests', undefined, anaWorkspace)).json();
        expect(listed.requests.map((r: { subject: string }) => r.subject)).toEqual(
          expect.arrayContaining(['Owner asks', `Brief from the ${role}`]),
        );
        const read = await send(teammate, 'GET', `/api/requests/${ownerRequest.id}`, undefined, anaWorkspace);
        expect(read.json().request.subject).toBe('Owner asks');
        expect((await detail(ana, mine.id)).timeline[0]).toMatchObject({ who: teammate.email, fromTeam: false });
        // Nothing staff-like about a teammate: no line on the client's timeline.
        expect((await anaTimeline()).filter((entry) => entry.who === teammate.email)).toEqual([]);
      }
    });

    it('nobody signed in: 401 everywhere', async () => {
      const request = await open(ana);
      for (const [method, url] of [
        ['GET', '/api/requests'],
        ['POST', '/api/requests'],
        ['GET', `/api/requests/${request.id}`],
        ['POST', `/api/requests/${request.id}/attachments`],
        ['GET', `/api/requests/${request.id}/attachments/x`],
      ] as const) {
        expect((await a.anonymous.request(method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe("staff in the client's workspace (the workspace header)", () => {
    it("an assigned manager lists, reads and opens requests there; their opening is on the client's timeline under their email", async () => {
      const request = await open(ana, { type: 'support', subject: 'Seen by the manager' });
      const list = await send(a.manager, 'GET', '/api/requests', undefined, anaWorkspace);
      expect(list.statusCode).toBe(200);
      expect(list.json().requests.map((r: { id: string }) => r.id)).toContain(request.id);
      expect((await send(a.manager, 'GET', `/api/requests/${request.id}`, undefined, anaWorkspace)).statusCode).toBe(200);

      const opened = await send(
        a.manager,
        'POST',
        '/api/requests',
        { type: 'content_brief', subject: 'Brief from the call' },
        anaWorkspace,
      );
      expect(opened.statusCode, opened.body).toBe(201);
      expect(await anaTimeline()).toContainEqual({ text: 'Request opened: Brief from the call', who: a.manager.email });
      expect((await ana.get('/api/requests')).json().requests[0]).toMatchObject({ subject: 'Brief from the call' });
    });

    it('an unassigned manager naming the workspace: 403; staff without the header have no workspace: 403', async () => {
      const request = await open(ana);
      expect((await send(otherManager, 'GET', '/api/requests', undefined, anaWorkspace)).statusCode).toBe(403);
      expect((await send(otherManager, 'GET', `/api/requests/${request.id}`, undefined, anaWorkspace)).statusCode).toBe(403);
      expect((await send(otherManager, 'POST', '/api/requests', { type: 'support', subject: 'No' }, anaWorkspace)).statusCode).toBe(403);
      expect((await a.admin.get('/api/requests')).statusCode).toBe(403);
    });
  });

  describe('attachments', () => {
    it('stores a picture and a PDF by the bytes, lists them, and serves each with its own type, inline or as a download', async () => {
      const request = await open(ana, { type: 'content_brief', subject: 'Brief with files' });
      const picture = await testPng();
      const image = await attach(ana, request.id, picture, 'mood board.png');
      expect(image.statusCode, image.body).toBe(201);
      const stored: TRequestAttachment = image.json();
      expect(stored).toEqual({
        id: expect.any(String),
        name: 'mood board.png',
        contentType: 'image/png',
        size: picture.length,
        url: `/api/requests/${request.id}/attachments/${stored.id}`,
        createdAt: expect.any(String),
      });
      // A PDF called .png is stored as the PDF it is.
      const pdf = await attach(ana, request.id, PDF, 'menu.png');
      expect(pdf.statusCode, pdf.body).toBe(201);
      expect(pdf.json()).toMatchObject({ name: 'menu.png', contentType: 'application/pdf', size: PDF.length });

      expectServedFile(await ana.get(stored.url), {
        type: 'image/png',
        bytes: picture,
        disposition: /^inline; filename="\d+-mood-board\.png"$/,
      });

      const download = await ana.get(pdf.json().url);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="\d+-menu\.pdf"$/);
      expect(download.rawPayload.equals(PDF)).toBe(true);

      expect((await detail(ana, request.id)).attachments).toEqual([stored, pdf.json()]);
      expect((await a.admin.get(`/api/admin/requests/${request.id}/work`)).json().attachments).toEqual([stored, pdf.json()]);
      // Never from the public file route.
      const row = await a.t.db.selectFrom('requestAttachment').select('fileKey').where('id', '=', stored.id).executeTakeFirstOrThrow();
      expect(row.fileKey).toMatch(new RegExp(`^requests/${anaWorkspace}/${request.id}/`));
      expect((await a.t.app.inject({ url: `/api/files/${row.fileKey}` })).statusCode).toBe(404);
    });

    it('staff in scope open a file without the header (admin, founder, the assigned manager); an unassigned manager gets 404', async () => {
      const request = await open(ana);
      const file = (await attach(ana, request.id, await testPng(), 'a.png')).json() as TRequestAttachment;
      for (const caller of [a.admin, a.founder, a.manager]) expect((await caller.get(file.url)).statusCode, caller.email).toBe(200);
      expect((await otherManager.get(file.url)).statusCode).toBe(404);
      expect((await ana.get(`/api/requests/${request.id}/attachments/no-such-file`)).statusCode).toBe(404);
      // The file of one request is not found under another.
      const other = await open(ana);
      expect((await ana.get(`/api/requests/${other.id}/attachments/${file.id}`)).statusCode).toBe(404);
    });

    it("staff attaching in the client's workspace is on the client's timeline; an unassigned manager may not (403)", async () => {
      const request = await open(ana);
      const added = await attach(a.admin, request.id, await testPng(), 'from staff.png', anaWorkspace);
      expect(added.statusCode, added.body).toBe(201);
      expect(await anaTimeline()).toContainEqual({ text: 'File attached to a request: from staff.png', who: a.admin.email });
      expect((await attach(otherManager, request.id, await testPng(), 'x.png', anaWorkspace)).statusCode).toBe(403);
    });

    it('refuses what is not a supported file (415), a file over MEDIA_MAX_BYTES (413), no file (400), and stores nothing', async () => {
      const request = await open(ana);
      const text = await attach(ana, request.id, Buffer.from('<html><script>alert(1)</script></html>'), 'page.png');
      expect(text.statusCode).toBe(415);
      expect(text.json().error).toMatch(/^Attach an image/);
      const big = await attach(ana, request.id, Buffer.concat([await testPng(), Buffer.alloc(MEDIA_MAX_BYTES, 1)]), 'big.png');
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: 'Attachments must be 200 KB or smaller.' });
      const empty = await send(ana, 'POST', `/api/requests/${request.id}/attachments`, {
        multipart: [{ name: 'note', value: 'no file' }],
      });
      expect(empty.statusCode).toBe(400);
      const json = await ana.post(`/api/requests/${request.id}/attachments`, { file: 'x' });
      expect(json.statusCode).toBe(415);
      expect((await detail(ana, request.id)).attachments).toEqual([]);
      expect(await a.t.db.selectFrom('requestAttachment').select('id').where('requestId', '=', request.id).execute()).toEqual([]);
    });

    it(`holds at most ${MAX_REQUEST_ATTACHMENTS} files: the next is 409`, async () => {
      const request = await open(ana);
      for (let i = 0; i < MAX_REQUEST_ATTACHMENTS; i++) {
        expect((await attach(ana, request.id, await testPng(`#00${i}0${i}0`), `p${i}.png`)).statusCode).toBe(201);
      }
      const eleventh = await attach(ana, request.id, await testPng(), 'one-too-many.png');
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json()).toEqual({ error: `A request holds at most ${MAX_REQUEST_ATTACHMENTS} files.` });
      expect((await detail(ana, request.id)).attachments).toHaveLength(MAX_REQUEST_ATTACHMENTS);
    });

    it('files sent at once for the last place: one is kept, the others are 409', async () => {
      const request = await open(ana);
      for (let i = 0; i < MAX_REQUEST_ATTACHMENTS - 1; i++) {
        expect((await attach(ana, request.id, await testPng(`#${i}0${i}0${i}0`), `q${i}.png`)).statusCode).toBe(201);
      }
      const pictures = await Promise.all(['#c00', '#0c0', '#00c', '#cc0', '#0cc', '#c0c'].map((colour) => testPng(colour)));
      const answers = await Promise.all(pictures.map((picture, i) => attach(ana, request.id, picture, `last-${i}.png`)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await detail(ana, request.id)).attachments).toHaveLength(MAX_REQUEST_ATTACHMENTS);
    });
  });

  describe('staff reply, the client sees replies and status changes, never internal notes', () => {
    it('a reply: 201 with the entry seen by the client; mailed to the requester with a link to the request', async () => {
      const request = await open(ana, { type: 'support', subject: 'Where is my report?' });
      const response = await a.admin.post(`/api/admin/requests/${request.id}/replies`, { text: '  It is on its way.\nBy Friday. ' });
      expect(response.statusCode, response.body).toBe(201);
      const entry = response.json();
      expect(entry).toEqual({
        id: expect.any(String),
        text: 'It is on its way.\nBy Friday.',
        who: a.admin.email,
        ts: expect.any(String),
        forClient: true,
      });

      const mail = await within(10_000, 'the reply mail', smtp.waitForMail('ana@client-a.test'));
      expect(mail.subject).toBe('Reply to your request: Where is my report?');
      expect(mail.text.replaceAll('\r\n', '\n')).toContain('It is on its way.\nBy Friday.');
      expect(mail.text).toContain(`${TEST_BASE_URL}/dashboard/requests?request=${request.id}`);

      expect((await a.admin.get(`/api/admin/requests/${request.id}/timeline`)).json()[0]).toEqual(entry);
      const event = (await webhookEvents('request.note_added')).find((e) => e.data.requestId === request.id);
      expect(event?.data).toEqual({ requestId: request.id, note: entry });
    });

    it('GET /api/requests/:id holds replies and status changes (from the team), never internal notes', async () => {
      const request = await open(ana, { type: 'support', subject: 'Mixed timeline' });
      await nextMillisecond();
      const note = await a.admin.post(`/api/admin/requests/${request.id}/notes`, { note: 'Internal: client is on the old plan' });
      expect(note.json().forClient).toBe(false);
      await nextMillisecond();
      expect((await a.manager.patch(`/api/admin/requests/${request.id}`, { status: 'in_progress' })).statusCode).toBe(200);
      await nextMillisecond();
      expect((await a.manager.post(`/api/admin/requests/${request.id}/replies`, { text: 'On it' })).statusCode).toBe(201);
      await smtp.waitForMail('ana@client-a.test');

      const seen = (await detail(ana, request.id)).timeline;
      expect(seen.map(({ text, who, fromTeam, forClient }) => ({ text, who, fromTeam, forClient }))).toEqual([
        { text: 'On it', who: a.manager.email, fromTeam: true, forClient: true },
        { text: 'Status set to in progress', who: a.manager.email, fromTeam: true, forClient: true },
        { text: 'Request opened', who: 'ana@client-a.test', fromTeam: false, forClient: true },
      ]);
      expect(JSON.stringify(await detail(ana, request.id))).not.toContain('Internal:');
      // Staff see all four, each marked.
      const staffView = (await a.admin.get(`/api/admin/requests/${request.id}/timeline`)).json();
      expect(staffView.map((e: { forClient: boolean }) => e.forClient)).toEqual([true, true, false, true]);
      expect((await ana.get('/api/requests')).json().requests.find((r: { id: string }) => r.id === request.id).status).toBe('in_progress');
    });

    it('a reply to a request of no client is mailed without a dashboard link', async () => {
      const created = await a.admin.post('/api/admin/requests', {
        type: 'support',
        subject: 'From the website',
        requester: 'visitor@web.test',
      });
      const id = created.json().id;
      expect((await a.admin.post(`/api/admin/requests/${id}/replies`, { text: 'Thanks for writing' })).statusCode).toBe(201);
      const mail = await within(10_000, 'the reply mail', smtp.waitForMail('visitor@web.test'));
      expect(mail.text).toContain('Thanks for writing');
      expect(mail.text).not.toContain('/dashboard/requests');
    });

    it.each([
      ['empty', { text: '' }],
      ['whitespace only', { text: ' \n ' }],
      ['missing', {}],
      ['too long', { text: 'x'.repeat(4001) }],
    ])('a reply %s: 400 naming text, nothing added', async (_case, body) => {
      const request = await open(ana);
      const response = await a.admin.post(`/api/admin/requests/${request.id}/replies`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining('text') });
      expect((await detail(ana, request.id)).timeline).toHaveLength(1);
    });

    it('replies, work and drafts: 404 for an unknown request and for an unassigned manager; 403 for a client; 401 for nobody', async () => {
      const request = await open(ana);
      const calls = (id: string) =>
        [
          ['POST', `/api/admin/requests/${id}/replies`, { text: 'Hi' }],
          ['GET', `/api/admin/requests/${id}/work`, undefined],
          ['POST', `/api/admin/requests/${id}/drafts`, { type: 'post' }],
        ] as const;
      for (const [method, url, body] of calls('no-such-id')) {
        const response = await a.admin.request(method, url, body);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ error: 'Request not found' });
      }
      for (const [method, url, body] of calls(request.id)) {
        expect((await otherManager.request(method, url, body)).statusCode, url).toBe(404);
        expect((await ana.request(method, url, body)).statusCode, url).toBe(403);
        expect((await a.anonymous.request(method, url, body)).statusCode, url).toBe(401);
      }
      expect((await detail(ana, request.id)).timeline).toHaveLength(1);
      expect((await detail(ana, request.id)).drafts).toEqual([]);
    });
  });

  describe('drafts made from a request', () => {
    it("a draft in the request's workspace that names the request, said on the request and the client's timeline", async () => {
      const request = await open(ana, { type: 'content_brief', subject: 'Spring posts', description: 'Menu launch' });
      const response = await a.manager.post(`/api/admin/requests/${request.id}/drafts`, {
        channel: 'linkedin',
        type: 'post',
        text: 'Spring is here and so is our new menu',
      });
      expect(response.statusCode, response.body).toBe(201);
      const draft = response.json();
      expect(draft).toMatchObject({
        channel: 'linkedin',
        type: 'post',
        text: 'Spring is here and so is our new menu',
        status: 'draft',
        reviewState: null,
        requestId: request.id,
      });
      // The client has it among their drafts.
      expect((await ana.get('/api/drafts')).json().map((d: { id: string }) => d.id)).toContain(draft.id);

      const listed = {
        id: draft.id,
        channel: 'linkedin',
        type: 'post',
        excerpt: 'Spring is here and so is our new menu',
        status: 'draft',
        reviewState: null,
        scheduledAt: null,
        updatedAt: draft.updatedAt,
      };
      expect((await detail(ana, request.id)).drafts).toEqual([listed]);
      expect((await a.manager.get(`/api/admin/requests/${request.id}/work`)).json()).toEqual({
        description: 'Menu launch',
        attachments: [],
        drafts: [listed],
      });
      expect((await detail(ana, request.id)).timeline[0]).toMatchObject({
        text: 'Draft created: Spring is here and so is our new menu',
        who: a.manager.email,
        fromTeam: true,
      });
      expect(await anaTimeline()).toContainEqual({
        text: 'Draft created from request "Spring posts": Spring is here and so is our new menu',
        who: a.manager.email,
      });
    });

    it('lists each draft with its review state as it changes, newest first', async () => {
      const request = await open(ana, { type: 'content_brief', subject: 'Two drafts' });
      const first = (await a.admin.post(`/api/admin/requests/${request.id}/drafts`, { type: 'reel' })).json();
      await nextMillisecond();
      const second = (
        await a.admin.post(`/api/admin/requests/${request.id}/drafts`, { type: 'thread', channel: 'twitter', text: 'x' })
      ).json();
      expect(first).toMatchObject({ channel: 'instagram', text: '' });
      await a.t.db.updateTable('draft').set({ reviewState: 'changes_requested' }).where('id', '=', first.id).execute();
      const drafts = (await detail(ana, request.id)).drafts;
      expect(drafts.map((d) => [d.id, d.reviewState])).toEqual([
        [second.id, null],
        [first.id, 'changes_requested'],
      ]);
    });

    it('a request of no client: 409 saying why; a bad body: 400 naming the field', async () => {
      const created = await a.admin.post('/api/admin/requests', { type: 'support', subject: 'Nobody', requester: 'nobody@web.test' });
      const response = await a.admin.post(`/api/admin/requests/${created.json().id}/drafts`, { type: 'post' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatch(/belongs to no client workspace/);

      const request = await open(ana);
      for (const [body, field] of [
        [{ type: 'story' }, 'type'],
        [{}, 'type'],
        [{ type: 'post', channel: 'myspace' }, 'channel'],
        [{ type: 'post', text: 'x'.repeat(10_001) }, 'text'],
      ] as const) {
        const bad = await a.admin.post(`/api/admin/requests/${request.id}/drafts`, body);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ error: expect.stringContaining(field) });
      }
      expect((await detail(ana, request.id)).drafts).toEqual([]);
    });
  });

  describe('who a reply is mailed to', () => {
    /** The next mail to the address with this subject (earlier replies to the same address may still be unread). */
    const replyMailTo = async (to: string, subject: string) => {
      for (;;) {
        const mail = await smtp.waitForMail(to);
        if (mail.subject === `Reply to your request: ${subject}`) return mail;
      }
    };

    it('a request whose requester left the team: its replies are mailed to the owner, saying who opened it', async () => {
      const teammate = await signUpAs(a.t, 'leaving@client-a.test');
      await a.t.db
        .insertInto('workspaceMember')
        .values({ workspaceId: anaWorkspace, userId: teammate.userId, role: 'editor', createdAt: new Date().toISOString() })
        .execute();
      const subject = 'Brief from a teammate who leaves';
      const opened = await send(teammate, 'POST', '/api/requests', { type: 'content_brief', subject }, anaWorkspace);
      expect(opened.statusCode, opened.body).toBe(201);
      const id = opened.json().id as string;

      // On the team, the requester is told.
      expect((await a.manager.post(`/api/admin/requests/${id}/replies`, { text: 'First answer' })).statusCode).toBe(201);
      const toTeammate = await within(10_000, 'the reply to the teammate', replyMailTo(teammate.email, subject));
      expect(toTeammate.text).toContain('First answer');
      expect(toTeammate.text).not.toContain('opened by');

      expect((await send(ana, 'DELETE', `/api/workspace/members/${teammate.userId}`, undefined, anaWorkspace)).statusCode).toBe(204);
      expect((await a.manager.post(`/api/admin/requests/${id}/replies`, { text: 'Second answer' })).statusCode).toBe(201);
      const toOwner = await within(10_000, 'the reply to the owner', replyMailTo('ana@client-a.test', subject));
      expect(toOwner.text).toContain('Second answer');
      expect(toOwner.text).toContain(`This request was opened by ${teammate.email}.`);
      expect(toOwner.text).toContain(`${TEST_BASE_URL}/dashboard/requests?request=${id}`);
      expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(teammate.email))).toHaveLength(1);
    });
  });
});

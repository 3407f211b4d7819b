import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import {
  EMPTY_ONBOARDING_DATA,
  type TOnboardingSubmission,
  type TRequest,
  type TRequestDraft,
  type TRequestWork,
  type TTimelineEntry,
} from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import RequestDetailPage from './request-detail-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const REQUEST: TRequest = {
  id: 'r1',
  type: 'support',
  subject: 'Cannot connect Instagram',
  requester: 'nia@x.test',
  status: 'open',
  createdAt: '2025-03-01T10:00:00Z',
  clientId: null,
};

const renderDetail = (id = 'r1') =>
  renderPage(
    <Routes>
      <Route path="/admin/requests/:id" element={<RequestDetailPage />} />
    </Routes>,
    `/admin/requests/${id}`,
  );

describe('Request detail', () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows 'Request not found' with a way back", async () => {
    stubFetch(() => json({ error: 'Request not found' }, 404));
    renderDetail('nope');
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Requests' })).toHaveAttribute('href', '/admin/requests');
  });

  it('sets the status and says so with the underscore as a space', async () => {
    let current = REQUEST;
    const fetchMock = stubFetch((path, init) => {
      if (path === '/api/admin/requests/r1' && init?.method === 'PATCH') current = { ...current, ...JSON.parse(String(init.body)) };
      if (path === '/api/admin/requests/r1') return json(current);
      return json([]);
    });
    renderDetail();
    const group = await screen.findByRole('group', { name: 'Request status' });
    expect(within(group).getByRole('button', { name: 'open' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'in progress' }));
    await waitFor(() => expect(within(group).getByRole('button', { name: 'in progress' })).toHaveAttribute('aria-pressed', 'true'));
    expect(toast.success).toHaveBeenCalledWith('Request updated', { description: 'Status set to in progress' });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'in_progress' });
  });

  it("keeps a note on screen as 'you' when the API is not available", async () => {
    stubFetch((path, init) => {
      if (path.endsWith('/notes') && init?.method === 'POST') return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/admin/requests/r1') return json(REQUEST);
      if (path.endsWith('/timeline')) return json({ error: 'down' }, 500);
      return json({ error: 'x' }, 404);
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'Cannot connect Instagram' });
    const note = screen.getByPlaceholderText('Add internal note…');
    await userEvent.type(note, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(toast.warning).not.toHaveBeenCalled();
    await userEvent.type(note, 'Called the client');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('Saved locally', { description: 'API not available' }));
    const activity = screen.getByRole('list', { name: 'Activity' });
    expect(within(activity).getByText('Called the client')).toBeInTheDocument();
    expect(within(activity).getByText(/^you ·/)).toBeInTheDocument();
    expect(note).toHaveValue('');
  });

  it('shows kept questionnaire answers beside the record, marks what changed, and applies them once', async () => {
    const onboarding: TRequest = { ...REQUEST, type: 'onboarding', subject: 'Onboarding answers to review: Nia Co', clientId: 'c1' };
    const record = { ...EMPTY_ONBOARDING_DATA, name: 'Nia', email: 'nia@x.test', brand: 'Nia Co', goals: 'Grow', cadence: 'Weekly' };
    let submission: TOnboardingSubmission = {
      id: 's1',
      createdAt: '2025-03-02T09:00:00Z',
      clientId: 'c1',
      data: { ...record, goals: 'Grow on TikTok', channels: ['TikTok'] },
      current: record,
      appliedAt: null,
      appliedBy: null,
    };
    stubFetch((path, init) => {
      if (path === '/api/admin/requests/r1') return json(onboarding);
      if (path === '/api/admin/requests/r1/submission/apply' && init?.method === 'POST') {
        submission = { ...submission, current: submission.data, appliedAt: '2025-03-03T09:00:00Z', appliedBy: 'max@hookline.test' };
        return json(submission);
      }
      if (path === '/api/admin/requests/r1/submission') return json({ submission });
      return json([]);
    });
    renderDetail();
    const table = await screen.findByRole('table', { name: /Submitted answers beside/ });
    const goals = within(table).getByRole('row', { name: /Goals/ });
    expect(within(goals).getByText('changed')).toBeInTheDocument();
    expect(within(goals).getByText('Grow')).toBeInTheDocument();
    expect(within(goals).getByText('Grow on TikTok')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Brand/ })).queryByText('changed')).toBeNull();
    expect(screen.getByText(/2 values differ from the record/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Apply to record' }));
    expect(await screen.findByText(/Applied .* by max@hookline\.test/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply to record' })).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Answers applied', { description: "They are now the client's onboarding record." });
  });

  it('does not ask for kept answers on a support request', async () => {
    const fetchMock = stubFetch((path) => (path === '/api/admin/requests/r1' ? json(REQUEST) : json([])));
    renderDetail();
    await screen.findByRole('heading', { name: 'Cannot connect Instagram' });
    expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith('/submission'))).toBe(false);
  });

  describe('work with the client', () => {
    const BRIEF: TRequest = { ...REQUEST, type: 'content_brief', subject: 'Spring menu', clientId: 'c1' };
    const OPENED: TTimelineEntry = { id: 't1', text: 'Request opened', who: 'nia@x.test', ts: '2025-03-01T10:00:00Z', forClient: true };
    const NOTE: TTimelineEntry = {
      id: 't2',
      text: 'Client is on the old plan',
      who: 'max@hookline.test',
      ts: '2025-03-01T11:00:00Z',
      forClient: false,
    };

    /** A fake API of one request of client c1: its work and timeline change as staff act. */
    function serveBrief(request: TRequest = BRIEF) {
      const timeline: TTimelineEntry[] = [NOTE, OPENED];
      const work: TRequestWork = {
        description: 'Three posts\nabout the menu',
        attachments: [
          {
            id: 'a1',
            name: 'menu.pdf',
            contentType: 'application/pdf',
            size: 3072,
            url: '/api/requests/r1/attachments/a1',
            createdAt: OPENED.ts,
          },
        ],
        drafts: [],
      };
      const fetchMock = stubFetch((path, init) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (path === '/api/admin/requests/r1') return json(request);
        if (path === '/api/admin/requests/r1/timeline') return json(timeline);
        if (path === '/api/admin/requests/r1/work') return json(work);
        if (path === '/api/admin/requests/r1/replies' && method === 'POST') {
          const entry = { id: 't3', text: body.text, who: 'me@hookline.test', ts: '2025-03-02T10:00:00Z', forClient: true };
          timeline.unshift(entry);
          return json(entry, 201);
        }
        if (path === '/api/admin/requests/r1/drafts' && method === 'POST') {
          const draft: TRequestDraft = {
            id: 'd1',
            channel: body.channel,
            type: body.type,
            excerpt: body.text,
            status: 'draft',
            reviewState: null,
            scheduledAt: null,
            updatedAt: '2025-03-02T10:00:00Z',
          };
          work.drafts.unshift(draft);
          return json({ ...draft, text: body.text, publishedAt: null, media: null, requestId: 'r1', createdAt: draft.updatedAt }, 201);
        }
        return json({ error: 'Not found' }, 404);
      });
      return { fetchMock, work };
    }
    const postBody = (fetchMock: ReturnType<typeof stubFetch>, suffix: string) =>
      JSON.parse(String(fetchMock.mock.calls.find(([path, init]) => String(path).endsWith(suffix) && init?.method === 'POST')?.[1]?.body));

    it("shows what the client wrote and attached, and marks the entries the client sees 'Seen by client'", async () => {
      serveBrief();
      renderDetail();
      const details = await screen.findByRole('region', { name: 'Details' });
      expect(await within(details).findByText(/^Three posts/)).toHaveTextContent('Three posts about the menu');
      const file = within(details).getByRole('link', { name: /menu\.pdf/ });
      expect(file).toHaveAttribute('href', '/api/requests/r1/attachments/a1');
      expect(file).toHaveTextContent('3 KB');

      const activity = await screen.findByRole('list', { name: 'Activity' });
      const [note, opened] = within(activity).getAllByRole('listitem');
      expect(within(note).queryByText('Seen by client')).toBeNull();
      expect(within(opened).getByText('Seen by client')).toBeInTheDocument();
    });

    it('a reply to the client is its own form beside the internal note, sent and then shown as seen by the client', async () => {
      const { fetchMock } = serveBrief();
      renderDetail();
      const replyPanel = await screen.findByRole('region', { name: 'Reply to client' });
      expect(replyPanel).toHaveTextContent('The client sees replies on the request and gets them by mail.');
      expect(screen.getByRole('region', { name: 'Add note' })).toHaveTextContent('Internal notes are visible to staff only.');

      await userEvent.type(within(replyPanel).getByLabelText('Reply to the client'), '  Drafts by Friday  ');
      await userEvent.click(within(replyPanel).getByRole('button', { name: 'Send reply' }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith('Reply sent', { description: 'The client sees it on the request and gets it by mail.' }),
      );
      expect(postBody(fetchMock, '/replies')).toEqual({ text: 'Drafts by Friday' });
      expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith('/notes'))).toBe(false);
      const activity = screen.getByRole('list', { name: 'Activity' });
      const reply = await within(activity).findByText('Drafts by Friday');
      expect(within(reply.closest('li')!).getByText('Seen by client')).toBeInTheDocument();
      expect(within(replyPanel).getByLabelText('Reply to the client')).toHaveValue('');
    });

    it('a failed reply says so and keeps nothing on screen', async () => {
      stubFetch((path, init) => {
        if (path === '/api/admin/requests/r1') return json(BRIEF);
        if (path.endsWith('/replies') && init?.method === 'POST') return json({ error: 'text must not be empty' }, 400);
        return json([]);
      });
      renderDetail();
      const replyPanel = await screen.findByRole('region', { name: 'Reply to client' });
      await userEvent.type(within(replyPanel).getByLabelText('Reply to the client'), 'Hello');
      await userEvent.click(within(replyPanel).getByRole('button', { name: 'Send reply' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Reply failed', { description: 'text must not be empty' }));
      expect(toast.warning).not.toHaveBeenCalled();
    });

    it("creates a draft in the client's workspace from the request and lists it with its state; Open workspace goes to its Content", async () => {
      const { fetchMock } = serveBrief();
      renderDetail();
      const drafts = await screen.findByRole('region', { name: 'Drafts' });
      expect(await within(drafts).findByText('No drafts made from this request yet.')).toBeInTheDocument();
      expect(within(drafts).getByRole('link', { name: 'Open workspace' })).toHaveAttribute('href', '/dashboard/content?workspace=c1');

      const form = within(drafts).getByRole('form', { name: 'Create draft' });
      await userEvent.selectOptions(within(form).getByLabelText('Channel'), 'linkedin');
      await userEvent.selectOptions(within(form).getByLabelText('Type'), 'thread');
      await userEvent.type(within(form).getByLabelText('Text'), 'Spring is here');
      await userEvent.click(within(form).getByRole('button', { name: 'Create draft' }));

      const list = await within(drafts).findByRole('list', { name: 'Drafts from this request' });
      expect(within(list).getByRole('listitem')).toHaveTextContent(/^Spring is hereLinkedIn Thread · .+Draft$/);
      expect(postBody(fetchMock, '/drafts')).toEqual({ channel: 'linkedin', type: 'thread', text: 'Spring is here' });
      expect(toast.success).toHaveBeenCalledWith('Draft created', {
        description: "It is in the client's workspace, linked to this request.",
      });
      expect(within(form).getByLabelText('Text')).toHaveValue('');
    });

    it('lists the drafts made earlier with their review state', async () => {
      const { work } = serveBrief();
      work.drafts.push({
        id: 'd0',
        channel: 'instagram',
        type: 'reel',
        excerpt: 'Menu reel',
        status: 'draft',
        reviewState: 'changes_requested',
        scheduledAt: null,
        updatedAt: '2025-03-02T10:00:00Z',
      });
      renderDetail();
      const list = await screen.findByRole('list', { name: 'Drafts from this request' });
      expect(within(list).getByText('Menu reel')).toBeInTheDocument();
      expect(within(list).getByText('Changes requested')).toBeInTheDocument();
    });

    it('a request of no client offers no draft form and says why', async () => {
      serveBrief({ ...BRIEF, clientId: null });
      renderDetail();
      const drafts = await screen.findByRole('region', { name: 'Drafts' });
      expect(within(drafts).getByText('This request belongs to no client workspace, so no draft can be made from it.')).toBeInTheDocument();
      expect(within(drafts).queryByRole('form')).toBeNull();
      expect(within(drafts).queryByRole('link', { name: 'Open workspace' })).toBeNull();
    });
  });
});

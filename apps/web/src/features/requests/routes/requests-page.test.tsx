import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import type { TClientRequest, TClientRequestDetail } from '@hookline/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { json, renderPage, stubFetch } from '@/test/render';
import { TEST_WORKSPACE } from '@/test/workspace';
import RequestsPage from './requests-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const SUPPORT: TClientRequest = {
  id: 'r1',
  type: 'support',
  subject: 'Instagram disconnected',
  description: 'Since Monday',
  status: 'in_progress',
  createdAt: '2030-01-02T10:00:00.000Z',
  updatedAt: '2030-01-02T11:00:00.000Z',
};
const BRIEF: TClientRequest = {
  id: 'r2',
  type: 'content_brief',
  subject: 'Spring menu',
  description: 'Three posts\nabout the menu',
  status: 'open',
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
};
const ONBOARDING: TClientRequest = {
  ...BRIEF,
  id: 'r3',
  type: 'onboarding',
  subject: 'Onboarding: Acme',
  status: 'closed',
  description: null,
};

const BRIEF_DETAIL: TClientRequestDetail = {
  request: BRIEF,
  timeline: [
    {
      id: 't3',
      text: 'Here is the first draft',
      who: 'max@hookline.test',
      ts: '2030-01-01T12:00:00.000Z',
      forClient: true,
      fromTeam: true,
    },
    { id: 't1', text: 'Request opened', who: 'o@x.test', ts: '2030-01-01T10:00:00.000Z', forClient: true, fromTeam: false },
  ],
  attachments: [
    {
      id: 'a1',
      name: 'menu.pdf',
      contentType: 'application/pdf',
      size: 2048,
      url: '/api/requests/r2/attachments/a1',
      createdAt: '2030-01-01T10:00:00.000Z',
    },
  ],
  drafts: [
    {
      id: 'd1',
      channel: 'instagram',
      type: 'post',
      excerpt: 'Spring is here',
      status: 'draft',
      reviewState: 'in_review',
      scheduledAt: null,
      updatedAt: '2030-01-01T12:00:00.000Z',
    },
  ],
};

/** Shows where the page sent the browser, so tests can read ?request=. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const renderRequests = (path = '/dashboard/requests') =>
  renderPage(
    <Routes>
      <Route
        path="/dashboard/requests"
        element={
          <>
            <RequestsPage />
            <Where />
          </>
        }
      />
      <Route path="/dashboard/content" element={<h1>Content</h1>} />
    </Routes>,
    path,
  );

/** A fake API holding requests, as the server answers them. */
function serveRequests(initial: TClientRequest[], details: Record<string, TClientRequestDetail> = {}) {
  const requests = [...initial];
  const fetchMock = stubFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/workspace') return json({ ...TEST_WORKSPACE, timeZone: 'UTC' });
    if (path === '/api/requests' && method === 'GET') return json({ requests });
    if (path === '/api/requests' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      const created: TClientRequest = {
        ...body,
        id: 'r9',
        status: 'open',
        createdAt: '2030-01-03T10:00:00.000Z',
        updatedAt: '2030-01-03T10:00:00.000Z',
      };
      requests.unshift(created);
      details[created.id] = { request: created, timeline: [], attachments: [], drafts: [] };
      return json(created, 201);
    }
    const id = path.match(/^\/api\/requests\/([^/]+)$/)?.[1];
    if (id && details[id]) return json(details[id]);
    return json({ error: 'Request not found' }, 404);
  });
  return { fetchMock, requests };
}

describe('Requests page', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the requests with type, status and date; choosing one opens it in the address', async () => {
    serveRequests([SUPPORT, BRIEF, ONBOARDING], { r2: BRIEF_DETAIL });
    renderRequests();
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    const list = await screen.findByRole('navigation', { name: 'Your requests' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^Instagram disconnectedIn progressSupport · Jan 2, 2030, 10:00\sAM$/),
      expect.stringMatching(/^Spring menuOpenContent brief · /),
      expect.stringMatching(/^Onboarding: AcmeClosedOnboarding · /),
    ]);
    expect(screen.getByText('Choose a request to see its answers and files.')).toBeInTheDocument();

    await userEvent.click(links[1]);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests?request=r2');
    expect(links[1]).toHaveAttribute('aria-current', 'true');
    const detail = await screen.findByRole('article', { name: 'Spring menu' });
    expect(within(detail).getByText(/^Three posts/)).toHaveTextContent('Three posts about the menu');
    expect(within(detail).getByText('Open')).toBeInTheDocument();
  });

  it('?request=<id> opens the request: replies from the Hookline team stand out; files download; drafts with their review state', async () => {
    serveRequests([SUPPORT, BRIEF], { r2: BRIEF_DETAIL });
    renderRequests('/dashboard/requests?request=r2');
    const detail = await screen.findByRole('article', { name: 'Spring menu' });

    const activity = within(detail).getByRole('list', { name: 'Request activity' });
    const [reply, opened] = within(activity).getAllByRole('listitem');
    expect(within(reply).getByText('Hookline team')).toBeInTheDocument();
    expect(within(reply).getByText('Here is the first draft')).toBeInTheDocument();
    expect(within(reply).queryByText('max@hookline.test')).toBeNull();
    expect(reply.className).toContain('bg-brand-50');
    expect(within(opened).getByText('o@x.test')).toBeInTheDocument();
    expect(within(opened).queryByText('Hookline team')).toBeNull();

    const file = within(detail).getByRole('link', { name: /menu\.pdf/ });
    expect(file).toHaveAttribute('href', '/api/requests/r2/attachments/a1');
    expect(file).toHaveAttribute('download', 'menu.pdf');
    expect(file).toHaveTextContent('2 KB');

    const drafts = within(detail).getByRole('region', { name: 'Drafts from this request' });
    expect(within(drafts).getByText('Spring is here')).toBeInTheDocument();
    expect(within(drafts).getByText('Instagram Post')).toBeInTheDocument();
    expect(within(drafts).getByText('In review')).toBeInTheDocument();
    await userEvent.click(within(drafts).getByRole('link', { name: 'Review them in Content' }));
    expect(await screen.findByRole('heading', { name: 'Content' })).toBeInTheDocument();
  });

  it('a request that is not there says so', async () => {
    serveRequests([SUPPORT]);
    renderRequests('/dashboard/requests?request=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Request not found');
  });

  it('shows an empty state with a way to open the first request', async () => {
    serveRequests([]);
    renderRequests();
    expect(await screen.findByRole('heading', { name: 'No requests yet' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'New request' })[0]);
    expect(screen.getByRole('heading', { name: 'New request' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveFocus();
  });

  it('New request: type, subject, description; a subject is needed; then the request opens', async () => {
    const { fetchMock } = serveRequests([SUPPORT], { r1: { request: SUPPORT, timeline: [], attachments: [], drafts: [] } });
    renderRequests();
    await screen.findByRole('navigation', { name: 'Your requests' });
    await userEvent.click(screen.getByRole('button', { name: 'New request' }));
    const type = screen.getByLabelText('Type');
    expect([...(type as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Support', 'Content brief']);
    await userEvent.selectOptions(type, 'content_brief');
    expect(type).toHaveAccessibleDescription(/The team drafts it for your review/);

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const subject = screen.getByLabelText('Subject');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveAccessibleDescription('Add a subject, so the team knows what it is about.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(subject, '  Summer campaign ');
    await userEvent.type(screen.getByLabelText('Description'), 'Four reels');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('article', { name: 'Summer campaign' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ type: 'content_brief', subject: 'Summer campaign', description: 'Four reels' });
    expect(screen.getByTestId('location')).toHaveTextContent('?request=r9');
    expect(screen.queryByRole('heading', { name: 'New request' })).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Request sent', { description: 'The Hookline team answers here and by mail.' });
    expect(within(screen.getByRole('navigation', { name: 'Your requests' })).getAllByRole('link')[0]).toHaveTextContent('Summer campaign');
  });

  it('sends the chosen files one by one with their progress; a refused file is named, the request stands', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serveRequests([]);
    renderRequests();
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }));
    await userEvent.type(screen.getByLabelText('Subject'), 'With files');
    const picker = screen.getByLabelText('Attachments');
    expect(picker).toHaveAccessibleDescription(/Up to 10 files/);
    await userEvent.upload(picker, [
      new File(['a'], 'brief.pdf', { type: 'application/pdf' }),
      new File(['b'], 'scan.png', { type: 'image/png' }),
    ]);
    await userEvent.upload(picker, new File(['c'], 'extra.png', { type: 'image/png' }));
    const files = screen.getByRole('list', { name: 'Files to attach' });
    await userEvent.click(within(files).getByRole('button', { name: 'Remove extra.png' }));
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('brief.pdf'), expect.stringContaining('scan.png')]);

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(FakeXhr.last?.url).toBe('/api/requests/r9/attachments'));
    const first = FakeXhr.last!;
    expect((first.body?.get('file') as File).name).toBe('brief.pdf');
    first.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Uploading brief.pdf' })).toHaveAttribute('value', '0.5');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    first.respond(201, { id: 'a1', name: 'brief.pdf' });
    await waitFor(() => expect(FakeXhr.last).not.toBe(first));
    FakeXhr.last!.respond(415, { error: 'Attach an image, a PDF, a video or an Office document.' });

    expect(await screen.findByRole('article', { name: 'With files' })).toBeInTheDocument();
    expect(toast.warning).toHaveBeenCalledWith('Request sent, but some files were not attached', {
      description: 'scan.png: Attach an image, a PDF, a video or an Office document.',
    });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a request the server refuses keeps the form with what was typed', async () => {
    stubFetch((path, init) => {
      if (path === '/api/workspace') return json(TEST_WORKSPACE);
      if (init?.method === 'POST') return json({ error: 'subject must be at most 200 characters' }, 400);
      return json({ requests: [] });
    });
    renderRequests();
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }));
    await userEvent.type(screen.getByLabelText('Subject'), 'Too long, says the server');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not send the request', { description: 'subject must be at most 200 characters' }),
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('Too long, says the server');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says when the list cannot be loaded', async () => {
    stubFetch((path) => (path === '/api/workspace' ? json(TEST_WORKSPACE) : json({ error: 'Database unavailable' }, 503)));
    renderRequests();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your requests: Database unavailable');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { renderPage } from '@/test/render';
import { makeDraft, serveDrafts, WORKSPACE } from '../test-server';
import ContentPage, { PUBLISHING_POLL_MS } from './content-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const card = (name: string | RegExp) => screen.getByRole('article', { name });
const buttonsOf = (article: HTMLElement) =>
  within(article)
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim());

describe('Content page', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('offers each status its own actions, with the status badge in the workspace zone', async () => {
    serveDrafts(
      [
        makeDraft({ channel: 'instagram', type: 'post', status: 'draft' }),
        makeDraft({ channel: 'twitter', type: 'thread', status: 'queued', scheduledAt: '2030-01-01T15:00:00.000Z' }),
        makeDraft({ channel: 'youtube', type: 'video', status: 'publishing' }),
        makeDraft({
          channel: 'linkedin',
          type: 'post',
          status: 'published',
          publishedAt: '2030-01-02T09:30:00.000Z',
          publishedTo: 'hookline',
          lateSeconds: 2 * 3600 + 5,
          text: 'Out now',
        }),
        makeDraft({
          channel: 'instagram',
          type: 'reel',
          status: 'failed',
          failureReason: 'Instagram refused the post: the video is too long.',
        }),
        makeDraft({
          channel: 'twitter',
          type: 'post',
          status: 'held',
          failureReason: 'It was due 95 minutes before Hookline could publish it.',
        }),
        makeDraft({
          channel: 'youtube',
          type: 'reel',
          status: 'published',
          publishedAt: '2030-01-02T09:30:00.000Z',
          postUrl: 'https://youtube.com/shorts/abc',
        }),
        makeDraft({
          channel: 'linkedin',
          type: 'thread',
          status: 'publishing',
          failureReason: 'LinkedIn answered 503 Service Unavailable',
        }),
      ],
      { workspace: { ...WORKSPACE, timeZone: 'Asia/Tokyo' } },
    );
    renderPage(<ContentPage />, '/dashboard/content');
    expect(screen.getByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading drafts…');

    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByLabelText('Add media')).toHaveAttribute('accept', 'image/*,video/*');
    expect(buttonsOf(draft)).toEqual(['Send for review', 'Comments', 'Queue', 'Schedule…', 'Publish now', 'Duplicate to…', 'Delete']);

    const queued = card('Twitter Thread');
    // 15:00 UTC is midnight the next day in Tokyo.
    expect(within(queued).getByText(/^Queued for Jan 2, 2030, 12:00\sAM$/)).toBeInTheDocument();
    expect(within(queued).getByLabelText('Add media')).toBeInTheDocument();
    expect(buttonsOf(queued)).toEqual([
      'Send for review',
      'Comments',
      'Schedule…',
      'Back to draft',
      'Re-queue',
      'Publish now',
      'Duplicate to…',
      'Delete',
    ]);

    const publishing = card('YouTube Video');
    expect(within(publishing).getByText('Publishing…')).toBeInTheDocument();
    expect(within(publishing).queryByLabelText('Add media')).not.toBeInTheDocument();
    expect(buttonsOf(publishing)).toEqual(['Comments', 'Duplicate to…', 'Delete']);

    const published = card('LinkedIn Post');
    expect(within(published).getByText(/^Published Jan 2, 2030, 6:30\sPM$/)).toBeInTheDocument();
    expect(within(published).queryByLabelText('Add media')).not.toBeInTheDocument();
    expect(buttonsOf(published)).toEqual(['Comments', 'Duplicate to…', 'Delete']);
    expect(within(published).getByRole('textbox')).toHaveAttribute('readonly');
    expect(within(published).getByText('Published in Hookline only: no LinkedIn account is connected.')).toBeInTheDocument();
    expect(within(published).getByText('It went out 2 hours after its time.')).toBeInTheDocument();
    expect(within(card('YouTube Reel/Short')).getByRole('link', { name: 'View the post on YouTube' })).toHaveAttribute(
      'href',
      'https://youtube.com/shorts/abc',
    );

    const failed = card('Instagram Reel/Short');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('alert')).toHaveTextContent('Instagram refused the post: the video is too long.');
    expect(buttonsOf(failed)).toEqual([
      'Send for review',
      'Comments',
      'Schedule…',
      'Back to draft',
      'Re-queue',
      'Retry',
      'Duplicate to…',
      'Delete',
    ]);
    const retrying = card('LinkedIn Thread');
    expect(within(retrying).getByText('Trying again after: LinkedIn answered 503 Service Unavailable')).toBeInTheDocument();
    expect(buttonsOf(retrying)).toEqual(['Comments', 'Schedule…', 'Back to draft', 'Re-queue', 'Duplicate to…', 'Delete']);
    const held = card('Twitter Post');
    expect(within(held).getByText('Held')).toBeInTheDocument();
    expect(within(held).getByText(/^It was due 95 minutes/)).toBeInTheDocument();
    expect(buttonsOf(held)).toEqual([
      'Send for review',
      'Comments',
      'Schedule…',
      'Back to draft',
      'Re-queue',
      'Publish now',
      'Duplicate to…',
      'Delete',
    ]);
    expect(within(draft).getByRole('textbox')).not.toHaveAttribute('readonly');
  });

  it('schedules an exact time in the workspace zone, and takes a post back to draft', async () => {
    const { fetchMock } = serveDrafts([makeDraft({ id: 's1', status: 'draft' })], { workspace: { ...WORKSPACE, timeZone: 'UTC' } });
    renderPage(<ContentPage />, '/dashboard/content');
    const user = userEvent.setup();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await user.click(within(draft).getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    expect(within(dialog).getByText('Times are in UTC.')).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Date and time');
    await user.clear(field);
    await user.type(field, '2031-05-04T08:15');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(draft).findByText(/^Queued for May 4, 2031, 8:15\sAM$/)).toBeInTheDocument();
    const sent = fetchMock.mock.calls
      .filter(([path]) => String(path) === '/api/drafts/s1/schedule')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ local: '2031-05-04T08:15', timeZone: 'UTC' }]);

    await user.click(within(draft).getByRole('button', { name: 'Back to draft' }));
    expect(await within(draft).findByText('Draft')).toBeInTheDocument();
  });

  it('publishes: Publishing… at once, then Published once the server has flipped it', async () => {
    // The list reloads on a timer while a draft is publishing: the test moves the clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = serveDrafts([makeDraft({ id: 'p1', status: 'queued', scheduledAt: '2030-01-01T11:00:00.000Z' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(draft).getByRole('button', { name: 'Publish now' }));
    expect(await within(draft).findByText('Publishing…')).toBeInTheDocument();
    expect(buttonsOf(draft)).toEqual(['Comments', 'Duplicate to…', 'Delete']);
    await act(() => vi.advanceTimersByTimeAsync(PUBLISHING_POLL_MS));
    expect(await within(draft).findByText(/^Published /)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/drafts/p1/publish' && init?.method === 'POST')).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('queues and re-queues a draft, saving typed text first', async () => {
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'q1' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await userEvent.type(within(draft).getByRole('textbox'), 'Hello world');
    await userEvent.click(within(draft).getByRole('button', { name: 'Queue' }));
    expect(await within(draft).findByText(/^Queued for /)).toBeInTheDocument();
    expect(drafts[0].text).toBe('Hello world');
    const order = fetchMock.mock.calls
      .map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)
      .filter((call) => call.includes('q1'));
    expect(order).toEqual(['PATCH /api/drafts/q1', 'POST /api/drafts/q1/queue']);
    await userEvent.click(within(draft).getByRole('button', { name: 'Re-queue' }));
    await waitFor(() => expect(within(draft).getByText(/^Queued for .*11:30/)).toBeInTheDocument());
  });

  it('saves the text on blur and says so', async () => {
    const { drafts } = serveDrafts([makeDraft({ id: 's1', type: 'thread', channel: 'twitter' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Twitter Thread' });
    const text = within(draft).getByRole('textbox', { name: 'Text of the twitter thread' });
    await userEvent.type(text, 'First tweet');
    expect(within(draft).queryByText('Saved')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await within(draft).findByText('Saved')).toBeInTheDocument();
    expect(drafts[0].text).toBe('First tweet');
    expect(within(draft).getByText('11 characters')).toBeInTheDocument();
  });

  it('shows the server text of a refused action as a toast, then shows the server state', async () => {
    const { drafts } = serveDrafts([makeDraft({ id: 'x1' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    // Queued meanwhile in another tab: the server refuses to queue it again.
    Object.assign(drafts[0], { status: 'queued', scheduledAt: '2030-01-01T11:00:00.000Z' });
    await userEvent.click(within(draft).getByRole('button', { name: 'Queue' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Could not queue the draft', { description: 'Only a draft can be queued.' }),
    );
    expect(await within(draft).findByText(/^Queued for /)).toBeInTheDocument();
  });

  it('creates a draft from the Create panel with one of the four types', async () => {
    const { fetchMock } = serveDrafts([]);
    renderPage(<ContentPage />, '/dashboard/content');
    expect(await screen.findByRole('heading', { name: 'No drafts yet' })).toBeInTheDocument();
    const newButton = screen.getByRole('button', { name: 'New' });
    expect(newButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(newButton);
    expect(newButton).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Create a draft' });
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['post', 'reel', 'thread', 'video']);
    expect(within(panel).getByRole('radio', { name: 'Post' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Reel/Short' })).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Video' })).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Channel' })).toHaveValue('instagram');

    await userEvent.click(within(panel).getByRole('radio', { name: 'Thread' }));
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Channel' }), 'twitter');
    await userEvent.click(within(panel).getByRole('button', { name: 'Create draft' }));

    const created = await screen.findByRole('article', { name: 'Twitter Thread' });
    expect(within(created).getByRole('textbox')).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Create a draft' })).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/drafts' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ type: 'thread', channel: 'twitter' });
  });

  it('filters by channel through ?channel= and has an empty state per filter', async () => {
    const { fetchMock } = serveDrafts([makeDraft({ channel: 'instagram' }), makeDraft({ channel: 'linkedin', type: 'video' })]);
    renderPage(<ContentPage />, '/dashboard/content?channel=youtube');
    expect(await screen.findByRole('heading', { name: 'No YouTube drafts yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'YouTube' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/drafts?channel=youtube')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'LinkedIn' }));
    expect(await screen.findByRole('article', { name: 'LinkedIn Video' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Instagram Post' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('article', { name: 'Instagram Post' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('deletes after confirmation', async () => {
    const { drafts } = serveDrafts([makeDraft({ id: 'del1', status: 'published', publishedAt: '2030-01-01T12:00:00.000Z' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await userEvent.click(within(draft).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No drafts yet' })).toBeInTheDocument();
    expect(drafts).toHaveLength(0);
    expect(toast.success).toHaveBeenCalledWith('Draft deleted');
  });

  it('uploads media with a progress bar and shows a preview after', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { drafts } = serveDrafts([makeDraft({ id: 'm1' })]);
    renderPage(<ContentPage />, '/dashboard/content');
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    await userEvent.upload(within(draft).getByLabelText('Add media'), file);
    await waitFor(() => expect(FakeXhr.last?.url).toBe('/api/drafts/m1/media'));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect((xhr.body?.get('file') as File).name).toBe('cover.png');
    xhr.progress(40, 100);
    expect(await within(draft).findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '0.4');
    expect(within(draft).getByText('Uploading… 40%')).toBeInTheDocument();

    // The server stored it; the upload answers with the draft.
    Object.assign(drafts[0], {
      media: { url: '/api/drafts/m1/media?v=abc123def456', type: 'image/png', name: 'cover.png', altText: '' },
      updatedAt: '2030-01-01T10:05:00.000Z',
    });
    xhr.respond(200, { ...drafts[0] });
    const image = await within(draft).findByRole('img', { name: 'Attached image: cover.png' });
    // The server versions the URL by file; the page uses it as given.
    expect(image).toHaveAttribute('src', '/api/drafts/m1/media?v=abc123def456');
    expect(within(draft).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(draft).getByLabelText('Replace media')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { makeConnection, makeDraft, serveDrafts } from '../test-server';
import ContentPage from './content-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

type FetchMock = ReturnType<typeof serveDrafts>['fetchMock'];
const sent = (fetchMock: FetchMock, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([called, init]) => String(called) === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

const MEDIA = { url: '/api/drafts/m/media?v=1', type: 'image/png', name: 'cover.png', altText: '' };

function renderContent(path = '/dashboard/content') {
  return renderPage(<ContentPage />, path);
}

// Some journeys load a lazy dialog and wait on a mutation and a reload: more than 5 s on a busy machine.
describe('Content page: channels, accounts and what the networks say', { timeout: 30_000 }, () => {
  const user = userEvent.setup({ delay: null });
  beforeEach(() => vi.clearAllMocks());

  it('offers the six channels, an Account select where the channel has several accounts, and moves the draft', async () => {
    const first = makeConnection({ provider: 'linkedin', handle: 'Olive Owner' });
    const page = makeConnection({ provider: 'linkedin', handle: 'Acme Bakery', status: 'needs_reauth' });
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'a1', channel: 'linkedin' })], {
      connections: [first, page, makeConnection({ provider: 'google', handle: 'Acme TV' })],
    });
    renderContent();
    const card = await screen.findByRole('article', { name: 'LinkedIn Post' });
    const channel = within(card).getByRole('combobox', { name: 'Channel' });
    expect(
      within(channel)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Instagram', 'Twitter', 'YouTube', 'LinkedIn', 'Mastodon', 'Bluesky']);
    const account = await within(card).findByRole('combobox', { name: 'Account' });
    // No account named: the channel's first.
    expect(account).toHaveValue(first.id);
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Olive Owner', 'Acme Bakery (Re-auth needed)']);

    await user.selectOptions(account, page.id);
    await waitFor(() => expect(drafts[0].connectionId).toBe(page.id));
    expect(sent(fetchMock, 'PATCH', '/api/drafts/a1')).toEqual([{ connectionId: page.id }]);
    await waitFor(() => expect(account).toHaveValue(page.id));

    // YouTube has one account: a quiet line names it.
    await user.selectOptions(channel, 'youtube');
    const moved = await screen.findByRole('article', { name: 'YouTube Post' });
    expect(within(moved).getByText('Posts to Acme TV')).toBeInTheDocument();
    expect(within(moved).queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(drafts[0]).toMatchObject({ channel: 'youtube', connectionId: null });

    // Bluesky has none: it would publish in Hookline only.
    await user.selectOptions(within(moved).getByRole('combobox', { name: 'Channel' }), 'bluesky');
    const unconnected = await screen.findByRole('article', { name: 'Bluesky Post' });
    expect(within(unconnected).getByText('Not connected: publishes in Hookline only')).toBeInTheDocument();
  });

  it('follows a draft moved to another channel while a channel is filtered', async () => {
    serveDrafts([makeDraft({ id: 'f1', channel: 'instagram' }), makeDraft({ channel: 'mastodon', type: 'thread' })]);
    renderContent('/dashboard/content?channel=instagram');
    const card = await screen.findByRole('article', { name: 'Instagram Post' });
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Channel' }), 'mastodon');
    const moved = await screen.findByRole('article', { name: 'Mastodon Post' });
    expect(screen.getByRole('button', { name: 'Mastodon' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('article', { name: 'Mastodon Thread' })).toBeInTheDocument();
    await waitFor(() => expect(within(moved).getByRole('textbox', { name: 'Text of the mastodon post' })).toHaveFocus());
  });

  it("lists what the network would refuse, updated after each save, and shows the server's 422", async () => {
    const tooLong = 'The text is 301 graphemes long; Bluesky takes at most 300.';
    serveDrafts([makeDraft({ id: 'p1', channel: 'bluesky' })], {
      connections: [makeConnection({ provider: 'bluesky', handle: '@acme.bsky.social' })],
      problemsOf: (draft) => (draft.text.length > 300 ? [tooLong] : []),
    });
    renderContent();
    const card = await screen.findByRole('article', { name: 'Bluesky Post' });
    expect(within(card).queryByText(/^Before Bluesky accepts this post/)).not.toBeInTheDocument();
    const text = within(card).getByRole('textbox', { name: 'Text of the bluesky post' });
    await user.click(text);
    await user.paste('x'.repeat(301));
    await user.tab();
    const problems = await within(card).findByRole('list', { name: 'Before Bluesky accepts this post:' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([tooLong]);

    await user.click(within(card).getByRole('button', { name: 'Queue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not queue the draft', { description: tooLong }));

    await user.clear(text);
    await user.type(text, 'Short now');
    await user.tab();
    await waitFor(() => expect(within(card).queryByRole('list', { name: /^Before Bluesky/ })).not.toBeInTheDocument());
  });

  it("shows why a post failed, with the network's own answer word for word behind a disclosure", async () => {
    const answer = '{"errors":[{"code":187,"message":"Status is a duplicate."}]}';
    serveDrafts([
      makeDraft({ channel: 'twitter', status: 'failed', failureReason: 'X refused the post as a duplicate.', platformError: answer }),
      makeDraft({ channel: 'linkedin', status: 'failed', failureReason: 'LinkedIn could not be reached.' }),
    ]);
    renderContent();
    const card = await screen.findByRole('article', { name: 'Twitter Post' });
    expect(within(card).getByRole('alert')).toHaveTextContent('X refused the post as a duplicate.');
    const said = within(card).getByText('What Twitter said');
    const details = said.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(said);
    expect(details).toHaveAttribute('open');
    const code = details.querySelector('pre')!;
    expect(code.textContent).toBe(answer);
    expect(code).toHaveClass('font-mono');
    expect(within(screen.getByRole('article', { name: 'LinkedIn Post' })).queryByText(/^What LinkedIn said/)).not.toBeInTheDocument();
  });

  it('shows a published post’s link and its figures, leaving out those the network does not report', async () => {
    serveDrafts([
      makeDraft({
        channel: 'mastodon',
        status: 'published',
        publishedAt: '2030-01-02T09:00:00.000Z',
        publishedTo: 'mastodon',
        postUrl: 'https://mastodon.social/@acme/1',
        metrics: { views: null, impressions: null, likes: 1, comments: 3, reposts: 1204, fetchedAt: '2030-01-02T15:30:00.000Z' },
      }),
      makeDraft({ channel: 'youtube', status: 'published', publishedAt: '2030-01-02T09:00:00.000Z', postUrl: 'https://youtu.be/x' }),
    ]);
    renderContent();
    const card = await screen.findByRole('article', { name: 'Mastodon Post' });
    expect(within(card).getByRole('link', { name: 'View the post on Mastodon' })).toHaveAttribute(
      'href',
      'https://mastodon.social/@acme/1',
    );
    const figures = within(card).getByRole('list', { name: 'The post on Mastodon' });
    expect(
      within(figures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 like', '3 comments', `${(1204).toLocaleString()} reposts`]);
    expect(within(card).getByText(/^as of/)).toHaveTextContent(/as of Jan 2, 2030, 3:30\sPM/);
    // No figures fetched yet: no row.
    expect(within(screen.getByRole('article', { name: 'YouTube Post' })).queryByRole('list')).not.toBeInTheDocument();
  });

  it('saves the media description on blur, and sends it before an action', async () => {
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'm1', media: MEDIA }), makeDraft({ channel: 'linkedin' })]);
    renderContent();
    const card = await screen.findByRole('article', { name: 'Instagram Post' });
    const alt = within(card).getByRole('textbox', { name: 'Describe this media (alt text)' });
    expect(alt).toHaveAttribute('maxlength', '1500');
    expect(within(screen.getByRole('article', { name: 'LinkedIn Post' })).queryByRole('textbox', { name: /alt text/ })).toBeNull();

    await user.type(alt, 'A loaf on a board');
    await user.tab();
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(drafts.find((draft) => draft.id === 'm1')?.media?.altText).toBe('A loaf on a board');
    expect(within(card).getByText('17 / 1,500')).toBeInTheDocument();

    await user.type(alt, ', sliced');
    await user.click(within(card).getByRole('button', { name: 'Queue' }));
    expect(await within(card).findByText(/^Queued for /)).toBeInTheDocument();
    const calls = fetchMock.mock.calls
      .map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)} ${String(init?.body ?? '')}`.trim())
      .filter((call) => call.includes('m1'));
    expect(calls).toEqual([
      'PATCH /api/drafts/m1 {"mediaAlt":"A loaf on a board"}',
      'PATCH /api/drafts/m1 {"mediaAlt":"A loaf on a board, sliced"}',
      'POST /api/drafts/m1/queue',
    ]);
  });

  it('duplicates to other channels and accounts, and says how many drafts it made', async () => {
    const first = makeConnection({ provider: 'linkedin', handle: 'Olive Owner' });
    const page = makeConnection({ provider: 'linkedin', handle: 'Acme Bakery' });
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'dup1', channel: 'instagram', text: 'Fresh bread', media: MEDIA })], {
      connections: [makeConnection({ provider: 'instagram', handle: '@acme' }), first, page],
    });
    renderContent();
    const card = await screen.findByRole('article', { name: 'Instagram Post' });
    const open = within(card).getByRole('button', { name: 'Duplicate to…' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate to…' });
    const boxes = await within(dialog).findAllByRole('checkbox');
    // The other channels, LinkedIn once per account; Instagram has only the account this draft goes to.
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'TwitterNot connected: publishes in Hookline only',
      'YouTubeNot connected: publishes in Hookline only',
      'LinkedInPosts to Olive Owner',
      'LinkedInPosts to Acme Bakery',
      'MastodonNot connected: publishes in Hookline only',
      'BlueskyNot connected: publishes in Hookline only',
    ]);
    expect(boxes[0]).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one channel.');

    await user.click(within(dialog).getByRole('checkbox', { name: /Posts to Acme Bakery/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Bluesky/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('status')).toHaveTextContent('2 drafts created: LinkedIn, Bluesky.');
    expect(open).toHaveFocus();
    expect(sent(fetchMock, 'POST', '/api/drafts/dup1/duplicate')).toEqual([
      { to: [{ channel: 'linkedin', connectionId: page.id }, { channel: 'bluesky' }] },
    ]);
    const copy = await screen.findByRole('article', { name: 'LinkedIn Post' });
    expect(within(copy).getByRole('textbox', { name: 'Text of the linkedin post' })).toHaveValue('Fresh bread');
    expect(screen.getByRole('article', { name: 'Bluesky Post' })).toBeInTheDocument();
    expect(drafts).toHaveLength(3);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWorkspace } from '@hookline/shared';
import { renderPage } from '@/test/render';
import {
  CHANGED_SINCE_SEEN,
  makeComment,
  makeDraft,
  makeReviewLink,
  NEEDS_APPROVAL,
  serveDrafts,
  STAFF_ADDRESS,
  touch,
  WORKSPACE,
} from '../test-server';
import ContentPage from './content-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

const as = (access: TWorkspace['access'], over: Partial<TWorkspace> = {}): TWorkspace => ({ ...WORKSPACE, access, ...over });
const buttonsOf = (article: HTMLElement) =>
  within(article)
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim());
const posted = (fetchMock: ReturnType<typeof serveDrafts>['fetchMock'], url: string) =>
  fetchMock.mock.calls
    .filter(([called, init]) => String(called) === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

function renderContent() {
  return renderPage(<ContentPage />, '/dashboard/content');
}

// Several journeys load a lazy chunk (thread, dialog) and wait on a mutation and a reload: more than 5 s on a busy machine.
describe('Content page: review and approval', { timeout: 30_000 }, () => {
  const user = userEvent.setup({ delay: null });
  beforeEach(() => vi.clearAllMocks());

  const REVIEW_STATES = () => [
    makeDraft({ channel: 'instagram', reviewState: 'in_review' }),
    makeDraft({ channel: 'twitter', type: 'thread', reviewState: 'approved' }),
    makeDraft({ channel: 'linkedin', reviewState: 'changes_requested' }),
  ];

  it.each([
    ['owner', true],
    ['approver', true],
    ['editor', false],
    ['staff', false],
  ] as const)('%s: each review state has its badge; Approve and Request changes only for those who approve', async (access, approves) => {
    serveDrafts(REVIEW_STATES(), { workspace: as(access) });
    renderContent();
    const inReview = await screen.findByRole('article', { name: 'Instagram Post' });
    expect(within(inReview).getByText('In review')).toBeInTheDocument();
    expect(buttonsOf(inReview)).toEqual([
      ...(approves ? ['Approve', 'Request changes'] : []),
      'Comments',
      'Queue',
      'Schedule…',
      'Publish now',
      'Duplicate to…',
      'Delete',
    ]);

    const approved = screen.getByRole('article', { name: 'Twitter Thread' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    // An approval can be taken back with a request for changes, not given twice.
    expect(buttonsOf(approved)).toEqual([
      'Send for review',
      ...(approves ? ['Request changes'] : []),
      'Comments',
      'Queue',
      'Schedule…',
      'Publish now',
      'Duplicate to…',
      'Delete',
    ]);

    const sentBack = screen.getByRole('article', { name: 'LinkedIn Post' });
    expect(within(sentBack).getByText('Changes requested')).toBeInTheDocument();
    expect(buttonsOf(sentBack)).toEqual(['Send for review', 'Comments', 'Queue', 'Schedule…', 'Publish now', 'Duplicate to…', 'Delete']);
  });

  it('sends a draft for review, then the owner approves it', async () => {
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'r1' })]);
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    expect(within(draft).queryByText('In review')).not.toBeInTheDocument();
    await user.click(within(draft).getByRole('button', { name: 'Send for review' }));
    expect(await within(draft).findByText('In review')).toBeInTheDocument();
    expect(within(draft).queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();

    await user.click(within(draft).getByRole('button', { name: 'Approve' }));
    expect(await within(draft).findByText('Approved')).toBeInTheDocument();
    expect(drafts[0].reviewState).toBe('approved');
    expect(posted(fetchMock, '/api/drafts/r1/review')).toHaveLength(1);
    // The approval names the version shown: the one sending it for review made.
    expect(posted(fetchMock, '/api/drafts/r1/approve')).toEqual([{ seen: '2030-01-01T10:00:01.000Z' }]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a post on its way out or out is no longer decided: no Approve or Request changes (the server refuses them)', async () => {
    serveDrafts([
      makeDraft({ channel: 'instagram', status: 'publishing', reviewState: 'approved' }),
      makeDraft({
        channel: 'twitter',
        type: 'thread',
        status: 'published',
        reviewState: 'in_review',
        publishedAt: '2030-01-01T12:00:00.000Z',
      }),
    ]);
    renderContent();
    for (const name of ['Instagram Post', 'Twitter Thread']) {
      const draft = await screen.findByRole('article', { name });
      expect(buttonsOf(draft)).not.toContain('Approve');
      expect(buttonsOf(draft)).not.toContain('Request changes');
    }
  });

  it('requesting changes asks what should change, in a dialog, and refuses an empty comment', async () => {
    const { fetchMock } = serveDrafts([makeDraft({ id: 'rc1', reviewState: 'in_review' })], { workspace: as('approver') });
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await user.click(within(draft).getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    const field = within(dialog).getByRole('textbox', { name: 'What should change?' });
    expect(field).toHaveFocus();

    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say what should change.');
    expect(posted(fetchMock, '/api/drafts/rc1/request-changes')).toHaveLength(0);

    await user.type(field, 'Shorter hook, please');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(draft).findByText('Changes requested')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted(fetchMock, '/api/drafts/rc1/request-changes')).toEqual([
      { comment: 'Shorter hook, please', seen: '2030-01-01T10:00:00.000Z' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Changes requested', { description: 'The Instagram post is back with its writer.' });
    expect(within(draft).getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
  });

  it('an approval is of the version shown: a draft changed elsewhere is refused in the server’s words, the card shows the new text, then approves that', async () => {
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'v1', text: 'Text A', reviewState: 'in_review' })], {
      workspace: as('approver'),
    });
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    const text = within(draft).getByRole('textbox', { name: 'Text of the instagram post' });
    expect(text).toHaveValue('Text A');
    // The editor changes the words in their own browser.
    drafts[0].text = 'Text B';
    touch(drafts[0]);

    await user.click(within(draft).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not approve the draft', { description: CHANGED_SINCE_SEEN }));
    await waitFor(() => expect(text).toHaveValue('Text B'));
    expect(within(draft).getByText('In review')).toBeInTheDocument();

    await user.click(within(draft).getByRole('button', { name: 'Approve' }));
    expect(await within(draft).findByText('Approved')).toBeInTheDocument();
    expect(posted(fetchMock, '/api/drafts/v1/approve')).toEqual([
      { seen: '2030-01-01T10:00:00.000Z' },
      { seen: '2030-01-01T10:00:01.000Z' },
    ]);
  });

  it('the owner’s own edit is what they approve: typing, then Approve, saves the text and approves the saved version', async () => {
    const { fetchMock, drafts } = serveDrafts([makeDraft({ id: 'o1', text: 'Old words', reviewState: 'in_review' })]);
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    await user.type(within(draft).getByRole('textbox', { name: 'Text of the instagram post' }), ', new ones');
    await user.click(within(draft).getByRole('button', { name: 'Approve' }));
    expect(await within(draft).findByText('Approved')).toBeInTheDocument();
    expect(drafts[0]).toMatchObject({ text: 'Old words, new ones', reviewState: 'approved' });
    expect(posted(fetchMock, '/api/drafts/o1/approve')).toEqual([{ seen: '2030-01-01T10:00:01.000Z' }]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('requesting changes on a draft changed elsewhere says so in the dialog, and the card shows the new text', async () => {
    const { drafts } = serveDrafts([makeDraft({ id: 'v2', text: 'Text A', reviewState: 'in_review' })], { workspace: as('approver') });
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    drafts[0].text = 'Text B';
    touch(drafts[0]);
    await user.click(within(draft).getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await user.type(within(dialog).getByRole('textbox', { name: 'What should change?' }), 'Shorter');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANGED_SINCE_SEEN);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(draft).getByRole('textbox', { name: 'Text of the instagram post' })).toHaveValue('Text B'));
    expect(drafts[0].reviewState).toBe('in_review');
  });

  it('where approval is required, Queue, Schedule, Re-queue and Publish now wait for it and say why; Back to draft does not', async () => {
    serveDrafts(
      [
        makeDraft({ channel: 'instagram', reviewState: 'in_review' }),
        makeDraft({ channel: 'twitter', status: 'queued', scheduledAt: '2030-01-01T11:00:00.000Z', reviewState: null }),
        makeDraft({ channel: 'linkedin', reviewState: 'approved' }),
      ],
      { workspace: as('owner', { requireApproval: true }) },
    );
    renderContent();
    const waiting = await screen.findByRole('article', { name: 'Instagram Post' });
    expect(within(waiting).getByText('Needs approval before it can be queued or scheduled')).toBeInTheDocument();
    for (const name of ['Queue', 'Schedule…', 'Publish now']) {
      const button = within(waiting).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Needs approval before it can be queued or scheduled');
    }

    const queued = screen.getByRole('article', { name: 'Twitter Post' });
    for (const name of ['Schedule…', 'Re-queue', 'Publish now']) {
      const button = within(queued).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Needs approval before it can be re-queued, scheduled or published');
    }
    expect(within(queued).getByRole('button', { name: 'Back to draft' })).toBeEnabled();

    const approved = screen.getByRole('article', { name: 'LinkedIn Post' });
    expect(within(approved).getByRole('button', { name: 'Queue' })).toBeEnabled();
    expect(within(approved).getByRole('button', { name: 'Publish now' })).toBeEnabled();
    expect(within(approved).queryByText(/^Needs approval/)).not.toBeInTheDocument();
  });

  it("shows the server's 409 as a toast when the draft lost its approval meanwhile", async () => {
    const { drafts } = serveDrafts([makeDraft({ reviewState: 'approved' })], { workspace: as('owner', { requireApproval: true }) });
    renderContent();
    const draft = await screen.findByRole('article', { name: 'Instagram Post' });
    // Edited in another tab: the server sent it back to review.
    drafts[0].reviewState = 'in_review';
    await user.click(within(draft).getByRole('button', { name: 'Queue' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not queue the draft', { description: NEEDS_APPROVAL }));
    expect(await within(draft).findByText('In review')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: 'Queue' })).toBeDisabled();
  });

  describe('comment thread', () => {
    const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000).toISOString();

    it('staff see internal comments marked, who wrote each and when, and may add an internal one', async () => {
      const { fetchMock } = serveDrafts([makeDraft({ id: 't1' })], {
        workspace: as('staff'),
        comments: {
          t1: [
            makeComment({ authorName: 'Olive Owner', text: 'Can we use the blue photo?', createdAt: fiveMinutesAgo() }),
            makeComment({ authorName: 'Sam Staff', authorKind: 'staff', internal: true, text: 'Check licence first' }),
            makeComment({ authorName: 'Rita', authorKind: 'reviewer', text: 'Fine by me' }),
          ],
        },
      });
      renderContent();
      const draft = await screen.findByRole('article', { name: 'Instagram Post' });
      const toggle = within(draft).getByRole('button', { name: 'Comments' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const thread = await within(draft).findByRole('region', { name: 'Comments on the Instagram post' });
      expect(toggle).toHaveAttribute('aria-controls', thread.id);

      const list = await within(thread).findByRole('list', { name: 'Comments' });
      expect(list).toHaveAttribute('aria-live', 'polite');
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('Olive Owner');
      expect(items[0]).toHaveTextContent('Can we use the blue photo?');
      const time = within(items[0]).getByText('5 minutes ago');
      expect(time.tagName).toBe('TIME');
      expect(time).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
      expect(within(items[0]).queryByText('Internal')).not.toBeInTheDocument();
      expect(items[1]).toHaveTextContent('Hookline team');
      expect(within(items[1]).getByText('Internal')).toBeInTheDocument();
      expect(items[2]).toHaveTextContent('Reviewer');

      await user.type(within(thread).getByRole('textbox', { name: 'Add a comment on the Instagram post' }), 'Licence is fine');
      await user.click(within(thread).getByRole('checkbox', { name: 'Internal (staff only)' }));
      await user.click(within(thread).getByRole('button', { name: 'Comment' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
      const added = within(list).getAllByRole('listitem')[3];
      expect(added).toHaveTextContent('Licence is fine');
      expect(within(added).getByText('Internal')).toBeInTheDocument();
      expect(posted(fetchMock, '/api/drafts/t1/comments')).toEqual([{ text: 'Licence is fine', internal: true }]);
      expect(within(thread).getByRole('textbox')).toHaveValue('');
      expect(within(thread).getByRole('checkbox', { name: 'Internal (staff only)' })).not.toBeChecked();
    });

    it('clients get no Internal checkbox, never see internal comments, and cannot send an empty comment', async () => {
      const { fetchMock } = serveDrafts([makeDraft({ id: 't2' })], {
        comments: { t2: [makeComment({ authorName: 'Sam Staff', authorKind: 'staff', internal: true, text: 'Staff eyes only' })] },
      });
      renderContent();
      const draft = await screen.findByRole('article', { name: 'Instagram Post' });
      await user.click(within(draft).getByRole('button', { name: 'Comments' }));
      const thread = await within(draft).findByRole('region', { name: 'Comments on the Instagram post' });
      expect(await within(thread).findByText('No comments yet.')).toBeInTheDocument();
      expect(within(thread).queryByText('Staff eyes only')).not.toBeInTheDocument();
      expect(within(thread).queryByRole('checkbox')).not.toBeInTheDocument();

      await user.click(within(thread).getByRole('button', { name: 'Comment' }));
      expect(within(thread).getByRole('alert')).toHaveTextContent('Write a comment first.');
      expect(posted(fetchMock, '/api/drafts/t2/comments')).toHaveLength(0);

      // Ctrl+Enter sends from the keyboard.
      await user.type(within(thread).getByRole('textbox'), 'Love it{Control>}{Enter}{/Control}');
      expect(await within(thread).findByText('Love it')).toBeInTheDocument();
      expect(posted(fetchMock, '/api/drafts/t2/comments')).toEqual([{ text: 'Love it', internal: false }]);
      expect(within(thread).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('review links (staff)', () => {
    it('clients see no selection, no Send review link and no Review links section', async () => {
      const { fetchMock } = serveDrafts([makeDraft()]);
      renderContent();
      const draft = await screen.findByRole('article', { name: 'Instagram Post' });
      expect(within(draft).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send review link' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Review links' })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/review-links')).toBe(false);
    });

    it('sends the selected drafts to an address, says where, then lists the link and revokes it', async () => {
      const { fetchMock } = serveDrafts(
        [
          makeDraft({ id: 'a1', channel: 'instagram' }),
          makeDraft({ id: 'a2', channel: 'twitter' }),
          makeDraft({ id: 'a3', channel: 'linkedin' }),
        ],
        { workspace: as('staff') },
      );
      renderContent();
      const links = await screen.findByRole('region', { name: 'Review links' });
      expect(await within(links).findByText('No review links yet. Select drafts above and send one.')).toBeInTheDocument();
      const send = screen.getByRole('button', { name: 'Send review link' });
      expect(send).toHaveAttribute('aria-disabled', 'true');
      await user.click(send);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select the Instagram post for a review link' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select the LinkedIn post for a review link' }));
      expect(screen.getByText('2 drafts selected')).toBeInTheDocument();
      await user.click(send);
      const dialog = await screen.findByRole('dialog', { name: 'Send a review link' });
      expect(within(dialog).getByText('2 drafts to approve or send back, without signing in.')).toBeInTheDocument();
      expect(within(dialog).getByRole('spinbutton', { name: 'Expires after (days)' })).toHaveValue(14);

      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the email address to send the link to.');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'cmo@client.test');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted(fetchMock, '/api/review-links')).toEqual([{ draftIds: ['a1', 'a3'], email: 'cmo@client.test', expiresInDays: 14 }]);
      expect(toast.success).toHaveBeenCalledWith('Review link sent to cmo@client.test', {
        description: expect.stringMatching(/^2 drafts; it works until Jan 15, 2030/),
      });
      expect(screen.getByText('Select drafts to send them for review by email.')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select the Instagram post for a review link' })).not.toBeChecked();
      // The server sent the linked drafts for review with the link.
      expect(await within(screen.getByRole('article', { name: 'Instagram Post' })).findByText('In review')).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Twitter Post' })).queryByText('In review')).not.toBeInTheDocument();

      const row = (await within(links).findByText('cmo@client.test')).closest('li')!;
      expect(row).toHaveTextContent('2 drafts');
      expect(row).toHaveTextContent('Active');
      expect(row).toHaveTextContent(/Expires Jan 15, 2030/);
      await user.click(within(row).getByRole('button', { name: 'Revoke the link sent to cmo@client.test' }));
      await waitFor(() => expect(row).toHaveTextContent('Revoked'));
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
      expect(toast.success).toHaveBeenCalledWith('Review link revoked', {
        description: 'The link sent to cmo@client.test no longer opens.',
      });
    });

    it('a link to a Hookline address is refused in the server’s words; the dialog stays open to correct it', async () => {
      const { reviewLinks } = serveDrafts([makeDraft({ id: 'h1' })], { workspace: as('staff') });
      renderContent();
      await user.click(await screen.findByRole('checkbox', { name: 'Select the Instagram post for a review link' }));
      await user.click(screen.getByRole('button', { name: 'Send review link' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send a review link' });
      const email = within(dialog).getByRole('textbox', { name: 'Email' });
      expect(
        within(dialog).getByText("The client's reviewer, outside the Hookline team: anyone at this address can open the link."),
      ).toBeInTheDocument();
      await user.type(email, 'sam@hookline.test');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(`sam@hookline.test is a Hookline team address. ${STAFF_ADDRESS}`);
      expect(email).toHaveValue('sam@hookline.test');
      expect(reviewLinks).toEqual([]);
      expect(toast.success).not.toHaveBeenCalled();
    });

    it('refuses a lifetime outside 1 to 60 days, and lists expired links without Revoke', async () => {
      const { fetchMock } = serveDrafts([makeDraft({ id: 'b1' })], {
        workspace: as('staff'),
        reviewLinks: [makeReviewLink({ email: 'old@client.test', status: 'expired', draftIds: ['b1'] })],
      });
      renderContent();
      const links = await screen.findByRole('region', { name: 'Review links' });
      const row = (await within(links).findByText('old@client.test')).closest('li')!;
      expect(row).toHaveTextContent('1 draft');
      expect(row).toHaveTextContent(/Expired Jan 15, 2030/);
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select the Instagram post for a review link' }));
      await user.click(screen.getByRole('button', { name: 'Send review link' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send a review link' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'cmo@client.test');
      const days = within(dialog).getByRole('spinbutton', { name: 'Expires after (days)' });
      await user.clear(days);
      await user.type(days, '61');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The link can work for 1 to 60 days.');
      expect(posted(fetchMock, '/api/review-links')).toHaveLength(0);
    });
  });
});

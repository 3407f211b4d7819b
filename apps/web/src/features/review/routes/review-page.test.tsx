import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TReviewDecisionRequest, TReviewDraft, TReviewPage } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import ReviewPage from './review-page';

const TOKEN = 'tok-secret-123';
const EXPIRED = 'This review link has expired. Ask the Hookline team for a new one.';
const HELP = 'Decisions you made with this link are kept. The Hookline team can send you a new link.';
const CHANGED_SINCE_SEEN = 'This draft changed since you opened it. Look at the new version, then decide again.';
const SHOWN = '2030-01-01T10:00:00.000Z';

function makePage(): TReviewPage {
  return {
    workspaceName: 'Acme',
    email: 'cmo@acme.test',
    expiresAt: '2030-01-15T10:00:00.000Z',
    drafts: [
      {
        id: 'd1',
        channel: 'instagram',
        type: 'post',
        text: 'Spring is here',
        reviewState: 'in_review',
        media: { url: '/api/review/media/abc', type: 'image/png', name: 'cover.png' },
        comments: [
          {
            id: 'c1',
            authorName: 'Sam Staff',
            authorKind: 'staff',
            internal: false,
            text: 'Ready for you',
            createdAt: '2030-01-01T10:00:00.000Z',
          },
        ],
        updatedAt: SHOWN,
      },
      {
        id: 'd2',
        channel: 'youtube',
        type: 'video',
        text: 'Launch video',
        reviewState: 'in_review',
        media: { url: '/api/review/media/def', type: 'video/mp4', name: 'launch.mp4' },
        comments: [],
        updatedAt: SHOWN,
      },
    ],
  };
}

/**
 * The review API: lookup answers the page (as it is then: change `page` to change the drafts
 * meanwhile); decide applies the decision on the version seen, refuses one on an older version,
 * or answers `decideRefusal`.
 */
function serveReview({ lookup, decideRefusal }: { lookup?: Response; decideRefusal?: Response } = {}) {
  const page = makePage();
  const fetchMock = stubFetch((path, init) => {
    if (path === '/api/review/lookup') return lookup ?? json(page);
    if (path === '/api/review/decide') {
      if (decideRefusal) return decideRefusal;
      const input = JSON.parse(String(init?.body)) as TReviewDecisionRequest;
      const draft = page.drafts.find((candidate) => candidate.id === input.draftId)!;
      if (input.seen !== draft.updatedAt) return json({ error: CHANGED_SINCE_SEEN }, 409);
      const decided: TReviewDraft = {
        ...draft,
        updatedAt: new Date(Date.parse(draft.updatedAt) + 1000).toISOString(),
        reviewState: input.decision === 'approve' ? 'approved' : 'changes_requested',
        comments: input.comment
          ? [
              ...draft.comments,
              {
                id: 'c9',
                authorName: input.name,
                authorKind: 'reviewer',
                internal: false,
                text: input.comment,
                createdAt: '2030-01-02T09:00:00.000Z',
              },
            ]
          : draft.comments,
      };
      return json(decided);
    }
    return json({ error: 'Not found' }, 404);
  });
  const decisions = () =>
    fetchMock.mock.calls.filter(([url]) => String(url) === '/api/review/decide').map(([, init]) => JSON.parse(String(init?.body)));
  const lookups = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/review/lookup').length;
  return { fetchMock, page, decisions, lookups };
}

const renderReview = (path = `/review#token=${TOKEN}`) => renderPage(<ReviewPage />, path);
const draftCard = (name: string) => screen.getByRole('article', { name });

describe('the review page', { timeout: 30_000 }, () => {
  const user = userEvent.setup({ delay: null });
  beforeEach(() => sessionStorage.clear());

  it('shows the drafts with their media and comments; a named reviewer approves one and sees its new state', async () => {
    const { fetchMock, decisions } = serveReview();
    renderReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme — drafts for your review' })).toBeInTheDocument();
    expect(screen.getByText(/This link works until/)).toHaveTextContent(/Jan 15, 2030/);

    const post = draftCard('Instagram Post');
    expect(within(post).getByText('Spring is here')).toBeInTheDocument();
    expect(within(post).getByRole('img', { name: 'Image: cover.png' })).toHaveAttribute('src', '/api/review/media/abc');
    expect(within(post).getByText('Waiting for your review')).toBeInTheDocument();
    const comments = within(post).getByRole('region', { name: 'Comments' });
    expect(comments).toHaveTextContent('Sam Staff');
    expect(comments).toHaveTextContent('Hookline team');
    expect(comments).toHaveTextContent('Ready for you');

    const video = draftCard('YouTube Video');
    expect(within(video).getByLabelText('Video: launch.mp4').tagName).toBe('VIDEO');
    expect(within(video).queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Cara CMO');
    const approve = within(post).getByRole('button', { name: 'Approve' });
    expect(approve).toHaveAccessibleDescription('Instagram Post');
    await user.click(approve);
    expect(await within(post).findByText('Approved')).toBeInTheDocument();
    expect(within(post).getByText('Approved')).toHaveFocus();
    expect(within(post).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    // An approval can still be taken back with a request for changes.
    expect(within(post).getByRole('button', { name: 'Request changes' })).toBeInTheDocument();
    expect(within(video).getByText('Waiting for your review')).toBeInTheDocument();

    expect(decisions()).toEqual([{ token: TOKEN, draftId: 'd1', decision: 'approve', name: 'Cara CMO', seen: SHOWN }]);
    const lookup = fetchMock.mock.calls.find(([url]) => String(url) === '/api/review/lookup');
    expect(JSON.parse(String(lookup?.[1]?.body))).toEqual({ token: TOKEN });
    // The token rides in bodies only, never in an address.
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes(TOKEN))).toBe(true);
    expect(sessionStorage.getItem('hookline.reviewerName')).toBe('Cara CMO');
  });

  it('asks for the name before a decision, and remembers it for the tab', async () => {
    const { decisions } = serveReview();
    const first = renderReview();
    await screen.findByRole('heading', { level: 1, name: 'Acme — drafts for your review' });
    await user.click(within(draftCard('Instagram Post')).getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your name first: it is shown with your decisions.');
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(decisions()).toHaveLength(0);

    await user.type(name, 'Cara');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    serveReview();
    renderReview();
    expect(await screen.findByRole('textbox', { name: 'Your name' })).toHaveValue('Cara');
  });

  it('requesting changes needs a comment, and the comment shows with the new state', async () => {
    sessionStorage.setItem('hookline.reviewerName', 'Cara CMO');
    const { decisions } = serveReview();
    renderReview();
    await screen.findByRole('heading', { level: 1, name: 'Acme — drafts for your review' });
    const video = draftCard('YouTube Video');
    await user.click(within(video).getByRole('button', { name: 'Request changes' }));
    const comment = within(video).getByRole('textbox', { name: 'What should change?' });
    expect(comment).toHaveFocus();
    await user.click(within(video).getByRole('button', { name: 'Send request' }));
    expect(within(video).getByRole('alert')).toHaveTextContent('Say what should change.');
    expect(comment).toHaveAccessibleDescription('Say what should change.');
    expect(decisions()).toHaveLength(0);

    await user.type(comment, 'Cut the intro to 5 seconds');
    await user.click(within(video).getByRole('button', { name: 'Send request' }));
    expect(await within(video).findByText('Changes requested')).toBeInTheDocument();
    expect(within(video).getByRole('region', { name: 'Comments' })).toHaveTextContent('Cut the intro to 5 seconds');
    expect(within(video).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(video).queryByRole('button')).not.toBeInTheDocument();
    expect(within(video).getByText('Nothing to decide for now: a new version will be sent for your review.')).toBeInTheDocument();
    expect(decisions()).toEqual([
      { token: TOKEN, draftId: 'd2', decision: 'request_changes', name: 'Cara CMO', comment: 'Cut the intro to 5 seconds', seen: SHOWN },
    ]);
  });

  it('a draft changed since the page opened: the decision is refused, the page shows the new version with why, and decides on that', async () => {
    sessionStorage.setItem('hookline.reviewerName', 'Cara CMO');
    const { page, decisions, lookups } = serveReview();
    renderReview();
    await screen.findByRole('heading', { level: 1, name: 'Acme — drafts for your review' });
    const post = draftCard('Instagram Post');
    expect(lookups()).toBe(1);
    // The team edits the draft after the page was opened.
    Object.assign(page.drafts[0], { text: 'Spring is finally here', updatedAt: '2030-01-01T11:00:00.000Z' });

    await user.click(within(post).getByRole('button', { name: 'Approve' }));
    expect(await within(post).findByRole('alert')).toHaveTextContent(CHANGED_SINCE_SEEN);
    expect(await within(post).findByText('Spring is finally here')).toBeInTheDocument();
    expect(lookups()).toBe(2);
    expect(within(post).getByText('Waiting for your review')).toBeInTheDocument();

    await user.click(within(post).getByRole('button', { name: 'Approve' }));
    expect(await within(post).findByText('Approved')).toBeInTheDocument();
    expect(within(post).queryByRole('alert')).not.toBeInTheDocument();
    expect(decisions().map((decision) => decision.seen)).toEqual([SHOWN, '2030-01-01T11:00:00.000Z']);
  });

  it("an expired or revoked link shows the server's words and what to do", async () => {
    serveReview({ lookup: json({ error: EXPIRED }, 410) });
    renderReview();
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByText(HELP)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a link that expires while open says so on the decision', async () => {
    sessionStorage.setItem('hookline.reviewerName', 'Cara CMO');
    serveReview({ decideRefusal: json({ error: EXPIRED }, 410) });
    renderReview();
    await screen.findByRole('heading', { level: 1, name: 'Acme — drafts for your review' });
    const post = draftCard('Instagram Post');
    await user.click(within(post).getByRole('button', { name: 'Approve' }));
    const alert = await within(post).findByRole('alert');
    expect(alert).toHaveTextContent(EXPIRED);
    expect(alert).toHaveTextContent(HELP);
    expect(within(post).getByText('Waiting for your review')).toBeInTheDocument();
  });

  it('a link without its token says so and asks nothing of the server', async () => {
    const { fetchMock } = serveReview();
    renderReview('/review');
    expect(await screen.findByRole('alert')).toHaveTextContent('This review link is incomplete.');
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

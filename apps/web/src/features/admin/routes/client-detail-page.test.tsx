import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { TOnboardingRecord, TRequestDraft, TWorkspaceDraftsByState, TWorkspaceSummary } from '@hookline/shared';
import { json, renderPage, stubFetch } from '@/test/render';
import ClientDetailPage from './client-detail-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));
const auth = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ loaded: true, user: { uid: 'u1', email: 'me@x.test', role: auth.role }, isStaff: true, isFounder: false }),
}));

const CLIENT: TWorkspaceSummary = {
  id: 'c1',
  name: 'Nia Co',
  owner: 'nia@x.test',
  status: 'active',
  plan: 'managed',
  planMonthlyUsd: 2000,
  createdAt: '2025-01-01T00:00:00Z',
};
const RECORD: TOnboardingRecord = {
  createdAt: '2025-02-03T12:00:00Z',
  updatedAt: '2025-02-03T12:00:00Z',
  airtableRecordId: null,
  data: {
    name: 'Nia',
    email: 'nia@x.test',
    brand: 'Nia Co',
    website: 'nia.example',
    instagram: '',
    twitter: '@nia',
    youtube: '',
    goals: 'Grow',
    pillars: '',
    channels: ['YouTube', 'Blog'],
    cadence: 'Daily',
    approvalFlow: '',
    assetsUrl: '',
    notes: '',
  },
};

const NO_DRAFTS: TWorkspaceDraftsByState = { inReview: [], changesRequested: [], approved: [], scheduled: [] };
type Responder = Parameters<typeof stubFetch>[0];
/** The fake API of a client without drafts; everything else as `other` answers. */
const withNoDrafts =
  (other: Responder): Responder =>
  (path, init) =>
    path === '/api/admin/clients/c1/drafts' ? json(NO_DRAFTS) : other(path, init);

const renderDetail = (id = 'c1') =>
  renderPage(
    <Routes>
      <Route path="/admin/clients/:id" element={<ClientDetailPage />} />
    </Routes>,
    `/admin/clients/${id}`,
  );

describe('Client detail', () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows 'Client not found' with a way back", async () => {
    stubFetch(() => json({ error: 'Client not found' }, 404));
    renderDetail('nope');
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toHaveAttribute('href', '/admin/clients');
  });

  it('reads failed managers, timeline and onboarding loads as empty', async () => {
    stubFetch((path) => (path === '/api/admin/clients/c1' ? json(CLIENT) : json({ error: 'down' }, 500)));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Nia Co' })).toBeInTheDocument();
    expect(screen.getByText('ID: c1')).toBeInTheDocument();
    expect(await screen.findByText('No onboarding captured yet.')).toBeInTheDocument();
    expect(screen.getByText('No managers assigned yet.')).toBeInTheDocument();
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("opens the client's workspace in the dashboard", async () => {
    stubFetch(withNoDrafts((path) => (path === '/api/admin/clients/c1' ? json(CLIENT) : json([]))));
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Nia Co' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open workspace' })).toHaveAttribute('href', '/dashboard?workspace=c1');
  });

  it('shows the onboarding record without empty optional values', async () => {
    stubFetch(
      withNoDrafts((path) => (path === '/api/admin/clients/c1' ? json(CLIENT) : path.endsWith('/onboarding') ? json(RECORD) : json([]))),
    );
    renderDetail();
    expect(await screen.findByText('Twitter/X')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /nia\.example/ })).toHaveAttribute('href', 'https://nia.example');
    expect(screen.getByText('Blog')).toBeInTheDocument();
    expect(screen.queryByText('Instagram')).not.toBeInTheDocument();
    expect(screen.queryByText('Pillars / Voice')).not.toBeInTheDocument();
    expect(screen.getByText(/^Submitted/)).toBeInTheDocument();
  });

  it("returns to view after a Save & Sync whose sync failed, saying 'Sync failed'", async () => {
    const fetchMock = stubFetch(
      withNoDrafts((path, init) => {
        if (path === '/api/admin/clients/c1') return json(CLIENT);
        if (path.endsWith('/onboarding') && init?.method === 'PUT') return json({ error: 'Airtable is not configured' }, 503);
        if (path.endsWith('/onboarding')) return json(RECORD);
        return json([]);
      }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit onboarding details' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await userEvent.click(screen.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Sync' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Sync failed', { description: 'Airtable is not configured' }));
    expect(screen.queryByRole('button', { name: 'Save & Sync' })).not.toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/api/admin/clients/c1/onboarding?sync=1');
    expect(JSON.parse(String(put?.[1]?.body)).channels).toEqual(['YouTube', 'Blog', 'TikTok']);
  });

  it.each([
    ['admin', true],
    ['manager', false],
  ])('the managers card offers Add and Remove to an %s: %s', async (role, offered) => {
    auth.role = role;
    try {
      stubFetch(
        withNoDrafts((path) => {
          if (path === '/api/admin/clients/c1') return json(CLIENT);
          if (path.endsWith('/managers')) return json(['max@hookline.test']);
          if (path.endsWith('/onboarding')) return json({ error: 'No onboarding captured yet.' }, 404);
          return json([]);
        }),
      );
      renderDetail();
      expect(await screen.findByTitle('max@hookline.test')).toBeInTheDocument();
      expect(Boolean(screen.queryByRole('button', { name: 'Remove max@hookline.test' }))).toBe(offered);
      expect(Boolean(screen.queryByRole('button', { name: 'Add' }))).toBe(offered);
      if (!offered) expect(screen.getByText('Admins and founders assign managers.')).toBeInTheDocument();
    } finally {
      auth.role = 'admin';
    }
  });

  it('shows the drafts in four groups with their counts: excerpt, channel and date (the scheduled time for the queue)', async () => {
    const draft = (over: Partial<TRequestDraft>): TRequestDraft => ({
      id: 'd',
      channel: 'instagram',
      type: 'post',
      excerpt: '',
      status: 'draft',
      reviewState: null,
      scheduledAt: null,
      updatedAt: '2030-01-05T09:00:00.000Z',
      ...over,
    });
    const drafts: TWorkspaceDraftsByState = {
      inReview: [
        draft({ id: 'd1', excerpt: 'Spring menu teaser', reviewState: 'in_review' }),
        draft({ id: 'd2', excerpt: 'Chef interview', channel: 'youtube', type: 'video', reviewState: 'in_review' }),
      ],
      changesRequested: [draft({ id: 'd3', excerpt: 'Opening hours', reviewState: 'changes_requested' })],
      approved: [],
      scheduled: [
        draft({ id: 'd4', excerpt: 'Brunch is back', channel: 'linkedin', status: 'queued', scheduledAt: '2030-02-01T15:30:00.000Z' }),
      ],
    };
    stubFetch((path) => {
      if (path === '/api/admin/clients/c1') return json(CLIENT);
      if (path === '/api/admin/clients/c1/drafts') return json(drafts);
      return json([]);
    });
    renderDetail();
    const card = await screen.findByRole('region', { name: 'Drafts' });
    const group = (name: RegExp) => within(card).getByRole('region', { name });

    const inReview = await within(card).findByRole('region', { name: /^In review\s*2$/ });
    expect(
      within(inReview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Spring menu teaserInstagram Post · .*2030/),
      expect.stringMatching(/^Chef interviewYouTube Video · /),
    ]);
    expect(within(group(/^Changes requested\s*1$/)).getByText('Opening hours')).toBeInTheDocument();
    expect(within(group(/^Approved\s*0$/)).getByText('None.')).toBeInTheDocument();
    const scheduled = group(/^Scheduled\s*1$/);
    expect(within(scheduled).getByText('Brunch is back')).toBeInTheDocument();
    expect(
      within(scheduled)
        .getByText(/LinkedIn Post/)
        .querySelector('time'),
    ).toHaveAttribute('dateTime', '2030-02-01T15:30:00.000Z');
  });
});

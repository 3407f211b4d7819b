import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { json, stubFetch } from '@/test/network';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { cancelClipJob } from './cancel-clip-job';
import { createClipDraft, createClipDrafts } from './create-clip-drafts';
import { getClipJob } from './get-clip-job';
import { startClipJob, type ClipSettings } from './start-clip-job';

const BASE = 'https://clips.example.test/hookline';
const SETTINGS: ClipSettings = {
  clipDuration: 30,
  numClips: 3,
  addSubtitles: true,
  aspectRatio: '9:16',
  noFaceFraming: 'center',
  captionStyle: 'bold',
  lookFor: '',
};

afterEach(() => {
  clearActiveWorkspace();
  vi.unstubAllGlobals();
});

/** The workspace header of every fetch made, in order. */
const fetchedWorkspaces = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get(WORKSPACE_HEADER));

describe('the clipper and the workspace header', () => {
  it('names the active workspace on the configured clipper address: YouTube jobs, status and cancel', async () => {
    openWorkspaceForTest('ws-42');
    const fetchMock = stubFetch((path, init) =>
      init?.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : path.endsWith('/process')
          ? json({ job_id: 'j1' }, 202)
          : json({ status: 'running' }),
    );
    await startClipJob(BASE, { kind: 'youtube', url: 'https://youtu.be/x' }, SETTINGS);
    await getClipJob(BASE, 'j1');
    await cancelClipJob(BASE, 'j1');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      `${BASE}/api/process`,
      `${BASE}/api/clipper/jobs/j1`,
      `${BASE}/api/clipper/jobs/j1`,
    ]);
    expect(fetchedWorkspaces(fetchMock)).toEqual(['ws-42', 'ws-42', 'ws-42']);
    // The clipper's own headers stay.
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('accept')).toBe('application/json');
  });

  it('names it when clips become drafts, one or all', async () => {
    openWorkspaceForTest('ws-42');
    const fetchMock = stubFetch(() => json({ drafts: [{ id: 'd1' }] }, 201));
    await createClipDraft(BASE, 'j1', 2, 'linkedin');
    await createClipDrafts(BASE, 'j1');
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method, init?.body])).toEqual([
      [`${BASE}/api/clipper/jobs/j1/clips/2/draft`, 'POST', '{"channel":"linkedin"}'],
      [`${BASE}/api/clipper/jobs/j1/drafts`, 'POST', '{}'],
    ]);
    expect(fetchedWorkspaces(fetchMock)).toEqual(['ws-42', 'ws-42']);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('content-type')).toBe('application/json');
  });

  it('names it on an upload, which goes through XHR', () => {
    openWorkspaceForTest('ws-42');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void startClipJob(BASE, { kind: 'upload', file: new File(['x'], 'v.mp4', { type: 'video/mp4' }) }, SETTINGS);
    expect(FakeXhr.last?.headers[WORKSPACE_HEADER]).toBe('ws-42');
  });

  it('sends none without an active workspace', async () => {
    const fetchMock = stubFetch(() => json({ status: 'running' }));
    await getClipJob(BASE, 'j1');
    expect(fetchedWorkspaces(fetchMock)).toEqual([null]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    void startClipJob(BASE, { kind: 'upload', file: new File(['x'], 'v.mp4', { type: 'video/mp4' }) }, SETTINGS);
    expect(FakeXhr.last?.headers).not.toHaveProperty(WORKSPACE_HEADER);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { json, stubFetch } from '@/test/network';
import { adoptWorkspaceFromUrl, clearActiveWorkspace, getActiveWorkspaceId, workspaceUrl } from './active-workspace';
import { apiFetch } from './api-client';

function open(address: string) {
  window.history.replaceState({ idx: 3 }, '', address);
  adoptWorkspaceFromUrl();
}

const sentHeaders = (fetchMock: ReturnType<typeof stubFetch>) => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the active workspace of a tab', () => {
  it('is taken from ?workspace= and the parameter leaves the address, keeping the rest of it', () => {
    open('/dashboard/content?workspace=ws-42&channel=youtube#drafts');
    expect(getActiveWorkspaceId()).toBe('ws-42');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/dashboard/content?channel=youtube#drafts');
    // The router's own history state survives the rewrite.
    expect(window.history.state).toEqual({ idx: 3 });
  });

  it('lives in sessionStorage, so a reload of the tab keeps it', () => {
    open('/dashboard?workspace=ws-42');
    expect(sessionStorage.getItem('hookline.activeWorkspace')).toBe('ws-42');
    open('/dashboard');
    expect(getActiveWorkspaceId()).toBe('ws-42');
  });

  it('a later ?workspace= switches the tab; clearing it returns to the own workspace', () => {
    open('/dashboard?workspace=ws-1');
    open('/dashboard?workspace=ws-2');
    expect(getActiveWorkspaceId()).toBe('ws-2');
    clearActiveWorkspace();
    expect(getActiveWorkspaceId()).toBeNull();
  });

  it('ignores an id that is not one (it would not even be a valid header), but still cleans the address', () => {
    open('/dashboard?workspace=a%0Ab');
    expect(getActiveWorkspaceId()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('workspaceUrl is the address that opens a workspace', () => {
    expect(workspaceUrl('ws-42')).toBe('/dashboard?workspace=ws-42');
  });
});

describe('apiFetch and the workspace header', () => {
  it('names the active workspace on every call', async () => {
    open('/dashboard?workspace=ws-42');
    const fetchMock = stubFetch(() => json({ ok: true }));
    await apiFetch('/api/drafts', { method: 'POST', json: { text: 'x' } });
    const headers = sentHeaders(fetchMock);
    expect(headers.get(WORKSPACE_HEADER)).toBe('ws-42');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends no header when the tab has no active workspace', async () => {
    const fetchMock = stubFetch(() => json({ ok: true }));
    await apiFetch('/api/workspace');
    expect(sentHeaders(fetchMock).has(WORKSPACE_HEADER)).toBe(false);
  });
});

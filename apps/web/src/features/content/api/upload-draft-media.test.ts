import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { uploadDraftMedia } from './upload-draft-media';

afterEach(() => {
  clearActiveWorkspace();
  vi.unstubAllGlobals();
});

function upload() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  void uploadDraftMedia('d1', new File(['x'], 'a.png', { type: 'image/png' }), () => {});
  return FakeXhr.last!;
}

describe('uploadDraftMedia and the workspace header', () => {
  it('names the active workspace', () => {
    openWorkspaceForTest('ws-42');
    expect(upload().headers[WORKSPACE_HEADER]).toBe('ws-42');
  });

  it('sends none without one', () => {
    expect(upload().headers).not.toHaveProperty(WORKSPACE_HEADER);
  });
});

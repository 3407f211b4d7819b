import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { uploadAttachment } from './upload-attachment';

afterEach(() => {
  clearActiveWorkspace();
  vi.unstubAllGlobals();
});

function upload() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const sent = uploadAttachment('r1', new File(['x'], 'a.pdf', { type: 'application/pdf' }), () => {});
  return { xhr: FakeXhr.last!, sent };
}

describe('uploadAttachment', () => {
  it('names the active workspace, so staff attach in the client workspace they opened', () => {
    openWorkspaceForTest('ws-42');
    expect(upload().xhr.headers[WORKSPACE_HEADER]).toBe('ws-42');
  });

  it('sends none without one', () => {
    expect(upload().xhr.headers).not.toHaveProperty(WORKSPACE_HEADER);
  });

  it("rejects with the server's message", async () => {
    const { xhr, sent } = upload();
    xhr.respond(409, { error: 'A request holds at most 10 files.' });
    await expect(sent).rejects.toMatchObject({ status: 409, message: 'A request holds at most 10 files.' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { stubFetch } from '@/test/network';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
import { streamedReply } from '../test-streams';
import { streamAssistant } from './stream-assistant';

afterEach(() => clearActiveWorkspace());

async function sentHeaders() {
  const fetchMock = stubFetch(() => streamedReply('Hi'));
  await expect(streamAssistant({ messages: [{ role: 'user', content: 'Hello' }] }, { onDelta: () => {} })).resolves.toBe('Hi');
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe('the assistant stream and the workspace header', () => {
  it('names the active workspace', async () => {
    openWorkspaceForTest('ws-42');
    const headers = await sentHeaders();
    expect(headers.get(WORKSPACE_HEADER)).toBe('ws-42');
    expect(headers.get('accept')).toBe('text/event-stream');
  });

  it('sends none without one', async () => {
    expect((await sentHeaders()).has(WORKSPACE_HEADER)).toBe(false);
  });
});

import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useClearedOnAccountChange } from './query-root';

const auth = vi.hoisted(() => ({ uid: 'staff-1' as string | null }));
vi.mock('@/lib/auth/use-auth', () => ({
  useAuth: () => ({ loaded: true, user: auth.uid ? { uid: auth.uid, email: 'x@x.test', role: 'client' } : null }),
}));

function Probe({ client }: { client: QueryClient }) {
  useClearedOnAccountChange(client);
  return null;
}

describe('the query cache and the signed-in account', () => {
  it("is emptied when the account changes, so nobody sees the last one's answers", () => {
    const client = new QueryClient();
    const { rerender } = render(<Probe client={client} />);
    client.setQueryData(['drafts'], ['a draft of client X']);
    rerender(<Probe client={client} />);
    expect(client.getQueryData(['drafts'])).toEqual(['a draft of client X']);

    auth.uid = null;
    rerender(<Probe client={client} />);
    expect(client.getQueryData(['drafts'])).toBeUndefined();

    client.setQueryData(['drafts'], ['cached while signed out']);
    auth.uid = 'client-2';
    rerender(<Probe client={client} />);
    expect(client.getQueryData(['drafts'])).toBeUndefined();
  });
});

import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import { HeroSection } from './hero-section';

const SIGNED_IN = {
  user: { id: 'u1', email: 'u@example.com', name: 'U', image: null, role: 'client', emailVerified: false, createdAt: '', updatedAt: '' },
  session: { id: 's1', userId: 'u1', token: 't', expiresAt: '2099-01-01T00:00:00.000Z', createdAt: '', updatedAt: '' },
};

describe('landing hero and the loaded flag', () => {
  it('shows no call to action until the session is known, then the signed-in one', async () => {
    const pending: Array<(response: Response) => void> = [];
    stubFetch(() => new Promise<Response>((resolve) => pending.push(resolve)));
    renderPage(<HeroSection />);
    expect(screen.queryByRole('link', { name: /Get Content Done For You/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Go to Dashboard/ })).not.toBeInTheDocument();

    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    await act(async () => pending.forEach((resolve) => resolve(json(SIGNED_IN))));
    expect(await screen.findByRole('link', { name: /Go to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: /Get Content Done For You/ })).not.toBeInTheDocument();
  });
});

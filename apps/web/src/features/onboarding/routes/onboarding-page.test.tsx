import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import OnboardingPage from './onboarding-page';

async function fillAllSteps() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Your name'), 'Nia');
  await user.type(screen.getByLabelText('Email'), 'nia@example.com');
  await user.type(screen.getByLabelText('Brand'), 'Nia Co');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('Goals'), 'Grow');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('Desired cadence'), 'Daily');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const signedOut = (path: string) => (path === '/api/auth/get-session' ? json(null) : undefined);

describe('onboarding wizard errors', () => {
  it('shows the server error text', async () => {
    stubFetch((path) => signedOut(path) ?? json({ error: 'email: Email must be a valid email address' }, 400));
    renderPage(<OnboardingPage />);
    await fillAllSteps();
    expect(await screen.findByRole('alert')).toHaveTextContent('email: Email must be a valid email address');
  });

  it("shows 'Submit failed ({status})' when the answer has no error text", async () => {
    stubFetch((path) => signedOut(path) ?? new Response('<html>Bad gateway</html>', { status: 502 }));
    renderPage(<OnboardingPage />);
    await fillAllSteps();
    expect(await screen.findByRole('alert')).toHaveTextContent('Submit failed (502)');
  });

  it("shows 'Submission failed' when the request cannot be made", async () => {
    stubFetch((path) => signedOut(path) ?? Promise.reject(new TypeError('Failed to fetch')));
    renderPage(<OnboardingPage />);
    await fillAllSteps();
    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed');
  });

  it('shows the thank-you message after a successful submission', async () => {
    const fetchMock = stubFetch((path) => signedOut(path) ?? json({ ok: true, requestId: 'r1' }));
    renderPage(<OnboardingPage />);
    await fillAllSteps();
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    const submit = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/onboarding/submit'));
    expect(JSON.parse(String(submit?.[1]?.body))).toMatchObject({ name: 'Nia', email: 'nia@example.com', brand: 'Nia Co' });
  });
});

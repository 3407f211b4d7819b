import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '@/test/render';
import { streamedReply } from '../test-streams';
import { FloatingAssistant } from './floating-assistant';

function Shell() {
  return (
    <>
      <Link to="/dashboard/content-lab">Content Lab</Link>
      <Link to="/dashboard/analytics">Analytics</Link>
      <FloatingAssistant />
    </>
  );
}

const launcher = () => screen.getByRole('button', { name: 'Open AI assistant' });

describe('floating AI assistant', () => {
  it('opens a panel with the chat, closes on Escape returning focus, and keeps the conversation', async () => {
    stubFetch(() => streamedReply('Hello ', 'there!'));
    const user = userEvent.setup();
    renderPage(<Shell />, '/dashboard');

    await user.click(launcher());
    const panel = await screen.findByRole('dialog', { name: 'AI assistant' });
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(box).toHaveFocus());

    await user.type(box, '  Hi  {Enter}');
    expect(await within(panel).findByText('Hello there!')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(launcher()).toHaveFocus();

    await user.click(launcher());
    expect(await within(await screen.findByRole('dialog')).findByText('Hello there!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close AI assistant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not on Content Lab, and comes back on other dashboard pages', async () => {
    const user = userEvent.setup();
    renderPage(<Shell />, '/dashboard/content-lab');
    expect(screen.queryByRole('button', { name: 'Open AI assistant' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Analytics' }));
    expect(launcher()).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Content Lab' }));
    expect(screen.queryByRole('button', { name: 'Open AI assistant' })).not.toBeInTheDocument();
  });
});

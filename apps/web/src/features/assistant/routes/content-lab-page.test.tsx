import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubFetch } from '@/test/render';
import { CONTENT_LAB_SYSTEM_PROMPT } from '../content-lab-prompts';
import { streamedReply } from '../test-streams';
import ContentLabPage from './content-lab-page';

const box = () => screen.getByRole('textbox', { name: 'Message' });

describe('Content Lab', () => {
  it('offers a starter for posts, hooks, scripts and captions that fills the message box', async () => {
    stubFetch(() => streamedReply('Ok'));
    const user = userEvent.setup();
    renderPage(<ContentLabPage />, '/dashboard/content-lab');
    expect(screen.getByRole('heading', { level: 1, name: 'Content Lab' })).toBeInTheDocument();
    const starters = within(screen.getByRole('group', { name: 'Quick starters' })).getAllByRole('button');
    expect(starters.map((b) => b.textContent?.trim())).toEqual([
      'Write a post',
      'Give me 5 hooks',
      'Draft a 30-second script',
      'Caption this',
    ]);

    await user.click(screen.getByRole('button', { name: 'Give me 5 hooks' }));
    expect(box()).toHaveValue('Give me 5 scroll-stopping hooks for a video about ');
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('sends its system prompt with the conversation and shows the streamed reply', async () => {
    const fetchMock = stubFetch(() => streamedReply('1. Stop ', 'baking ', 'wrong.'));
    const user = userEvent.setup();
    renderPage(<ContentLabPage />, '/dashboard/content-lab');
    await user.click(screen.getByRole('button', { name: 'Give me 5 hooks' }));
    await user.type(box(), 'sourdough{Enter}');
    expect(await screen.findByText('1. Stop baking wrong.')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body).toEqual({
      system: CONTENT_LAB_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: 'Give me 5 scroll-stopping hooks for a video about sourdough' }],
    });
    expect(CONTENT_LAB_SYSTEM_PROMPT).toMatch(/posts.*hooks.*scripts.*captions/);

    await user.click(screen.getByRole('button', { name: 'New chat' }));
    expect(screen.queryByText('1. Stop baking wrong.')).not.toBeInTheDocument();
  });

  it("shows 'Failed to reply' when the failure has no message", async () => {
    stubFetch(() => Promise.reject(new TypeError('')));
    const user = userEvent.setup();
    renderPage(<ContentLabPage />, '/dashboard/content-lab');
    await user.type(box(), 'Write a post{Enter}');
    expect(await screen.findByText('Error: Failed to reply')).toBeInTheDocument();
  });
});

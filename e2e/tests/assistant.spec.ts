import { defaultFakeReply } from '../../apps/server/test/support/fake-openai.ts';
import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

// global-setup points the app at a fake OpenAI-compatible service that streams a reply quoting the last message.
const replyTo = (message: string) => defaultFakeReply([{ role: 'user', content: message }]);

test('Content Lab: a starter, a streamed reply, and the conversation going on', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('lab'), 'Lara Lab');
  await page.goto('/dashboard/content-lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Lab' })).toBeVisible();
  // Content Lab is the assistant's own page: no floating button here.
  await expect(page.getByRole('button', { name: 'Open AI assistant' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Write a post' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.pressSequentially('our spring bake sale');
  const first = 'Write a social media post about our spring bake sale';

  const requestSent = page.waitForRequest('**/api/assistant/stream');
  const responded = page.waitForResponse('**/api/assistant/stream');
  await box.press('Enter');
  const request = await requestSent;
  expect(request.postDataJSON()).toEqual({
    system: expect.stringContaining('posts, scroll-stopping hooks, short video scripts and captions'),
    messages: [{ role: 'user', content: first }],
  });
  expect((await responded).headers()['content-type']).toMatch(/^text\/event-stream/);

  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(first, { exact: true })).toBeVisible();
  await expect(log.getByText(replyTo(first), { exact: true })).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'false');

  // Shift+Enter is a new line; Enter sends, with the earlier turns.
  await box.pressSequentially('Shorter');
  await box.press('Shift+Enter');
  await box.pressSequentially('please');
  const nextRequest = page.waitForRequest('**/api/assistant/stream');
  await box.press('Enter');
  expect((await nextRequest).postDataJSON().messages).toEqual([
    { role: 'user', content: first },
    { role: 'assistant', content: replyTo(first) },
    { role: 'user', content: 'Shorter\nplease' },
  ]);
  await expect(log.getByText(replyTo('Shorter\nplease'), { exact: true })).toBeVisible();
});

test('floating assistant: on dashboard pages but Content Lab, chatting in a panel that Escape closes', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('float'), 'Fay Float');
  await page.goto('/dashboard');
  const launcher = page.getByRole('button', { name: 'Open AI assistant' });
  await expect(launcher).toBeVisible();
  // Fixed at the bottom right of the window.
  const viewport = page.viewportSize()!;
  const at = (await launcher.boundingBox())!;
  expect(at.x + at.width).toBeGreaterThan(viewport.width - 80);
  expect(at.y + at.height).toBeGreaterThan(viewport.height - 80);

  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'AI assistant' });
  await expect(panel).toBeVisible();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.fill('Three caption ideas for a cafe');
  await box.press('Enter');
  await expect(panel.getByText(replyTo('Three caption ideas for a cafe'), { exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Content Lab' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Lab' })).toBeVisible();
  await expect(launcher).toHaveCount(0);

  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(launcher).toBeVisible();
  // The conversation is still there.
  await launcher.click();
  await expect(panel.getByText(replyTo('Three caption ideas for a cafe'), { exact: true })).toBeVisible();
});

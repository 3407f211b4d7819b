import { api, expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('overview: the Queue count comes from real drafts, with the Connect a channel prompt', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('overview'), 'Olive Overview');
  const first = await api(page, 'POST', '/api/drafts', { type: 'post', text: 'First queued post' });
  const second = await api(page, 'POST', '/api/drafts', { type: 'thread', channel: 'twitter', text: 'Second queued thread' });
  await api(page, 'POST', '/api/drafts', { type: 'video', channel: 'youtube' });
  await api(page, 'POST', `/api/drafts/${first.id}/queue`);
  await api(page, 'POST', `/api/drafts/${second.id}/queue`);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Key figures' });
  await expect(figures.getByRole('link', { name: /Queue\s*2/ })).toBeVisible();
  await expect(figures.getByText('Sample data')).toHaveCount(2);

  const prompt = page.getByRole('region', { name: 'Connect a channel' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/dashboard/settings');
  await expect(page.getByRole('link', { name: 'Manage connections' })).toHaveAttribute('href', '/dashboard/settings');
  await expect(page.getByRole('list', { name: 'Upcoming posts' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Twitter thread queued for');

  // Queue one more from Content: the overview's count follows.
  await page.goto('/dashboard/content');
  await page.getByRole('article', { name: 'YouTube Video' }).getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('article', { name: 'YouTube Video' }).getByText(/^Queued for /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
  await expect(figures.getByRole('link', { name: /Queue\s*3/ })).toBeVisible();
});

test('overview on a phone: no sideways scrolling, and the menu closes on Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, uniqueEmail('overview-phone'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Connect a channel' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(nav).not.toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).not.toBeInViewport();
});

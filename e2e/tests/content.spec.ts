import { expect, signInViaForm, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('content: create a draft, write, queue, publish now; it stays published after a reload and a new sign-in', async ({ page }) => {
  const email = uniqueEmail('content');
  await signUpViaApi(page, email, 'Cora Content');
  await page.goto('/dashboard/content');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No drafts yet' })).toBeVisible();

  await page.getByRole('button', { name: 'New', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Create a draft' });
  await expect(panel.getByRole('radio')).toHaveCount(4);
  await expect(panel.getByRole('radio', { name: 'Post' })).toBeChecked();
  await expect(panel.getByRole('combobox', { name: 'Channel' })).toHaveValue('instagram');
  await panel.getByRole('button', { name: 'Create draft' }).click();

  const card = page.getByRole('article', { name: 'Instagram Post' });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await card.getByRole('textbox').fill('Spring launch is live — link in bio');
  await card.getByRole('button', { name: 'Queue' }).click();
  await expect(card.getByText(/^Queued for /)).toBeVisible();
  await expect(card.getByText('Saved')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Re-queue' })).toBeVisible();

  // The scheduler takes it at once: "Publishing…" may last less than the list's reload.
  await card.getByRole('button', { name: 'Publish now' }).click();
  await expect(card.getByText(/^Published \d/)).toBeVisible();
  await expect(card.getByText('Published in Hookline only: no Instagram account is connected.')).toBeVisible();
  await expect(card.getByRole('button')).toHaveText(['Comments', 'Duplicate to…', 'Delete']);
  await expect(card.getByRole('textbox')).toHaveAttribute('readonly', '');

  await page.reload();
  const reloaded = page.getByRole('article', { name: 'Instagram Post' });
  await expect(reloaded.getByText(/^Published \d/)).toBeVisible();
  await expect(reloaded.getByRole('textbox')).toHaveValue('Spring launch is live — link in bio');

  await page.locator('#sidebar').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?redirect=%2Fdashboard%2Fcontent');
  await signInViaForm(page, email);
  await expect(page.getByRole('article', { name: 'Instagram Post' }).getByText(/^Published \d/)).toBeVisible();
});

test('content: filter by channel, and attach an image to a draft', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('content-media'));
  await page.goto('/dashboard/content');
  await expect(page.getByRole('heading', { name: 'No drafts yet' })).toBeVisible();

  const create = async (type: string, channel: string) => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Create a draft' });
    await panel.getByText(type, { exact: true }).click();
    await panel.getByRole('combobox', { name: 'Channel' }).selectOption(channel);
    await panel.getByRole('button', { name: 'Create draft' }).click();
    await expect(panel).toBeHidden();
  };
  await create('Thread', 'twitter');
  await create('Video', 'youtube');
  await expect(page.getByRole('article')).toHaveCount(2);

  const filter = page.getByRole('group', { name: 'Channel' });
  await filter.getByRole('button', { name: 'Twitter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/content\?channel=twitter$/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Twitter Thread' })).toBeVisible();
  await filter.getByRole('button', { name: 'LinkedIn' }).click();
  await expect(page.getByRole('heading', { name: 'No LinkedIn drafts yet' })).toBeVisible();
  await filter.getByRole('button', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/dashboard\/content$/);
  await expect(page.getByRole('article')).toHaveCount(2);

  // A real PNG: the browser's own screenshot.
  const png = await page.screenshot();
  const card = page.getByRole('article', { name: 'Twitter Thread' });
  await card.getByLabel('Add media').setInputFiles({ name: 'launch-cover.png', mimeType: 'image/png', buffer: png });
  const image = card.getByRole('img', { name: 'Attached image: launch-cover.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByLabel('Replace media')).toBeAttached();

  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Twitter Thread' }).getByRole('img', { name: 'Attached image: launch-cover.png' }),
  ).toBeVisible();
});

import { CHANNEL_HANDLE } from '../global-setup.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('connect a YouTube channel through the provider, refresh it, remove it', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('channels'), 'Cora Channels');
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Connected channels' });
  await expect(card.getByText('No channels connected yet.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Connect LinkedIn' })).toBeVisible();

  // The real trip: the app, the provider's consent screen (which approves at once), back to the app.
  await card.getByRole('link', { name: 'Connect YouTube' }).click();
  await expect(page.getByText('YouTube channel connected.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  const channel = card.getByRole('listitem', { name: `YouTube ${CHANNEL_HANDLE}` });
  await expect(channel.getByText(CHANNEL_HANDLE, { exact: true })).toBeVisible();
  await expect(channel.getByText('Connected', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings with a connected channel');

  await channel.getByRole('button', { name: `Refresh ${CHANNEL_HANDLE}` }).click();
  const refreshed = page.getByText('Channel refreshed');
  await expect(refreshed).toBeVisible();
  // Held under the pointer (sonner pauses a hovered toast), so it is still there when axe looks.
  await refreshed.hover();
  await expectNoSeriousA11yViolations(page, 'settings with a toast');
  await expect(refreshed).toBeVisible();
  await expect(channel.getByText('Connected', { exact: true })).toBeVisible();

  // Still there after a reload (stored on the server), then removed behind a confirmation.
  await page.reload();
  await channel.getByRole('button', { name: `Remove ${CHANNEL_HANDLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove channel?' });
  await expect(dialog).toContainText(`Hookline will forget ${CHANNEL_HANDLE} (YouTube)`);
  await expectNoSeriousA11yViolations(page, 'the Remove channel? dialog');
  await dialog.getByRole('button', { name: 'Remove channel' }).click();
  await expect(page.getByText('Channel removed')).toBeVisible();
  await expect(card.getByText('No channels connected yet.')).toBeVisible();
  await page.reload();
  await expect(card.getByText('No channels connected yet.')).toBeVisible();
});

test('a provider answer that does not match the browser is refused with a clear notice', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('channels-forged'));
  await page.goto('/api/social/google/callback?code=stolen&state=forged');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('alert')).toContainText('Could not connect the channel: The YouTube connection could not be verified');
  await expectNoSeriousA11yViolations(page, 'settings with a connection notice');
  await expect(page.getByRole('region', { name: 'Connected channels' }).getByText('No channels connected yet.')).toBeVisible();
});

test('a signed-out browser is sent to sign in before connecting', async ({ page }) => {
  await page.goto('/api/social/google/auth');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

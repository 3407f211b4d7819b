import { api, expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('the settings page shows the account and saves workspace preferences across a reload', async ({ page }) => {
  const email = uniqueEmail('settings-prefs');
  await signUpViaApi(page, email, 'Pia Prefs');
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(email)).toBeVisible();
  const ownZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(account.getByText(ownZone, { exact: true })).toBeVisible();
  await account.getByRole('button', { name: 'Manage profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(profile.getByLabel('Display name')).toHaveValue('Pia Prefs');
  await profile.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(profile).toHaveCount(0);

  const prefs = page.getByRole('region', { name: 'Workspace preferences' });
  await expect(prefs.getByLabel('Default cadence')).toHaveValue('Daily');
  await expect(prefs.getByLabel('Time zone override')).toHaveValue('');
  const zone = ownZone === 'Asia/Tokyo' ? 'America/Chicago' : 'Asia/Tokyo';
  await prefs.getByLabel('Default cadence').selectOption('3x per week');
  await prefs.getByLabel('Time zone override').selectOption(zone);
  await prefs.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();

  await page.reload();
  await expect(prefs.getByLabel('Default cadence')).toHaveValue('3x per week');
  await expect(prefs.getByLabel('Time zone override')).toHaveValue(zone);
  await expect(account.getByText(`Your workspace schedules in ${zone} (workspace override).`)).toBeVisible();

  // Back to each user's own zone.
  await prefs.getByLabel('Time zone override').selectOption('');
  await prefs.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.reload();
  await expect(prefs.getByLabel('Time zone override')).toHaveValue('');
  await expect(account.getByText(/workspace override/)).toHaveCount(0);
});

test('deleting the workspace requires typing its exact name', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('settings-delete'), 'Dana Delete');
  const before = await api(page, 'PATCH', '/api/workspace', { cadence: 'Weekly' });
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Workspace preferences' }).getByLabel('Default cadence')).toHaveValue('Weekly');

  await page.getByRole('button', { name: 'Delete workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete workspace' });
  await expect(dialog).toContainText(`Type ${before.name} to confirm.`);
  const confirm = dialog.getByRole('button', { name: 'Delete workspace' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Workspace name').fill(before.name.toUpperCase());
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Workspace name').fill(`${before.name} `);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Workspace name').fill(before.name);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Workspace deleted')).toBeVisible();
  // The old workspace and its preferences are gone; the next use starts a fresh one.
  const after = await api(page, 'GET', '/api/workspace');
  expect(after.id).not.toBe(before.id);
  expect(after.cadence).toBe('Daily');
});

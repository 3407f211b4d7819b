import { api, expect, PASSWORD, SETTINGS_JOURNEY_FOUNDER, test, uniqueEmail } from '../support/test.ts';

// Runs alone after every other journey (see playwright.config.ts): it closes public sign-up.
test('save settings, close public sign-up and see sign-up refused, then open it again', async ({ page, browser }) => {
  await page.request.post('/api/auth/sign-up/email', {
    data: { email: SETTINGS_JOURNEY_FOUNDER, password: PASSWORD, name: 'Sol Settings' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  await page.goto('/admin/settings');
  await expect(page.getByText('Brand, webhooks, access control, and more.')).toBeVisible();
  await page.getByLabel('Support email').fill('help@e2e.test');
  await page.getByRole('checkbox', { name: /Allow public signups/ }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Support email')).toHaveValue('help@e2e.test');
  await expect(page.getByRole('checkbox', { name: /Allow public signups/ })).not.toBeChecked();

  const visitor = await browser.newPage();
  await visitor.goto('/signup');
  await visitor.getByLabel('Email').fill(uniqueEmail('refused'));
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Public sign-up is closed. Ask the Hookline team for an invitation.');
  await visitor.close();

  const settings = await api(page, 'GET', '/api/admin/settings');
  await api(page, 'PUT', '/api/admin/settings', { ...settings, allowSelfSignup: true });
});

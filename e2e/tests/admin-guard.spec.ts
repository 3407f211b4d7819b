import { expect, FOUNDER_EMAIL, signInViaForm, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('a client is sent from /admin to /dashboard, and the API refuses them too', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('client'));
  await page.goto('/admin/clients');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const api = await page.request.get('/api/admin/clients');
  expect(api.status()).toBe(403);
  expect((await api.json()).error).toBeTruthy();
});

test('a signed-out visitor to /admin sees the sign-in screen; the founder is let in', async ({ page }) => {
  await signUpViaApi(page, FOUNDER_EMAIL);
  await page.context().clearCookies();
  await page.goto('/admin/requests');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await signInViaForm(page, FOUNDER_EMAIL);
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(page.locator('#sidebar').getByText('Founder', { exact: true })).toBeVisible();
  await expect(page.locator('#sidebar').getByText(FOUNDER_EMAIL).first()).toBeVisible();

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(nav.getByText('Founder', { exact: true })).toBeVisible();
  const shortcuts = page.getByRole('complementary', { name: 'Founder shortcuts' });
  await expect(shortcuts.getByText(FOUNDER_EMAIL)).toBeVisible();
  await shortcuts.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.locator('#sidebar').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

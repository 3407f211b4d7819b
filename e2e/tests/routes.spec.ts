import { expect, signInViaForm, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test.describe('routes and redirects', () => {
  for (const path of ['/login', '/sign-in', '/signin']) {
    test(`${path} shows the sign-in screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    });
  }

  for (const path of ['/signup', '/sign-up']) {
    test(`${path} shows the sign-up screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page.getByLabel('Name (optional)')).toBeVisible();
    });
  }

  test('unknown paths redirect to their area or home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/nope/deeper');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/nope');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a signed-out visitor to a dashboard page signs in and comes back to it', async ({ page }) => {
    const email = uniqueEmail('return');
    await signUpViaApi(page, email);
    await page.context().clearCookies();
    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  });

  for (const target of ['https://evil.example/steal', '//evil.example/steal']) {
    test(`?redirect=${target} falls back to /dashboard (no open redirect)`, async ({ page }) => {
      const email = uniqueEmail('redirect');
      await signUpViaApi(page, email);
      await page.context().clearCookies();
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await signInViaForm(page, email);
      await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
    });
  }

  test('?redirect= with a same-origin path is honoured', async ({ page }) => {
    const email = uniqueEmail('redirect-ok');
    await signUpViaApi(page, email);
    await page.context().clearCookies();
    await page.goto(`/login?redirect=${encodeURIComponent('/dashboard/settings')}`);
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
  });
});

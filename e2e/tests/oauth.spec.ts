import { GOOGLE_TEST_USER } from '../support/oidc-provider.ts';
import { expect, test } from '../support/test.ts';

test('Google sign-in runs the real OpenID Connect flow and lands signed in', async ({ page }) => {
  await page.goto('/login?redirect=%2Fdashboard%2Fcontent');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard\/content$/);
  await expect(page.locator('#sidebar').getByText(GOOGLE_TEST_USER.name)).toBeVisible();
});

test('Apple sign-in says clearly that it is not configured', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await expect(page.getByRole('alert')).toHaveText('Apple sign-in is not configured on this server.');
});

import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('dashboard shell: sidebar items, and on a phone a menu that closes on Escape and on navigation', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('shell'), 'Sam Shell');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const items = ['Overview', 'Content', 'Calendar', 'Content Lab', 'Video Clipper', 'Analytics', 'Requests', 'Settings'];
  await expect(nav.getByRole('link')).toHaveText(items);
  await expect(page.locator('#sidebar').getByText('Sam Shell')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(nav).not.toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).not.toBeInViewport();

  await toggle.click();
  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await page.locator('#sidebar').getByRole('button', { name: 'Close menu' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await page.locator('#sidebar').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the public top bar works by keyboard', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Hookline home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#pricing')).toBeInViewport();
});

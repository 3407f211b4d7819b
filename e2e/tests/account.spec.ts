import { expect, PASSWORD, test, uniqueEmail } from '../support/test.ts';

test('sign up, edit the profile with an avatar, stay signed in over a reload, sign out', async ({ page }) => {
  const email = uniqueEmail('account');
  await page.goto('/signup');
  await page.getByLabel('Name (optional)').fill('Avery Account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const sidebar = page.locator('#sidebar');
  await expect(sidebar.getByText('Avery Account')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Manage profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByText(email)).toBeVisible();
  await expect(dialog.getByText(/^UID: /)).toBeVisible();
  await expect(dialog.getByLabel('Display name')).toHaveValue('Avery Account');

  // A real PNG: a screenshot of the page itself.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 200 } });
  await dialog.getByLabel('Upload avatar').setInputFiles({ name: 'my face.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByLabel('Photo URL')).toHaveValue(/^\/api\/files\/avatars\/[^/]+\/\d+-my-face\.png$/);
  await expect(dialog.getByRole('img', { name: 'Avatar preview' })).toBeVisible();

  await dialog.getByLabel('Display name').fill('Avery Renamed');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Profile updated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sidebar.getByText('Avery Renamed')).toBeVisible();

  // A file that is not an image is refused with the server's message.
  await sidebar.getByRole('button', { name: 'Manage profile' }).click();
  await dialog
    .getByLabel('Upload avatar')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') });
  await expect(dialog.getByRole('alert')).toHaveText(/must be an image file/);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toHaveCount(0);
  await expect(sidebar.getByText('Avery Renamed')).toBeVisible();

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Manage Profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('sign-in errors are shown clearly', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('whatever-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
});

test('sign-up enforces the password policy and refuses a taken email', async ({ page }) => {
  const email = uniqueEmail('taken');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists. Sign in instead.');
});

import { waitForMail } from '../support/mailbox.ts';
import { expect, signInViaForm, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('forgot password: mail over real SMTP, reset, sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await signUpViaApi(page, email);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your email above to reset your password.');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  // The form's own status line; the page's toast region ("Notifications") is a status region too.
  await expect(page.getByRole('status').filter({ hasText: 'Password reset email sent' })).toHaveText(
    'Password reset email sent. Check your inbox.',
  );

  const mail = await waitForMail(email);
  expect(mail).toMatch(/Subject: Reset your Hookline password/);
  const link = mail.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link, 'reset link in the mail').toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret-2');
  await page.getByLabel('Repeat new password').fill('brand-new-secret-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signInViaForm(page, email, 'e2e-password-1');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password', { exact: true }).fill('brand-new-secret-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

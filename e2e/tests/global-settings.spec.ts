import type { Browser } from '@playwright/test';
import { expect, PASSWORD, SETTINGS_JOURNEY_FOUNDER, signUpOrSignIn, test, uniqueEmail } from '../support/test.ts';

/** A visitor in a browser of their own tries to create an account on /signup. */
async function visitorSignsUp(browser: Browser) {
  const visitor = await browser.newPage();
  await visitor.goto('/signup');
  await visitor.getByLabel('Email').fill(uniqueEmail('visitor'));
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  return visitor;
}

// Closing public sign-up changes it for the whole app, but only for this worker's app, which runs
// no other journey meanwhile (support/test.ts). It opens sign-up again for the journeys after it.
test('save settings, close public sign-up and see sign-up refused, then open it again', async ({ page, browser }) => {
  await signUpOrSignIn(page, SETTINGS_JOURNEY_FOUNDER, 'Sol Settings');
  await page.goto('/admin/settings');
  await expect(page.getByText('Brand, webhooks, access control, and more.')).toBeVisible();
  const allowSignUp = page.getByRole('checkbox', { name: /Allow public signups/ });
  await page.getByLabel('Support email').fill('help@e2e.test');
  await allowSignUp.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Support email')).toHaveValue('help@e2e.test');
  await expect(allowSignUp).not.toBeChecked();

  const refused = await visitorSignsUp(browser);
  await expect(refused.getByRole('alert')).toHaveText('Public sign-up is closed. Ask the Hookline team for an invitation.');
  await refused.close();

  await allowSignUp.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const welcomed = await visitorSignsUp(browser);
  await expect(welcomed).toHaveURL(/\/dashboard$/);
  await welcomed.close();
});

import { expect, test, uniqueEmail } from '../support/test.ts';

test('the onboarding wizard validates each step and submits', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill your name, email, and brand.');
  await page.getByLabel('Your name').fill('Olive Onboard');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  const email = uniqueEmail('onboard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Brand').fill('Olive Studio');
  await page.getByLabel('Instagram').fill('@olive');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please describe your goals.');
  await page.getByLabel('Goals').fill('Grow to 100k followers');
  const channels = page.getByRole('group', { name: 'Channels' });
  await expect(channels.getByRole('checkbox')).toHaveCount(7);
  await channels.getByText('YouTube').click();
  await channels.getByText('Newsletter').click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please note your desired cadence.');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByLabel('Goals')).toHaveValue('Grow to 100k followers');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Desired cadence').fill('3 posts a week');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByLabel('Notes').fill('Prefers mornings');
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/submit'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await submitted;
  expect(response.status()).toBe(200);
  expect(JSON.parse(response.request().postData()!)).toMatchObject({
    name: 'Olive Onboard',
    email,
    brand: 'Olive Studio',
    instagram: '@olive',
    goals: 'Grow to 100k followers',
    channels: ['YouTube', 'Newsletter'],
    cadence: '3 posts a week',
    notes: 'Prefers mornings',
  });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('a server-side rejection is shown in the wizard', async ({ page }) => {
  await page.goto('/onboarding');
  await page.getByLabel('Your name').fill('Bad Email');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Brand').fill('Brand');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Goals').fill('Goals');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Desired cadence').fill('Daily');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('email: Email must be a valid email address');
});

import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test.describe('landing page', () => {
  test('sections come in order: home, benefits, services, pricing, testimonials', async ({ page }) => {
    await page.goto('/');
    const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(['home', 'benefits', 'services', 'pricing', 'testimonials']);
    await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveCount(3);
    for (const item of ['Auto import', 'Auto editing', 'Auto scheduling']) {
      await expect(page.locator('#services').getByText(item, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#testimonials blockquote')).toHaveCount(6);
    await expect(page.getByText('99.95%').first()).toBeVisible();
  });

  test('pricing shows the three plans with their prices and calls to action', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const plans = [
      { name: 'Self-Serve', price: '$29/mo', cta: 'Start self-serve', href: '/signup', features: ['1 workspace', 'Email support'] },
      {
        name: 'Managed',
        price: 'from $2,000/mo',
        cta: 'Get managed',
        href: '/signup',
        features: ['Publishing on 6+ platforms', 'Priority chat support'],
      },
      {
        name: 'Enterprise',
        price: 'Custom',
        cta: 'Talk to us',
        href: '/contact',
        features: ['Unlimited workspaces', 'Dedicated success manager'],
      },
    ];
    for (const plan of plans) {
      const card = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
      await expect(card.getByText(plan.price, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: plan.cta })).toHaveAttribute('href', plan.href);
      for (const feature of plan.features) await expect(card.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(pricing.getByText('Most popular')).toBeVisible();
  });

  test('top bar links scroll to their sections', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits' }).click();
    await expect(page.locator('#benefits')).toBeInViewport();
  });

  test('signed out: Get Content Done For You leads to onboarding; signed in: Go to Dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Get Content Done For You' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);

    await signUpViaApi(page, uniqueEmail('landing'));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Content Done For You' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test('/contact links to the enterprise call', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'Book an enterprise call' })).toHaveAttribute(
      'href',
      'https://cal.com/hookline/enterprise',
    );
  });
});

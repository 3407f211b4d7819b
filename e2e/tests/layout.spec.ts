import type { Locator, Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

// The public pages sit under a top bar that floats over them (position: fixed): at a phone's and a
// desktop's width, nothing may scroll sideways, the top bar must stay on top and usable, and each
// page's heading must show below it, not hidden under it.

const PAGES = [
  { path: '/', heading: /done for you/ },
  { path: '/onboarding', heading: 'Let’s get your content done' },
  { path: '/login', heading: 'Sign in' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/contact', heading: 'Talk to us about Enterprise' },
];

/** Whether a pointer at the element's centre lands on the element (nothing drawn over it). */
function receivesPointer(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
}

/** How far a box's top lies below the top bar's bottom edge (negative: under the bar). */
async function gapBelowTopBar(page: Page, locator: Locator) {
  const [bar, box] = await Promise.all([page.getByRole('navigation', { name: 'Main' }).boundingBox(), locator.boundingBox()]);
  return box && bar ? box.y - (bar.y + bar.height) : Number.NEGATIVE_INFINITY;
}

/** The names of the links and buttons inside a container that take focus when asked to. */
function focusableIn(container: Locator) {
  return container.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('a[href], button'))
      .filter((control) => {
        control.focus();
        return document.activeElement === control;
      })
      .map((control) => control.textContent?.trim()),
  );
}

async function sidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const viewport of [
  { name: 'a desktop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`public pages on ${viewport.name}: no sideways scrolling, the top bar on top, the heading below it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      const title = page.getByRole('heading', { name: heading, level: 1 });
      await expect(title, path).toBeInViewport();
      await expect.poll(() => gapBelowTopBar(page, title), { message: `${path}: the heading below the top bar` }).toBeGreaterThanOrEqual(0);
      await expect
        .poll(() => receivesPointer(page.getByRole('link', { name: 'Hookline home' })), { message: `${path}: the top bar on top` })
        .toBe(true);
      await expect.poll(() => sidewaysScroll(page), { message: `${path}: no sideways scrolling` }).toBeLessThanOrEqual(0);
    }

    // A step's error shows where the reader is, not under the top bar.
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next' }).click();
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Please fill your name, email, and brand.');
    await expect(error).toBeInViewport({ ratio: 1 });
    await expect.poll(() => receivesPointer(error), { message: 'the onboarding error not covered' }).toBe(true);
  });
}

test('on a phone, a closed menu’s links are neither tab stops nor read out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const publicMenu = page.locator('#public-mobile-menu');
  expect(await focusableIn(publicMenu)).toEqual([]);
  await expect(publicMenu.getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await focusableIn(publicMenu)).toContain('Pricing');

  await signUpViaApi(page, uniqueEmail('layout'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const sidebar = page.locator('#sidebar');
  expect(await focusableIn(sidebar)).toEqual([]);
  await expect(sidebar.getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  expect(await focusableIn(sidebar)).toContain('Content');
});

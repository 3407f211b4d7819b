import path from 'node:path';
import { expect, test } from '../support/test.ts';

const DIR = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

// Screenshots for people to look at after a run (e2e/.artifacts/screenshots).
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`landing and onboarding at ${viewport.name} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.locator('#testimonials')).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(DIR, `landing-${viewport.name}.png`), fullPage: true });
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.screenshot({ path: path.join(DIR, `onboarding-${viewport.name}.png`), fullPage: true });
  });
}

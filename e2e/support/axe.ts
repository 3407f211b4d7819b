import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts a page may not have (axe-core's scale: minor, moderate, serious, critical). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (its default rules: WCAG 2.x A and AA, and best practices) on the page as it is
 * now, and fails on any serious or critical violation, listing each rule with the elements it found.
 * Call it once the state to check is on screen (a heading, a dialog).
 *
 * It checks with reduced motion (the app and sonner then skip their transitions), so every element
 * is measured at rest: axe takes colours as drawn, and a toast caught half faded in, or fading
 * behind a newer one, would fail contrast for a moment no reader sees.
 */
export async function expectNoSeriousA11yViolations(page: Page, state: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];
  try {
    // A transition already under way keeps its length: wait for those (endless ones, like spinners, excepted).
    await page.evaluate(() =>
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ).then(() => undefined),
    );
    ({ violations } = await new AxeBuilder({ page }).analyze());
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`).join('\n'),
  );
  expect(report, `accessibility of ${state} (${page.url()})`).toEqual([]);
}

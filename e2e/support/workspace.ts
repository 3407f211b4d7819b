import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** The banner that says whose workspace a staff member is working in. */
export const workspaceBanner = (page: Page) => page.getByRole('region', { name: 'Client workspace' });

/** Follows a client's "Open workspace" link in the console: a page load into their dashboard. */
export async function openClientWorkspace(page: Page, name: string) {
  await page.goto(`/admin/clients?search=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Open workspace of ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(workspaceBanner(page)).toContainText(`Working in ${name}’s workspace`);
}

/**
 * Creates a draft of this type and channel (as the page names them) on the Content page, and gives
 * it a text (saved on blur). Answers the new card.
 */
export async function createDraft(page: Page, type: string, channel: string, text: string) {
  await page.locator('#sidebar').getByRole('link', { name: 'Content', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Create a draft' });
  await panel.getByText(type, { exact: true }).click();
  await panel.getByRole('combobox', { name: 'Channel' }).selectOption({ label: channel });
  await panel.getByRole('button', { name: 'Create draft' }).click();
  await expect(panel).toBeHidden();
  const card = page.getByRole('article', { name: `${channel} ${type}` });
  await card.getByRole('textbox').fill(text);
  await card.getByRole('textbox').blur();
  await expect(card.getByText('Saved')).toBeVisible();
  return card;
}

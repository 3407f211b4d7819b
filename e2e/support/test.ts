import { test as base, expect, type Page } from '@playwright/test';
import { A11Y_JOURNEY_FOUNDER, ADMIN_JOURNEY_FOUNDER, FOUNDER_EMAIL, SETTINGS_JOURNEY_FOUNDER } from '../global-setup.ts';

export { A11Y_JOURNEY_FOUNDER, ADMIN_JOURNEY_FOUNDER, expect, FOUNDER_EMAIL, SETTINGS_JOURNEY_FOUNDER };
export const PASSWORD = 'e2e-password-1';

/** Tests run against the app global-setup started; each test uses its own accounts. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});

let counter = 0;
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now()}-${++counter}@e2e.test`;
}

/** Signs up through the real API in the page's browser context, so the page is signed in. */
export async function signUpViaApi(page: Page, email: string, name = '') {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function signInViaForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A call to the API with the page's session, as the browser would make it. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, data?: unknown) {
  const response = await page.request.fetch(url, { method, data: data as object, headers: { origin: process.env.E2E_BASE_URL! } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(400);
  return response.json();
}

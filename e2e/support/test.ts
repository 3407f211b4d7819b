import { test as base, expect, type Page } from '@playwright/test';
import { A11Y_JOURNEY_FOUNDER, ADMIN_JOURNEY_FOUNDER, type App, FOUNDER_EMAIL, SETTINGS_JOURNEY_FOUNDER, startApp } from './app.ts';

export { A11Y_JOURNEY_FOUNDER, ADMIN_JOURNEY_FOUNDER, expect, FOUNDER_EMAIL, SETTINGS_JOURNEY_FOUNDER };
export const PASSWORD = 'e2e-password-1';

/** The address of this worker's app, for the Origin header the API wants on changes. */
let appUrl: string | undefined;
export function appOrigin(): string {
  if (!appUrl) throw new Error('no app yet: call this from a test, which starts its worker’s app');
  return appUrl;
}

/**
 * Each Playwright worker runs its own app, with its own database, and runs one journey at a time
 * against it: a journey that changes app-wide settings (public sign-up, say) cannot reach a journey
 * running beside it. After a failed journey Playwright starts a new worker, so a new app too.
 */
export const test = base.extend<object, { app: App; appEnv: Record<string, string> }>({
  // Settings of the worker's app beyond global-setup's: a journey's file overrides it (with test.extend when they depend on services it starts).
  appEnv: [{}, { scope: 'worker', option: true }],
  app: [
    async ({ appEnv }, use) => {
      const app = await startApp(appEnv);
      appUrl = app.url;
      await use(app);
      appUrl = undefined;
      await app.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
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
    headers: { origin: appOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs an account up, or in if an earlier journey on this worker's app already signed it up. */
export async function signUpOrSignIn(page: Page, email: string, name = '') {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name },
    headers: { origin: appOrigin() },
  });
  if (signUp.status() !== 200) await api(page, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
}

export async function signInViaForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A call to the API with the page's session, as the browser would make it. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, data?: unknown) {
  const response = await page.request.fetch(url, { method, data: data as object, headers: { origin: appOrigin() } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(400);
  return response.json();
}

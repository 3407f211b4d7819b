import { defineConfig, devices } from '@playwright/test';
import { resolveChromium } from './support/chromium.ts';

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: resolveChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.artifacts/test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // A journey's time limit, not a speed check: on a slow VM (the whole suite in 7.4 min against the
  // usual 2) the longest ones (the channel flow, axe on every public page) took 50–55 s of 60.
  timeout: 120_000,
  // A wait for something a user would see, not a speed check: a busy two-core machine needs more than 10 s.
  expect: { timeout: 20_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Each worker runs its own app and database (support/test.ts), so journeys run in any order.
  projects: [{ name: 'chromium', use: browser }],
});

import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { WORKSPACE_HEADER } from '@hookline/shared';
import { waitForMail } from '../support/mailbox.ts';
import { A11Y_JOURNEY_FOUNDER, api, appOrigin, expect, signUpOrSignIn, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

// Every page of the app, and its dialogs, as the role that sees them: no serious or critical
// axe-core violation. States only a journey reaches are checked in that journey (channels.spec.ts).

/** Goes to a path, waits for its level-1 heading, and checks the page. */
async function checkPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, path);
}

/** A dashboard call in a client's workspace, as staff make it from there. */
async function workspaceCall(page: Page, workspaceId: string, method: 'POST', url: string, data: unknown) {
  const response = await page.request.fetch(url, {
    method,
    data: data as object,
    headers: { origin: appOrigin(), [WORKSPACE_HEADER]: workspaceId },
  });
  expect(response.status(), await response.text()).toBeLessThan(400);
  return response.json();
}

/** Checks an open dialog with the page behind it, then closes it with Escape. */
async function checkDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, `the ${name} dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('accessibility (axe-core)', () => {
  // Each journey runs axe a dozen times: 100 s for the dashboard one on a slow VM (where the whole
  // suite took 7.4 min against the usual 2), so twice the other journeys' limit.
  test.describe.configure({ timeout: 240_000 });

  test('public pages, signed out, on a desktop and a phone', async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('link', { name: /Get Content Done For You/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the landing page at ${viewport.width}px`);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousA11yViolations(page, 'the landing page with its menu open');
    await page.setViewportSize({ width: 1280, height: 800 });

    await checkPage(page, '/login', 'Sign in');
    await page.getByLabel('Email').fill(uniqueEmail('a11y-nobody'));
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the sign-in form with its error');
    await checkPage(page, '/signup', 'Create your account');
    await checkPage(page, '/reset-password?token=e2e-token', /password/i);
    await checkPage(page, '/contact', 'Talk to us about Enterprise');
    await checkPage(page, '/dashboard', 'Sign in');
  });

  test('every onboarding step, its errors and the thank-you', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding step 1 with its error');
    await page.getByLabel('Your name').fill('Ada Access');
    await page.getByLabel('Email').fill(uniqueEmail('a11y-onboard'));
    await page.getByLabel('Brand').fill('Ada Studio');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding step 2');
    await page.getByLabel('Goals').fill('Reach more people');
    await page.getByRole('group', { name: 'Channels' }).getByText('YouTube').click();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding step 3');
    await page.getByLabel('Desired cadence').fill('Weekly');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'onboarding step 4');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the onboarding thank-you');
  });

  test('every dashboard page and dialog, as a client', async ({ page }) => {
    await signUpViaApi(page, uniqueEmail('a11y-client'), 'Cleo Client');
    // A queued and a published draft, so the pages show their lists, badges and charts.
    const queued = await api(page, 'POST', '/api/drafts', { type: 'post', channel: 'instagram', text: 'Spring launch' });
    await api(page, 'POST', `/api/drafts/${queued.id}/queue`);
    const published = await api(page, 'POST', '/api/drafts', { type: 'reel', channel: 'youtube', text: 'Behind the scenes' });
    await api(page, 'POST', `/api/drafts/${published.id}/publish`);
    // One in review (its badge, Approve and Request changes) and a request with its detail.
    const inReview = await api(page, 'POST', '/api/drafts', { type: 'thread', channel: 'twitter', text: 'Launch thread' });
    await api(page, 'POST', `/api/drafts/${inReview.id}/review`);
    const brief = await api(page, 'POST', '/api/requests', { type: 'content_brief', subject: 'Spring brief', description: 'Three posts' });

    await checkPage(page, '/', /done for you/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manage Profile' }).click();
    await checkDialog(page, 'Edit Profile');

    await checkPage(page, '/dashboard', 'Overview');
    await expect(page.getByRole('figure', { name: 'Posts published per day' }).locator('svg').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the overview with its chart');
    await page.getByRole('button', { name: 'Open AI assistant' }).click();
    await expect(page.getByRole('dialog', { name: 'AI assistant' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the assistant panel');
    await page.keyboard.press('Escape');

    await checkPage(page, '/dashboard/content', 'Content');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Create a draft' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the Create a draft panel');
    await page.getByRole('article', { name: 'Instagram Post' }).getByRole('button', { name: 'Delete' }).click();
    await checkDialog(page, 'Delete this draft?');
    const thread = page.getByRole('article', { name: 'Twitter Thread' });
    await thread.getByRole('button', { name: 'Comments' }).click();
    await expect(thread.getByRole('region', { name: /^Comments on the/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'a draft in review with its comments');
    await thread.getByRole('button', { name: 'Request changes' }).click();
    await checkDialog(page, 'Request changes');

    await checkPage(page, '/dashboard/content-lab', 'Content Lab');
    await checkPage(page, '/dashboard/video-clipper', 'Video Clipper');
    await checkPage(page, '/dashboard/analytics', 'Analytics');
    await checkPage(page, `/dashboard/requests?request=${brief.id}`, 'Requests');
    await page.getByRole('button', { name: 'New request' }).first().click();
    await expect(page.getByLabel('Subject')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the New request form');
    await checkPage(page, '/dashboard/settings', 'Settings');
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    await checkDialog(page, 'Delete workspace');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expectNoSeriousA11yViolations(page, 'the dashboard menu on a phone');
  });

  test('every admin page and dialog, as a founder', async ({ page }) => {
    await signUpOrSignIn(page, A11Y_JOURNEY_FOUNDER, 'Ada Admin');
    const tag = `a11y${Date.now().toString(36)}`;
    const client = await api(page, 'POST', '/api/admin/clients', { name: `${tag} Studio`, owner: `owner-${tag}@e2e.test` });
    const requests = await api(page, 'GET', `/api/admin/requests?search=${tag}`);
    const request = requests.rows[0];

    await checkPage(page, '/admin', 'Overview');
    await checkPage(page, '/admin/clients', 'Clients');
    await page.getByRole('button', { name: 'New Client' }).click();
    await checkDialog(page, 'New Client');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(tag);
    await page.getByRole('button', { name: `Assign Manager for ${tag} Studio` }).click();
    await checkDialog(page, 'Assign Manager');

    await checkPage(page, `/admin/clients/${client.id}`, `${tag} Studio`);
    await page.getByRole('button', { name: 'Edit onboarding details' }).click();
    await expect(page.getByRole('form', { name: 'Edit onboarding details' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the onboarding details form');

    await checkPage(page, '/admin/requests', 'Requests');
    await checkPage(page, `/admin/requests/${request.id}`, request.subject);
    // A review link mailed to someone without an account, and the page it opens.
    const draft = await workspaceCall(page, client.id, 'POST', '/api/drafts', { type: 'post', text: 'For review' });
    const reviewer = uniqueEmail('a11y-reviewer');
    await workspaceCall(page, client.id, 'POST', '/api/review-links', { draftIds: [draft.id], email: reviewer });
    const link = /http:\/\/[^\s]+\/review#token=[A-Za-z0-9_-]+/.exec(await waitForMail(reviewer, { matching: /review#token=/ }))![0];
    await checkPage(page, link, /drafts for your review/);

    await checkPage(page, '/admin/settings', 'Settings');
    await page.getByRole('button', { name: 'Rotate' }).click();
    await checkDialog(page, 'Rotate signing secret?');
    await page.keyboard.press('Escape');

    // On a phone the closed menu is wholly off screen: its close button once stuck out past the Founder badge.
    await page.setViewportSize({ width: 390, height: 844 });
    const closeMenu = page.locator('#sidebar').getByRole('button', { name: 'Close menu' });
    await expect(closeMenu).not.toBeInViewport();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(closeMenu).toBeInViewport({ ratio: 1 });
    await expectNoSeriousA11yViolations(page, 'the admin menu on a phone');
  });
});

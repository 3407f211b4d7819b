import type { Browser, Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox.ts';
import {
  ADMIN_JOURNEY_FOUNDER,
  api,
  expect,
  PASSWORD,
  signInViaForm,
  signUpOrSignIn,
  signUpViaApi,
  test,
  uniqueEmail,
} from '../support/test.ts';
import { createDraft, openClientWorkspace } from '../support/workspace.ts';

test.describe.configure({ mode: 'serial' });

/**
 * The service loop's middle, through the real app and a real SMTP server: staff prepare posts in a
 * client's workspace, the client approves one and sends the other back, staff rework it, and someone
 * without an account approves it through the link mailed to them. Only then can both be queued.
 */
test.describe('staff prepare, the client reviews, a link approves', () => {
  const tag = `r${Date.now().toString(36)}`;
  const client = `${tag} Copper Kettle`;
  const ownerEmail = uniqueEmail('review-owner');
  const managerEmail = uniqueEmail('review-manager');
  const reviewerEmail = uniqueEmail('review-link');
  const first = 'Pumpkin spice returns on Friday: first fifty cups free';
  const second = 'Behind the counter: how we roast our beans';
  const reworked = 'Behind the counter: Maya roasts our beans every Tuesday at dawn';

  const instagramCard = (page: Page) => page.getByRole('article', { name: 'Instagram Post' });
  const twitterCard = (page: Page) => page.getByRole('article', { name: 'Twitter Thread' });

  async function signInAsManager(page: Page) {
    await page.goto('/login?redirect=%2Fadmin%2Fclients');
    await signInViaForm(page, managerEmail);
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await openClientWorkspace(page, client);
    await page.locator('#sidebar').getByRole('link', { name: 'Content', exact: true }).click();
  }

  test('a founder creates the client and assigns a manager', async ({ page, browser }) => {
    const colleague = await browser.newContext();
    await signUpViaApi(await colleague.newPage(), managerEmail, 'Mina Manager');
    await colleague.close();
    await signUpOrSignIn(page, ADMIN_JOURNEY_FOUNDER, 'Jo Journey');
    await api(page, 'POST', '/api/admin/team', { email: managerEmail, role: 'manager' });

    await page.goto(`/admin/clients?search=${tag}`);
    await page.getByRole('button', { name: 'New Client' }).click();
    const create = page.getByRole('dialog', { name: 'New Client' });
    await create.getByLabel('Client name').fill(client);
    await create.getByLabel('Owner email').fill(ownerEmail);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: `Assign Manager for ${client}` }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Manager' });
    await assign.getByLabel('Manager email').fill(managerEmail);
    await assign.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Manager assigned')).toBeVisible();
  });

  test('the manager requires approval, writes two drafts and sends them for review', async ({ page }) => {
    await signInAsManager(page);
    await page.locator('#sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
    const approval = page.getByRole('switch', { name: 'Require approval before publishing' });
    await expect(approval).toBeEnabled();
    if (!(await approval.isChecked())) await approval.click();
    await expect(approval).toBeChecked();

    for (const [type, channel, text] of [
      ['Post', 'Instagram', first],
      ['Thread', 'Twitter', second],
    ] as const) {
      const card = await createDraft(page, type, channel, text);
      // Not approved yet: the page says why Queue waits, and the server would refuse it too.
      await expect(card.getByText('Needs approval before it can be queued')).toBeVisible();
      await card.getByRole('button', { name: 'Send for review' }).click();
      await expect(card.getByText('In review', { exact: true })).toBeVisible();
    }
  });

  test('the owner joins through the mailed invitation, approves one draft and sends the other back', async ({ page }) => {
    const invitation = await waitForMail(ownerEmail, { matching: /\/invitation#token=/ });
    const link = /http:\/\/[^\s]+\/invitation#token=[A-Za-z0-9_-]+/.exec(invitation)![0];
    await page.goto(link);
    await page.getByLabel('Name (optional)').fill('Olive Owner');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Join workspace' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    // The manager's request for review reached the owner, who approves in this workspace.
    await waitForMail(ownerEmail, { matching: /Subject: Drafts ready for review/ });

    await page.locator('#sidebar').getByRole('link', { name: 'Content', exact: true }).click();
    await instagramCard(page).getByRole('button', { name: 'Approve' }).click();
    await expect(instagramCard(page).getByText('Approved', { exact: true })).toBeVisible();

    await twitterCard(page).getByRole('button', { name: 'Request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByLabel('What should change?').fill('Name the roaster and the day, please');
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(twitterCard(page).getByText('Changes requested', { exact: true })).toBeVisible();
  });

  test('the manager reads the comment, reworks the draft and mails a review link', async ({ page }) => {
    await waitForMail(managerEmail, { matching: /Subject: Changes requested/ });
    await signInAsManager(page);
    const card = twitterCard(page);
    await card.getByRole('button', { name: 'Comments' }).click();
    await expect(card.getByRole('list', { name: 'Comments' })).toContainText('Name the roaster and the day, please');
    await card.getByRole('textbox', { name: /^Text of the/ }).fill(reworked);
    await card.getByRole('textbox', { name: /^Text of the/ }).blur();
    await expect(card.getByText('Saved')).toBeVisible();

    await card.getByRole('checkbox', { name: /^Select the .* for a review link$/ }).check();
    await page.getByRole('button', { name: 'Send review link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a review link' });
    await dialog.getByLabel('Email').fill(reviewerEmail);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('In review', { exact: true })).toBeVisible();
  });

  test('a reviewer without an account approves through the mailed link', async ({ browser }) => {
    await approveThroughLink(browser, reviewerEmail);
  });

  test('both approved drafts can now be queued', async ({ page }) => {
    await signInAsManager(page);
    for (const card of [instagramCard(page), twitterCard(page)]) {
      await expect(card.getByText('Approved', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Queue' }).click();
      await expect(card.getByText(/^Queued for /)).toBeVisible();
    }
  });

  /** Opens the link from the mail in a browser with no session at all, signs with a name, approves. */
  async function approveThroughLink(browser: Browser, email: string) {
    const mail = await waitForMail(email, { matching: /\/review#token=/ });
    const link = /http:\/\/[^\s]+\/review#token=[A-Za-z0-9_-]+/.exec(mail)![0];
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${client} — drafts for your review`);
    const draft = page.getByRole('article', { name: /Twitter/ });
    await expect(draft).toContainText(reworked);
    await page.getByLabel('Your name').fill('Rhea Reviewer');
    await draft.getByRole('button', { name: 'Approve' }).click();
    await expect(draft.getByText('Approved', { exact: true })).toBeVisible();
    await context.close();
  }
});

import type { Page } from '@playwright/test';
import { ADMIN_JOURNEY_FOUNDER, api, expect, signInViaForm, signUpOrSignIn, signUpViaApi, test, uniqueEmail } from '../support/test.ts';
import { createDraft, openClientWorkspace, workspaceBanner } from '../support/workspace.ts';

test.describe.configure({ mode: 'serial' });

test.describe('staff inside a client’s workspace', () => {
  const tag = `w${Date.now().toString(36)}`;
  const clientA = `${tag} Acorn Studio`;
  const clientB = `${tag} Bramble Bakery`;
  const managerEmail = uniqueEmail('workspace-manager');

  /** The founder's session in this page (signed up by whichever journey came first on this worker's app). */
  const signInAsFounder = (page: Page) => signUpOrSignIn(page, ADMIN_JOURNEY_FOUNDER, 'Jo Journey');

  test('a founder creates two clients and assigns a manager to the first', async ({ page, browser }) => {
    // The colleague signs up in a browser of their own; the founder makes them a manager.
    const colleague = await browser.newContext();
    await signUpViaApi(await colleague.newPage(), managerEmail, 'Milo Manager');
    await colleague.close();
    await signInAsFounder(page);
    await api(page, 'POST', '/api/admin/team', { email: managerEmail, role: 'manager' });

    // Filtered to this journey's clients, so earlier journeys' clients on this app do not page them out.
    await page.goto(`/admin/clients?search=${tag}`);
    const rows = page.getByRole('table', { name: 'Clients' }).getByRole('row');
    for (const [index, name] of [clientA, clientB].entries()) {
      await page.getByRole('button', { name: 'New Client' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Client' });
      await dialog.getByLabel('Client name').fill(name);
      await dialog.getByLabel('Owner email').fill(`owner-${index}-${tag}@e2e.test`);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      await expect(rows).toHaveCount(index + 2); // header + the clients so far
      await expect(page.getByRole('link', { name: `Open ${name}`, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: `Assign Manager for ${clientA}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Manager' });
    await dialog.getByLabel('Manager email').fill(managerEmail);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Manager assigned')).toBeVisible();
  });

  test('the manager sees only their client, works in its workspace, and the client’s Activity names them', async ({ page }) => {
    await page.goto('/login?redirect=%2Fadmin%2Fclients');
    await signInViaForm(page, managerEmail);
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Clients' }).getByRole('row');
    await expect(rows).toHaveCount(2); // header + the one assigned client
    await expect(rows.nth(1)).toContainText(clientA);
    // Managers do not assign managers.
    await expect(page.getByRole('button', { name: /^Assign Manager/ })).toHaveCount(0);

    await page.getByRole('link', { name: `Open workspace of ${clientA}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(workspaceBanner(page)).toContainText(`Working in ${clientA}’s workspace`);

    const text = 'Autumn menu teaser for the weekend crowd';
    await createDraft(page, 'Post', 'Instagram', text);
    await expect(workspaceBanner(page)).toContainText(`Working in ${clientA}’s workspace`);

    await workspaceBanner(page).getByRole('link', { name: 'Back to console' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/clients?search=${encodeURIComponent(clientA)}`);
    await page.getByRole('link', { name: `Open ${clientA}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: clientA, level: 1 })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    // The console creates a draft without text, so its line has none; the text saved next is named.
    await expect(activity.filter({ hasText: /^Draft created/ }).filter({ hasText: managerEmail })).toHaveCount(1);
    await expect(activity.filter({ hasText: `Draft updated: ${text}` }).filter({ hasText: managerEmail })).toHaveCount(1);
  });

  test('two tabs of one browser work in two clients at once', async ({ page, context }) => {
    await signInAsFounder(page);
    const tabA = page;
    const tabB = await context.newPage();
    await openClientWorkspace(tabA, clientA);
    await openClientWorkspace(tabB, clientB);

    // Each tab keeps its own client across a reload.
    await tabA.reload();
    await tabB.reload();
    await expect(workspaceBanner(tabA)).toContainText(`Working in ${clientA}’s workspace`);
    await expect(workspaceBanner(tabB)).toContainText(`Working in ${clientB}’s workspace`);

    await createDraft(tabB, 'Thread', 'Twitter', 'Sourdough drop at 7am, first come first served');
    await expect(workspaceBanner(tabB)).toContainText(`Working in ${clientB}’s workspace`);

    await tabA.locator('#sidebar').getByRole('link', { name: 'Content', exact: true }).click();
    await expect(workspaceBanner(tabA)).toContainText(`Working in ${clientA}’s workspace`);
    // Client A's list (the manager's draft) and nothing of client B's.
    await expect(tabA.getByRole('article', { name: 'Instagram Post' })).toBeVisible();
    await expect(tabA.getByRole('article')).toHaveCount(1);
    await expect(tabA.getByRole('article', { name: 'Twitter Thread' })).toHaveCount(0);
  });

  test('the switcher finds another client and opens their workspace', async ({ page }) => {
    await signInAsFounder(page);
    await openClientWorkspace(page, clientA);

    await workspaceBanner(page).getByRole('button', { name: 'Switch client' }).click();
    const search = workspaceBanner(page).getByRole('searchbox', { name: 'Find a client' });
    await expect(search).toBeFocused();
    await search.fill(`${tag} Bram`);
    const clients = workspaceBanner(page).getByRole('list', { name: 'Clients' }).getByRole('link');
    await expect(clients).toHaveCount(1);
    await expect(workspaceBanner(page).getByRole('status')).toHaveText('1 client');
    await clients.filter({ hasText: clientB }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(workspaceBanner(page)).toContainText(`Working in ${clientB}’s workspace`);
  });
});

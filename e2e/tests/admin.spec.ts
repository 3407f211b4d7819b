import { ADMIN_JOURNEY_FOUNDER, api, expect, signUpOrSignIn, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

test.describe('staff admin console', () => {
  const tag = `j${Date.now().toString(36)}`;
  const clientName = `${tag} Acme Studio`;

  test.beforeEach(async ({ page }) => {
    // The first journey signs the founder up; later ones sign in.
    await signUpOrSignIn(page, ADMIN_JOURNEY_FOUNDER, 'Jo Journey');
  });

  test('create a client, find its onboarding request, then search, sort and page through clients', async ({ page }) => {
    await page.goto('/admin/clients');
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Client' });
    await expect(dialog.getByText('Create a workspace and owner account.')).toBeVisible();
    await dialog.getByLabel('Client name').fill(clientName);
    await dialog.getByLabel('Owner email').fill(`owner-${tag}@e2e.test`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Client created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/admin/requests');
    await page.getByRole('searchbox', { name: 'Search requests' }).fill(tag);
    await expect(page.getByRole('link', { name: `Onboarding: ${clientName}` }).first()).toBeVisible();

    // Eleven more clients through the API, so the search spans two pages of ten.
    for (let i = 0; i < 11; i += 1) {
      await api(page, 'POST', '/api/admin/clients', {
        name: `${tag} Client ${String(i).padStart(2, '0')}`,
        owner: `c${i}-${tag}@e2e.test`,
        status: i % 3 ? 'active' : 'paused',
      });
    }
    await page.goto('/admin/clients');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.getByText('12 total')).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(11); // header + 10
    await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Sorting by another column keeps the direction (ascending) and goes back to page 1; sorting by
    // the same column again flips the direction.
    await page.getByRole('button', { name: /Owner Email/ }).click();
    await expect(page.getByText('Page 1')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Owner Email/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.nth(1)).toContainText(`c0-${tag}@e2e.test`);
    await page.getByRole('button', { name: /Owner Email/ }).click();
    await expect(page.getByRole('columnheader', { name: /Owner Email/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.nth(1)).toContainText(`owner-${tag}@e2e.test`);

    // The view lives in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search clients' })).toHaveValue(tag);
    await expect(page.getByRole('columnheader', { name: /Owner Email/ })).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('button', { name: 'paused' }).click();
    await expect(page.getByText('4 total')).toBeVisible();
  });

  test('assign a manager, then edit onboarding and Save & Sync to Airtable', async ({ page, browser }) => {
    // A colleague signs up in their own browser; the founder makes them a manager.
    const managerEmail = uniqueEmail('manager');
    const colleague = await browser.newPage();
    await signUpViaApi(colleague, managerEmail, 'Mia Manager');
    await colleague.close();
    await api(page, 'POST', '/api/admin/team', { email: managerEmail, role: 'manager' });

    await page.goto(`/admin/clients?search=${encodeURIComponent(clientName)}`);
    await page.getByRole('button', { name: `Assign Manager for ${clientName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Manager' });
    await expect(dialog.getByText(`Map a staff user to “${clientName}”.`)).toBeVisible();
    await dialog.getByLabel('Manager email').fill(`  ${managerEmail}  `);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Manager assigned')).toBeVisible();

    await page.getByRole('link', { name: `Open ${clientName}` }).click();
    await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Assigned managers' }).getByRole('button', { name: `Remove ${managerEmail}` }),
    ).toBeVisible();
    await expect(page.getByText('No onboarding captured yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit onboarding details' }).click();
    const form = page.getByRole('form', { name: 'Edit onboarding details' });
    await form.getByLabel('Name', { exact: true }).fill('Olive Owner');
    await form.getByLabel('Email').fill(`owner-${tag}@e2e.test`);
    await form.getByLabel('Brand', { exact: true }).fill(clientName);
    await form.getByLabel('Cadence').fill('3 posts a week');
    await form.getByLabel('Goals').fill('Be everywhere our customers are');
    await form.getByRole('button', { name: 'Save & Sync' }).click();
    await expect(page.getByText('Saved & synced to Airtable')).toBeVisible();
    await expect(page.getByText('Be everywhere our customers are')).toBeVisible();
    await expect(page.getByText(/^Submitted /)).toBeVisible();
    await expect(page.getByText('Onboarding details synced to Airtable')).toBeVisible();
  });

  test("change a request's status and add an internal note", async ({ page }) => {
    await page.goto(`/admin/requests?search=${encodeURIComponent(clientName)}`);
    await page
      .getByRole('link', { name: `Onboarding: ${clientName}` })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: `Onboarding: ${clientName}`, level: 1 })).toBeVisible();
    const status = page.getByRole('group', { name: 'Request status' });
    await expect(status.getByRole('button', { name: 'open', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await status.getByRole('button', { name: 'in progress', exact: true }).click();
    await expect(page.getByText('Status set to in progress').first()).toBeVisible();
    await expect(status.getByRole('button', { name: 'in progress', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.getByPlaceholder('Add internal note…').fill('Kick-off call booked for Monday');
    await page.getByRole('button', { name: 'Save Note' }).click();
    await expect(page.getByText('Note added')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Kick-off call booked for Monday')).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Request status' }).getByRole('button', { name: 'in progress', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('the overview shows real figures and links to its pages', async ({ page }) => {
    await page.goto('/admin');
    const figures = page.getByRole('list', { name: 'Key figures' });
    await expect(figures.getByRole('link')).toHaveCount(4);
    await expect(page.getByRole('list', { name: 'System health checks' }).getByText('Database')).toBeVisible();
    await page.getByRole('button', { name: '30d' }).click();
    await expect(page).toHaveURL(/range=30d/);
  });
});

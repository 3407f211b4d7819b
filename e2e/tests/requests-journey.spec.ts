import { waitForMail } from '../support/mailbox.ts';
import { ADMIN_JOURNEY_FOUNDER, api, expect, signInViaForm, signUpOrSignIn, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test.describe.configure({ mode: 'serial' });

/**
 * Requests both ways: a client asks for help from the dashboard, with a file; the manager assigned
 * to them replies and makes a draft from the request; the client sees the reply (and gets it by
 * mail) and the draft made for them.
 */
test.describe('a client’s request, answered by their manager', () => {
  const tag = `q${Date.now().toString(36)}`;
  const clientEmail = uniqueEmail('requests-client');
  const managerEmail = uniqueEmail('requests-manager');
  const subject = `${tag} Holiday opening hours post`;
  const reply = 'We will have a draft for you by Monday, with the new hours in the first line.';
  const draftText = 'Open on the 24th until 2pm, closed on the 25th and 26th. Happy holidays!';

  test('the client opens a support request with a file', async ({ page, browser }) => {
    const colleague = await browser.newContext();
    await signUpViaApi(await colleague.newPage(), managerEmail, 'Mo Manager');
    await colleague.close();
    const founder = await browser.newContext();
    const founderPage = await founder.newPage();
    await signUpOrSignIn(founderPage, ADMIN_JOURNEY_FOUNDER, 'Jo Journey');
    await api(founderPage, 'POST', '/api/admin/team', { email: managerEmail, role: 'manager' });

    await signUpViaApi(page, clientEmail, 'Cleo Client');
    await page.goto('/dashboard/requests');
    await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('Type').selectOption({ label: 'Support' });
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Description').fill('Can you post our holiday hours? The sign is attached.');
    await page.getByLabel('Attachments').setInputFiles({ name: 'hours.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('article', { name: subject })).toBeVisible();
    await expect(page.getByRole('article', { name: subject }).getByRole('link', { name: /hours\.pdf/ })).toBeVisible();

    // The founder assigns the manager to this new client.
    const clients = (await api(founderPage, 'GET', `/api/admin/clients?search=${encodeURIComponent(clientEmail)}`)) as {
      rows: Array<{ id: string }>;
    };
    const clientId = clients.rows[0].id;
    await api(founderPage, 'POST', `/api/admin/clients/${clientId}/manager`, { email: managerEmail });
    await founder.close();
  });

  test('the manager replies to the client and makes a draft from the request', async ({ page }) => {
    await page.goto('/login?redirect=%2Fadmin%2Frequests');
    await signInViaForm(page, managerEmail);
    await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
    await page.goto(`/admin/requests?search=${encodeURIComponent(tag)}`);
    await page.getByRole('link', { name: subject }).first().click();
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    await expect(page.getByText('Can you post our holiday hours? The sign is attached.')).toBeVisible();

    await page.getByLabel('Reply to the client').fill(reply);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(reply)).toBeVisible();

    const create = page.getByRole('form', { name: 'Create draft' });
    await create.getByLabel('Channel').selectOption({ label: 'Instagram' });
    await create.getByLabel('Type').selectOption({ label: 'Post' });
    await create.getByLabel('Text').fill(draftText);
    await create.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByRole('list', { name: 'Drafts from this request' })).toContainText(draftText);
  });

  test('the client sees the reply, by mail and on the request, and the draft made for them', async ({ page }) => {
    const mail = await waitForMail(clientEmail, { matching: /Subject: Reply to your request/ });
    expect(mail).toContain(reply);
    const link = /http:\/\/[^\s]+\/dashboard\/requests\?request=[\w-]+/.exec(mail)![0];

    await page.goto('/login');
    await signInViaForm(page, clientEmail);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto(link);
    const request = page.getByRole('article', { name: subject });
    await expect(request.getByRole('list', { name: 'Request activity' })).toContainText(reply);
    await expect(request.getByText('Hookline team').first()).toBeVisible();
    await expect(request.getByRole('region', { name: 'Drafts from this request' })).toContainText(draftText);
  });
});

/** The smallest PDF a type sniffer recognises: the header is what it reads. */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

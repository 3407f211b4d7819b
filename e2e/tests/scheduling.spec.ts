import type { TDraft } from '@hookline/shared';
import type { Page } from '@playwright/test';
import { createDraft } from '../support/workspace.ts';
import { api, expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

const ZONE = 'Europe/Berlin';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Calendar day, weekday (0 = Monday) and wall-clock time of an instant in the zone. */
function zoned(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    day,
    weekday: WEEKDAYS.indexOf(parts.weekday),
    time: `${parts.hour}:${parts.minute}`,
    local: `${day}T${parts.hour}:${parts.minute}`,
  };
}

const draftById = async (page: Page, id: string) => (await api(page, 'GET', `/api/drafts/${id}`)) as TDraft;

// The browser, and so the workspace the posting slots give a zone to, is in Berlin.
test.use({ timezoneId: ZONE });

test('a post queued into a slot is moved on the calendar, set two minutes ahead, and published at that time across a restart', async ({
  page,
  app,
}) => {
  // Two minutes of waiting for the post's time are the point of this journey.
  test.setTimeout(6 * 60_000);
  await signUpViaApi(page, uniqueEmail('scheduler'), 'Sam Scheduler');

  // A posting slot tomorrow at 10:00, Berlin time.
  const tomorrow = zoned(new Date(Date.now() + 24 * 3600_000));
  await page.goto('/dashboard/settings');
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByLabel('Weekday').selectOption({ label: WEEKDAYS[tomorrow.weekday] });
  await publishing.getByLabel('Time').fill('10:00');
  await publishing.getByRole('button', { name: 'Add slot' }).click();
  await publishing.getByRole('button', { name: 'Save slots' }).click();
  await expect(publishing.getByRole('list', { name: WEEKDAYS[tomorrow.weekday] })).toContainText('10:00');
  await expect.poll(async () => (await api(page, 'GET', '/api/workspace')).timeZone).toBe(ZONE);

  // Queue puts the post into that slot.
  const card = await createDraft(page, 'Post', 'LinkedIn', 'Doors open at the new studio');
  await card.getByRole('button', { name: 'Queue' }).click();
  await expect(card.getByText(/^Queued for .*10:00\sAM$/)).toBeVisible();
  const drafts = (await api(page, 'GET', '/api/drafts')) as TDraft[];
  const id = drafts.find((draft) => draft.text === 'Doors open at the new studio')!.id;
  expect(zoned(new Date((await draftById(page, id)).scheduledAt!))).toMatchObject({ day: tomorrow.day, time: '10:00' });

  // On the calendar's month view, dragged to the day after: same time, next day.
  await page.locator('#sidebar').getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
  const chip = page.getByRole('button', { name: /Queued\s*LinkedIn\s*Doors open/ });
  await expect(chip).toBeVisible();
  const dayAfter = zoned(new Date(Date.now() + 48 * 3600_000)).day;
  const target = page.locator(`[data-slot="${dayAfter}"]`);
  if ((await target.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await chip.dragTo(target);
  await expect.poll(async () => zoned(new Date((await draftById(page, id)).scheduledAt!))).toMatchObject({ day: dayAfter, time: '10:00' });

  // Opened from the calendar, moved to a time about two minutes ahead (the field has whole minutes).
  const due = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
  await page.getByRole('button', { name: /Queued\s*LinkedIn\s*Doors open/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Move to').fill(zoned(due).local);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await draftById(page, id)).scheduledAt).toBe(due.toISOString());
  await page.keyboard.press('Escape');

  // A deploy in between: the server stops and starts again before the post's time.
  expect(Date.now()).toBeLessThan(due.getTime());
  await app.restart();

  // Published at its time by the restarted server's scheduler, in Hookline only (no LinkedIn account).
  await expect
    .poll(async () => (await draftById(page, id)).status, { timeout: due.getTime() - Date.now() + 30_000, intervals: [1000] })
    .toBe('published');
  const published = await draftById(page, id);
  const lateMs = Date.parse(published.publishedAt!) - due.getTime();
  expect(lateMs).toBeGreaterThanOrEqual(0);
  expect(lateMs).toBeLessThan(5000);
  expect(published.publishedTo).toBe('hookline');

  await page.goto('/dashboard/content');
  const publishedCard = page.getByRole('article', { name: 'LinkedIn Post' });
  await expect(publishedCard.getByText(/^Published \d/)).toBeVisible();
  await expect(publishedCard.getByText('Published in Hookline only: no LinkedIn account is connected.')).toBeVisible();
});

import fs from 'node:fs';
import { makeTestVideo } from '../../apps/server/test/clipper/make-test-video.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test, uniqueEmail } from '../support/test.ts';

test('video clipper: upload a generated video, watch progress, see the clips, download one', async ({ page }) => {
  const { mp4 } = await makeTestVideo();
  await signUpViaApi(page, uniqueEmail('clipper'));
  await page.goto('/dashboard/video-clipper');
  await expect(page.getByRole('heading', { name: 'Video Clipper', level: 1 })).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'talk.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(mp4) });
  await page.getByRole('slider', { name: 'Clip duration' }).fill('15');
  await page.getByRole('combobox', { name: 'Number of clips' }).selectOption('2');
  await page.getByRole('button', { name: 'Generate clips' }).click();

  // Progress shows while the job runs, then the clips arrive.
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  const first = page.getByRole('article', { name: 'Clip 1' });
  await expect(first).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('article', { name: 'Clip 2' })).toBeVisible();
  await expect(page.getByText(/^Generated 2 clips\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the clipper with its clips');

  const download = page.waitForEvent('download');
  await first.getByRole('link', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.mp4$/);
  expect(fs.statSync((await file.path())!).size).toBeGreaterThan(10_000);
});

test('video clipper: 9:16 clips become drafts with the clip and a caption, ready in Content', async ({ page }) => {
  const { mp4 } = await makeTestVideo();
  await signUpViaApi(page, uniqueEmail('clip-drafts'));
  await page.goto('/dashboard/video-clipper');

  await page.locator('input[type=file]').setInputFiles({ name: 'talk.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(mp4) });
  // Vertical is the page's choice; the captions follow the words in the chosen style.
  await expect(page.getByRole('radio', { name: /9:16 vertical/ })).toBeChecked();
  await page.getByRole('combobox', { name: 'Caption style' }).selectOption({ label: 'Boxed' });
  await page.getByRole('slider', { name: 'Clip duration' }).fill('15');
  await page.getByRole('combobox', { name: 'Number of clips' }).selectOption('2');
  await page.getByRole('button', { name: 'Generate clips' }).click();

  const first = page.getByRole('article', { name: 'Clip 1' });
  await expect(first).toBeVisible({ timeout: 90_000 });
  // The player takes the clip's shape: taller than wide.
  const box = (await first.locator('video').boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width * 1.5);

  await page.getByRole('button', { name: 'Create drafts for all' }).click();
  await expect(page.getByText('2 drafts created')).toBeVisible({ timeout: 30_000 });
  await expect(first.getByRole('link', { name: 'Open in Content' })).toBeVisible();

  await page.goto('/dashboard/content');
  const reels = page.getByRole('article', { name: /^Instagram Reel/ });
  await expect(reels).toHaveCount(2);
  for (const reel of await reels.all()) {
    await expect(reel.getByLabel(/^Attached video: /)).toBeVisible();
    // Without an AI service the caption is the clip's own words (the test video's subtitles).
    await expect(reel.getByRole('textbox', { name: /^Text of the instagram reel/i })).not.toHaveValue('');
  }
});

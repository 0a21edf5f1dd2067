import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

/**
 * Export files from the campaign screen: the campaign exported to a .zip
 * the browser downloads, imported back through the page's file input, with the campaign screen's
 * progress bar showing the steps and gone when the transfer ends — done, refused or failed.
 */
const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
test.describe.configure({ timeout: 180_000 });

async function openFiles(page: Page): Promise<void> {
  await page.getByTestId('campaign-menu').click();
  await page.getByTestId('menu-files').click();
  await expect(page.getByTestId('campaign-screen')).toBeVisible();
  await expect(page.getByTestId('export-campaign')).toBeVisible();
}

const toasts = (page: Page) => page.getByRole('status');

/** A 4096 × 2048 noise PNG (~24 MiB, every pixel to check) in the campaign's assets, as if imported before. */
async function bigImage(dataDir: string): Promise<void> {
  const png = await sharp(randomBytes(4096 * 2048 * 3), { raw: { width: 4096, height: 2048, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  await writeFile(join(dataDir, 'campaigns', 'Sample Campaign', 'assets', `${createHash('sha256').update(png).digest('hex')}.png`), png);
}

test('the campaign exported and imported back, the progress bar shown while it runs and gone when it ends', async ({ gmPage, playerPage, consoleServer }) => {
  await bigImage(consoleServer.dataDir);
  await bigImage(consoleServer.dataDir);
  await openFiles(gmPage);

  const downloading = gmPage.waitForEvent('download');
  await gmPage.getByTestId('export-campaign').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Sample Campaign.campaign.pillars.zip');
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.length).toBeGreaterThan(48 * 1024 * 1024);
  await expect(toasts(gmPage).filter({ hasText: 'Exported “Sample Campaign.campaign.pillars.zip”.' })).toBeVisible();
  await expect(gmPage.getByTestId('transfer-progress')).toHaveCount(0);

  // Import it back: ~50 MiB to send (at 16 MiB/s, as over a slow local network), unpack and check
  // (every image decoded), so the bar is seen as it moves.
  const cdp = await gmPage.context().newCDPSession(gmPage);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * 1024 * 1024 });
  await gmPage.getByTestId('import-bundle-file').setInputFiles(path);
  const bar = gmPage.getByTestId('transfer-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Import · Sample Campaign.campaign.pillars.zip');
  await expect(bar).toHaveAttribute('aria-valuenow', /^[2-8]\d$/);
  await gmPage.screenshot({ path: `${SCREENS}/transfer-import-progress-1366x768.png` });
  await expect(toasts(gmPage).filter({ hasText: 'Imported the campaign “Sample Campaign (2)” (renamed: the name was taken).' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(bar).toHaveCount(0);
  await gmPage.getByTestId('tab-campaigns').click();
  await expect(gmPage.getByTestId('campaign-row').filter({ hasText: 'Sample Campaign (2)' })).toHaveCount(1);
  await gmPage.screenshot({ path: `${SCREENS}/transfer-imported-1366x768.png` });
  // The players saw none of it: their page still shows the encounter on the table.
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
});

test('a refused import ends the bar and says why; nothing is imported', async ({ gmPage, playerPage, problems }) => {
  await openFiles(gmPage);
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  await gmPage.getByTestId('import-bundle-file').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(
    toasts(gmPage).filter({
      hasText: 'The export file “portrait.png” is not a console export: an export is a .zip archive (or, from an earlier version, a .json file)',
    }),
  ).toBeVisible();
  await expect(gmPage.getByTestId('transfer-progress')).toHaveCount(0);
  await gmPage.screenshot({ path: `${SCREENS}/transfer-import-refused-1366x768.png` });
  // Chromium logs the refusal's HTTP status (400) as a console error; it is this deliberate answer, and nothing else.
  expect(problems).toEqual(['GM page: console error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  problems.length = 0;
  await gmPage.getByTestId('tab-campaigns').click();
  await expect(gmPage.getByTestId('campaign-row')).toHaveCount(1);
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
});

test('an encounter exported from its row carries its images; the same file joins the campaign as a new encounter', async ({ gmPage }) => {
  await gmPage.getByTestId('campaign-menu').click();
  await gmPage.getByTestId('menu-encounters').click();
  const row = gmPage.getByTestId('encounter-row').filter({ hasText: 'Ambush at the Ford' });
  const downloading = gmPage.waitForEvent('download');
  await row.getByTestId('encounter-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Ambush at the Ford.encounter.pillars.zip');
  const path = await download.path();
  await gmPage.getByTestId('tab-files').click();
  await gmPage.getByTestId('import-bundle-file').setInputFiles(path!);
  await expect(toasts(gmPage).filter({ hasText: 'Imported “Ambush at the Ford (imported)” into this campaign (renamed: a name was taken).' })).toBeVisible();
  await gmPage.getByTestId('tab-encounters').click();
  await expect(gmPage.getByTestId('encounter-row').filter({ hasText: 'Ambush at the Ford (imported)' })).toHaveCount(1);
});

/**
 * Upload progress bars end when the upload ends, in every case: a handout image, token art, a map
 * image, and an upload main refuses. None of them leaves a bar behind on the GM page, before or
 * after switching encounters; the player page shows what was uploaded for it.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** A PNG drawn in the page, `w` × `h` pixels. */
async function png(page: Page, w: number, h: number, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ w, h, colour }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    },
    { w, h, colour },
  );
  return Buffer.from(base64, 'base64');
}

const bars = (page: Page) => page.locator('[role="progressbar"]');

async function openEncounter(gm: Page, name: string): Promise<void> {
  await gm.getByTestId('campaign-menu').click();
  await gm.getByTestId('menu-encounters').click();
  await gm.getByTestId('encounter-row').filter({ hasText: name }).getByTestId('encounter-open').click();
  await expect(gm.getByTestId('encounter-name')).toHaveText(name);
}

test('every upload progress bar ends when its upload ends', async ({ gmPage: gm, playerPage: player, problems }) => {
  test.setTimeout(120_000);
  // A handout image.
  await gm.getByTestId('handouts-toggle').click();
  await gm.getByTestId('handout-file').setInputFiles({ name: 'letter.png', mimeType: 'image/png', buffer: await png(gm, 400, 300, '#704214') });
  await expect(gm.getByTestId('handout-title')).toHaveValue('letter');
  await expect(bars(gm)).toHaveCount(0);
  await gm.getByTestId('handout-add').click();
  await gm.getByTestId('handout-row').first().getByTestId('handout-show').click();
  await expect(player.getByTestId('handout')).toBeVisible();
  await expect(bars(gm)).toHaveCount(0);
  await gm.getByTestId('handouts-toggle').click();

  // Token art, from the figure sheet.
  const bram = (await figureOnMap(gm, 'bram'))!;
  const box = (await gm.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  await gm.mouse.click(box.x + bram.x, box.y + bram.y);
  await gm.getByRole('tab', { name: 'Figure' }).click();
  await gm.getByTestId('token-art-file').setInputFiles({ name: 'bram.png', mimeType: 'image/png', buffer: await png(gm, 128, 128, '#1f4e8c') });
  await expect(gm.getByTestId('token-art-preview')).toBeVisible();
  await expect(bars(gm)).toHaveCount(0);

  // A map image: its bar shows while it uploads and is gone once it is under the grid.
  await gm.getByTestId('map-image-file').setInputFiles({ name: 'ford.png', mimeType: 'image/png', buffer: await png(gm, 900, 600, '#4f6b45') });
  await expect(player.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  await expect(bars(gm)).toHaveCount(0);

  // An upload main refuses (not an image, though it says it is one): the bar ends with the refusal.
  await gm.getByTestId('map-image-file').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(gm.getByTestId('toast').last()).toContainText(/broken\.png|image/i);
  await expect(bars(gm)).toHaveCount(0);
  // Chromium logs the refused upload's answer (400) as an error of its own: that one is expected.
  const refusedLoad = problems.findIndex((p) => p.includes('status of 400 (Bad Request)'));
  expect(refusedLoad).toBeGreaterThanOrEqual(0);
  problems.splice(refusedLoad, 1);
  await gm.screenshot({ path: `${SCREENS}/uploads-ended-1366x768.png` });

  // Another encounter and back: still no bar.
  await mustCall(gm, 'createEncounter', { name: 'Quiet Road', map: { cols: 10, rows: 8, orientation: 'flat' } });
  await openEncounter(gm, 'Quiet Road');
  await expect(bars(gm)).toHaveCount(0);
  await openEncounter(gm, 'Ambush at the Ford');
  await expect(bars(gm)).toHaveCount(0);
  await expect(player.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  await gm.screenshot({ path: `${SCREENS}/uploads-after-switch-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/uploads-after-switch-player-1366x768.png` });
});

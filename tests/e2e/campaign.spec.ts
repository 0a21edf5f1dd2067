import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, placeByClick, test } from './fixtures';

const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
// Whole workflows with screenshots at two sizes: longer than one click-and-check test.
test.describe.configure({ timeout: 120_000 });

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SCREENS}/${name}-1366x768.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SCREENS}/${name}-1920x1080.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
}

async function openScreen(page: Page, item: 'menu-campaigns' | 'menu-encounters' | 'menu-rules'): Promise<void> {
  await page.getByTestId('campaign-menu').click();
  await page.getByTestId(item).click();
  await expect(page.getByTestId('campaign-screen')).toBeVisible();
}

const row = (page: Page, name: string) => page.getByTestId('encounter-row').filter({ hasText: name });

/** A real PNG drawn in the page: a parchment map with a printed hex-ish grid, `w` × `h` pixels. */
async function makePng(page: Page, w: number, h: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([width, height]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, width, height);
      g.addColorStop(0, '#8c7a52');
      g.addColorStop(1, '#4f6b45');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, width, height);
      ctx.strokeStyle = '#2a3b5c';
      ctx.lineWidth = 14;
      ctx.beginPath();
      ctx.moveTo(0, height * 0.6);
      ctx.bezierCurveTo(width * 0.3, height * 0.4, width * 0.6, height * 0.9, width, height * 0.5);
      ctx.stroke();
      ctx.strokeStyle = 'rgba(0,0,0,0.35)';
      ctx.lineWidth = 1;
      for (let x = 0; x < width; x += 40) {
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x, height);
        ctx.stroke();
      }
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    [w, h] as const,
  );
  return Buffer.from(base64, 'base64');
}

test('campaigns, encounters and figures: start screen to both pages', async ({ gmPage, playerPage }) => {
  // The start screen: recent campaigns, the data folder (with the sample), a new campaign.
  await openScreen(gmPage, 'menu-campaigns');
  await expect(gmPage.getByTestId('start-screen')).toContainText('Sample Campaign');
  await shoot(gmPage, 'campaign-start');
  await gmPage.getByTestId('new-campaign-name').fill('Crypt of Ash');
  await gmPage.getByTestId('new-campaign-create').click();
  await expect(gmPage.getByTestId('encounter-list')).toBeVisible();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('First encounter');

  // Encounters: create, open.
  await gmPage.getByTestId('new-encounter-name').fill('Crypt Gate');
  await gmPage.getByTestId('new-encounter-create').click();
  await expect(gmPage.getByTestId('campaign-screen')).toBeHidden();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Crypt Gate');
  await expect(playerPage.getByTestId('player-status')).toContainText('Crypt Gate');

  // A character by the 65-point buy; 66 points are refused with a message (RULINGS C2).
  await gmPage
    .getByRole('tab', { name: 'Figure' })
    .click()
    .catch(() => {});
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('figure-name').fill('Aldric');
  for (const [a, v] of Object.entries({ STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 7 })) await gmPage.getByTestId(`buy-${a}`).fill(String(v));
  await expect(gmPage.getByTestId('points')).toHaveText('66 of 65 points · 1 over');
  await expect(gmPage.getByTestId('figure-problems')).toContainText('66 points spent: 1 over the 65 allowed.');
  await expect(gmPage.getByTestId('figure-place')).toBeDisabled();
  await gmPage.screenshot({ path: `${SCREENS}/figure-pointbuy-66-1366x768.png` });
  await gmPage.getByTestId('buy-CHR').fill('6');
  await expect(gmPage.getByTestId('points')).toHaveText('65 of 65 points · 0 to place');
  await gmPage.getByTestId('weapon-select').selectOption('shortsword');
  await gmPage.getByTestId('weapon-add').click();
  await gmPage.getByTestId('armor-select').selectOption('leather-armor');
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  await placeByClick(gmPage, { q: 15, r: 3 });
  await expect(gmPage.getByTestId('figure-sheet')).toBeVisible();
  await expect(gmPage.getByTestId('adjdex')).toHaveText('13');
  await expect(gmPage.getByTestId('attr-DEX')).toContainText('+2');
  await shoot(gmPage, 'figure-sheet');

  // A quick NPC, hidden from the players.
  await gmPage.getByTestId('new-npc').click();
  await gmPage.getByTestId('figure-name').fill('Lurker');
  await gmPage.getByTestId('figure-side').selectOption('foes');
  await gmPage.getByTestId('npc-STR').fill('13');
  await gmPage.getByTestId('weapon-select').selectOption('dagger');
  await gmPage.getByTestId('weapon-add').click();
  await gmPage.getByTestId('figure-hidden').check();
  await gmPage.getByTestId('figure-place').click();
  await placeByClick(gmPage, { q: 12, r: 3 });
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('hidden from players');

  await expect.poll(() => figureOnMap(gmPage, 'aldric')).toMatchObject({ q: 15, r: 3 });
  expect(await figureOnMap(gmPage, 'lurker')).not.toBeNull();
  await expect.poll(() => figureOnMap(playerPage, 'aldric')).toMatchObject({ q: 15, r: 3 });
  expect(await figureOnMap(playerPage, 'lurker'), 'a hidden NPC reached the player page').toBeNull();
  expect(await playerPage.content()).not.toContain('Lurker');

  // Edit in place, then remove with a confirmation.
  await gmPage.getByTestId('figure-edit').click();
  await gmPage.getByTestId('edit-name').fill('');
  await gmPage.getByTestId('edit-name').press('Enter');
  await expect(gmPage.getByTestId('edit-refusal')).toHaveText('The figure needs a name.');
  await gmPage.getByTestId('edit-name').fill('Lurker in the Dark');
  await gmPage.getByTestId('edit-name').press('Enter');
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Lurker in the Dark');
  await gmPage.getByTestId('figure-remove').click();
  await gmPage.getByTestId('figure-remove-yes').click();
  await expect.poll(() => figureOnMap(gmPage, 'lurker')).toBeNull();

  // Rename, duplicate and delete (with a confirmation) an encounter.
  await openScreen(gmPage, 'menu-encounters');
  await row(gmPage, 'First encounter').getByTestId('encounter-rename').click();
  await gmPage.getByTestId('rename-input').fill('The Antechamber');
  await gmPage.getByTestId('rename-save').click();
  await expect(row(gmPage, 'The Antechamber')).toHaveCount(1);
  await row(gmPage, 'Crypt Gate').getByTestId('encounter-duplicate').click();
  await gmPage.getByTestId('duplicate-input').fill('Crypt Gate again');
  await gmPage.getByTestId('duplicate-save').click();
  await expect(row(gmPage, 'Crypt Gate again')).toHaveCount(1);
  await shoot(gmPage, 'encounter-list');
  await row(gmPage, 'The Antechamber').getByTestId('encounter-delete').click();
  await row(gmPage, 'The Antechamber').getByTestId('encounter-delete-yes').click();
  await expect(row(gmPage, 'The Antechamber')).toHaveCount(0);
  await expect(gmPage.getByTestId('encounter-row')).toHaveCount(2);

  // The rules screen names each setting's ruling.
  await gmPage.getByTestId('tab-rules').click();
  await expect(gmPage.getByTestId('source-manaPoolDice')).toHaveText('RULINGS C8');
  await expect(gmPage.getByTestId('source-options.classic')).toContainText('RULINGS O1 (004)');
  await shoot(gmPage, 'rules-settings');
  await gmPage.getByTestId('campaign-close').click();
});

test('a map image: imported with progress, calibrated, on both pages', async ({ gmPage, playerPage }) => {
  const png = await makePng(gmPage, 600, 400);
  await gmPage.getByTestId('map-image-file').setInputFiles({ name: 'ford.png', mimeType: 'image/png', buffer: png });
  await expect(gmPage.getByTestId('map-image-progress')).toBeVisible();
  await expect(gmPage.getByTestId('map-image-menu')).toBeVisible();
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);

  // Calibrate: drag two image points onto two grid corners.
  await gmPage.getByTestId('map-image-menu').click();
  await gmPage.getByTestId('map-image-calibrate').click();
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Drag from a hex corner');
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const corner = async (hex: { q: number; r: number }) =>
    gmPage.evaluate((h) => {
      const map = window.__battleMap;
      const c = map.hexToScreen(h);
      return { x: c.x + 32 * map.cameraState.scale, y: c.y }; // corner 0 of a flat hex: one size to the right
    }, hex);
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    await gmPage.mouse.move(box.x + from.x, box.y + from.y);
    await gmPage.mouse.down();
    await gmPage.mouse.move(box.x + (from.x + to.x) / 2, box.y + (from.y + to.y) / 2, { steps: 4 });
    await gmPage.mouse.move(box.x + to.x, box.y + to.y, { steps: 4 });
    await gmPage.mouse.up();
  };
  const before = await gmPage.getByTestId('calibrate-numbers').textContent();
  const a = await corner({ q: 4, r: 4 });
  await drag({ x: a.x - 20, y: a.y - 15 }, a);
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Pin 1 set');
  const b = await corner({ q: 20, r: -4 });
  await drag({ x: b.x - 60, y: b.y + 10 }, b);
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Two pins set');
  expect(await gmPage.getByTestId('calibrate-numbers').textContent()).not.toBe(before);
  await gmPage.waitForTimeout(300);
  await shoot(gmPage, 'map-image-calibrated');
  await gmPage.getByTestId('map-image-calibrate').click();
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /\.png$/);
  await playerPage.waitForTimeout(300);
  await playerPage.screenshot({ path: `${SCREENS}/player-map-image-1366x768.png` });
});

test('a broken encounter file: the error screen names it and restores a backup', async ({ gmPage, consoleServer }) => {
  // Make an encounter with a backup (a rename rewrites its file after backing it up).
  await openScreen(gmPage, 'menu-encounters');
  await gmPage.getByTestId('new-encounter-name').fill('Bridge');
  await gmPage.getByTestId('new-encounter-create').click();
  // Making it opened it: back to the ambush, so that the bridge is a closed encounter.
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Bridge');
  await openScreen(gmPage, 'menu-encounters');
  await row(gmPage, 'Ambush at the Ford').getByTestId('encounter-open').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
  await openScreen(gmPage, 'menu-encounters');
  await row(gmPage, 'Bridge').getByTestId('encounter-rename').click();
  await gmPage.getByTestId('rename-input').fill('Old Bridge');
  await gmPage.getByTestId('rename-save').click();
  await expect(row(gmPage, 'Old Bridge')).toHaveCount(1);
  const id = await row(gmPage, 'Old Bridge').getAttribute('data-id');
  const dir = join(consoleServer.dataDir, 'campaigns', 'Sample Campaign', 'encounters');
  expect(await readdir(dir)).toContain(`${id}.json`);
  await writeFile(join(dir, `${id}.json`), '{ "schemaVersion": 2, "id": ');
  await row(gmPage, 'Old Bridge').getByTestId('encounter-open').click();
  await expect(gmPage.getByTestId('error-screen')).toBeVisible();
  await expect(gmPage.getByTestId('error-file')).toHaveText(`encounters/${id}.json`);
  await expect(gmPage.getByTestId('error-reason')).toContainText(`encounters/${id}.json could not be read`);
  await shoot(gmPage, 'error-screen');
  await gmPage.getByTestId('restore-newest').click();
  await expect(gmPage.getByTestId('campaign-screen')).toBeHidden();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Bridge');
});

test('a new encounter can have pointy-top hexes and its own size; both pages draw it so', async ({ gmPage, playerPage }) => {
  await openScreen(gmPage, 'menu-encounters');
  await gmPage.getByTestId('new-encounter-name').fill('Tower Stair');
  await gmPage.getByTestId('new-encounter-cols').fill('16');
  await gmPage.getByTestId('new-encounter-rows').fill('24');
  await gmPage.getByTestId('new-encounter-orientation').selectOption('pointy');
  await gmPage.getByTestId('new-encounter-create').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Tower Stair');
  await expect(playerPage.getByTestId('player-status')).toContainText('Tower Stair');
  // Pointy-top: neighbours in direction 0 sit side by side on one screen row (same y).
  for (const page of [gmPage, playerPage]) {
    const [a, b] = await page.evaluate(() => {
      const map = window.__battleMap;
      return [map.hexToScreen({ q: 2, r: 2 }), map.hexToScreen({ q: 3, r: 2 })];
    });
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(0.5);
    expect(b!.x).toBeGreaterThan(a!.x);
  }
  await gmPage.screenshot({ path: `${SCREENS}/pointy-encounter-1366x768.png` });
});

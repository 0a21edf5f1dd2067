import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, figureNodeId, hexOnScreen, mustCall, test } from './fixtures';

/**
 * Token art, driven as a GM would: the sample ships with a map and art
 * for its four figures; a file dropped on a figure on the GM map becomes its art; the sheet
 * replaces and removes it. Both pages are looked at; the player page never asks for the art of
 * the hidden figure.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
// Two pages at two sizes each, on a machine shared by many: the screenshots take their time.
test.setTimeout(90_000);

type ArtProbe = { shown: boolean; initials: boolean; width: number } | null;

/** Whether a figure's token on a page draws art (and not its initials), by the GM's figure id. */
async function artOf(page: Page, id: string): Promise<ArtProbe> {
  const nodeId = await figureNodeId(page, id);
  if (nodeId === null) return null;
  return page.evaluate((nid) => {
    const map = window.__battleMap;
    const node = map?.stage.findOne<Konva.Group>(`#${nid}`);
    if (!node) return null;
    const art = node.findOne<Konva.Image>('.art')!;
    return {
      shown: art.visible() && !!art.image(),
      initials: node.findOne('.initials')!.visible(),
      width: (art.image() as HTMLImageElement | HTMLCanvasElement | undefined)?.width ?? 0,
    };
  }, nodeId);
}

/** The art asset a figure carries in the GM view. */
async function gmArt(page: Page, id: string): Promise<string | undefined> {
  const view = await mustCall(page, 'getGmView', {});
  return view.encounter.figures.find((f: { id: string }) => f.id === id)?.art;
}

/** A PNG drawn in the page: a bold two-colour emblem, `side` pixels square. */
function drawPng(page: Page, colour: string): Promise<string> {
  return page.evaluate(async (c) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 96;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 96, 96);
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.moveTo(48, 10);
    ctx.lineTo(86, 86);
    ctx.lineTo(10, 86);
    ctx.fill();
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, colour);
}

/** Drags a PNG file from outside the browser onto a point of the page and drops it there. */
async function dropFile(page: Page, at: { x: number; y: number }, base64: string, name: string): Promise<void> {
  await page.evaluate(
    ({ at, base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      const target = document.elementFromPoint(at.x, at.y) ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, clientX: at.x, clientY: at.y, dataTransfer: data }));
      }
    },
    { at, base64, name },
  );
}

async function shootBoth(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    for (const [page, who] of [
      [gmPage, 'gm'],
      [playerPage, 'player'],
    ] as const) {
      await page.setViewportSize(size);
      await expect.poll(() => artOf(page, 'bram').then((a) => a?.shown)).toBe(true);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: `${SCREENS}/${name}-${who}-${size.width}x${size.height}.png` });
    }
  }
}

test('the sample shows its map and token art on both pages; the hidden figure’s art never reaches the players', async ({ gmPage, playerPage }) => {
  const asked: string[] = [];
  playerPage.on('request', (r) => asked.push(r.url()));
  await playerPage.reload();
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  const sellaArt = (await gmArt(gmPage, 'sella'))!;
  expect(sellaArt).toMatch(/^[0-9a-f]{64}\.png$/);

  for (const id of ['bram', 'ilsa', 'grak', 'sella']) await expect.poll(() => artOf(gmPage, id).then((a) => a?.shown)).toBe(true);
  for (const id of ['bram', 'ilsa', 'grak']) await expect.poll(() => artOf(playerPage, id).then((a) => a?.shown)).toBe(true);
  expect(await artOf(playerPage, 'bram')).toMatchObject({ initials: false });
  // Sella waits hidden: no token, no art, no request for it.
  expect(await figureNodeId(playerPage, 'sella')).toBeNull();
  await expect(gmPage.getByTestId('map-image-menu')).toBeVisible();
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  expect(asked.filter((u) => u.includes(sellaArt))).toEqual([]);
  const playerView = await mustCall(playerPage, 'getPlayerView', {});
  expect(JSON.stringify(playerView)).not.toContain(sellaArt);

  await shootBoth(gmPage, playerPage, 'token-art-sample');
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  if (process.env.README_SCREENSHOT === '1') await copyFile(`${SCREENS}/token-art-sample-gm-1366x768.png`, 'docs/gm-console-sample.png');
});

test('a file dropped on a figure on the GM map becomes its token art, on both pages', async ({ gmPage, playerPage }) => {
  const before = await gmArt(gmPage, 'grak');
  const grak = await hexOnScreen(gmPage, { q: 16, r: 1 });
  await dropFile(gmPage, grak, await drawPng(gmPage, '#1f7a4a'), 'grak-green.png');
  await expect(gmPage.getByText('Grak has new token art.')).toBeVisible();
  await expect.poll(() => gmArt(gmPage, 'grak')).not.toBe(before);
  const after = (await gmArt(gmPage, 'grak'))!;
  expect(after).toMatch(/^[0-9a-f]{64}\.png$/);
  // The map image stayed: the drop went to the figure, not under the grid.
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  await expect
    .poll(async () => (await mustCall(playerPage, 'getPlayerView', {})).encounter.figures.find((f: { name: string }) => f.name === 'Grak')?.art)
    .toBe(after);
  await expect.poll(() => artOf(playerPage, 'grak').then((a) => a?.shown)).toBe(true);
  await expect.poll(() => artOf(gmPage, 'grak').then((a) => a?.shown)).toBe(true);
  await shootBoth(gmPage, playerPage, 'token-art-dropped');
  // Undo gives Grak his axe back.
  await gmPage.keyboard.press('Control+z');
  await expect.poll(() => gmArt(gmPage, 'grak')).toBe(before);
});

test('the figure sheet replaces and removes token art; without art the token shows initials again', async ({ gmPage, playerPage, problems }) => {
  const ilsa = await hexOnScreen(gmPage, { q: 8, r: 6 });
  await gmPage.mouse.click(ilsa.x, ilsa.y);
  const field = gmPage.getByTestId('token-art-field');
  await expect(field).toBeVisible();
  await expect(gmPage.getByTestId('token-art-preview')).toHaveAttribute('src', new RegExp(`${await gmArt(gmPage, 'ilsa')}`));
  const png = Buffer.from(await drawPng(gmPage, '#6a2fd6'), 'base64');
  const before = await gmArt(gmPage, 'ilsa');
  await gmPage.getByTestId('token-art-file').setInputFiles({ name: 'ilsa.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => gmArt(gmPage, 'ilsa')).not.toBe(before);
  await expect(gmPage.getByTestId('token-art-preview')).toHaveAttribute('src', new RegExp(`${await gmArt(gmPage, 'ilsa')}`));
  await gmPage.screenshot({ path: `${SCREENS}/token-art-sheet-gm-1366x768.png` });

  // A file that is not an image is refused with its reason; the art stays.
  const kept = await gmArt(gmPage, 'ilsa');
  await gmPage.getByTestId('token-art-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(gmPage.getByText(/not a PNG, JPEG or WebP image/)).toBeVisible();
  expect(await gmArt(gmPage, 'ilsa')).toBe(kept);
  // Chromium logs the refused upload (HTTP 400) as a console error: that one is this step's point.
  const refused = problems.findIndex((p) => /status of 400/.test(p));
  expect(refused, 'the refused upload reached the page').toBeGreaterThanOrEqual(0);
  problems.splice(refused, 1);

  await gmPage.getByTestId('token-art-remove').click();
  await expect.poll(() => gmArt(gmPage, 'ilsa')).toBeUndefined();
  await expect.poll(() => artOf(gmPage, 'ilsa')).toMatchObject({ shown: false, initials: true });
  await expect.poll(() => artOf(playerPage, 'ilsa')).toMatchObject({ shown: false, initials: true });
  await playerPage.screenshot({ path: `${SCREENS}/token-art-removed-player-1366x768.png` });
});

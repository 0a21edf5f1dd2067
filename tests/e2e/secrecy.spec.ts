import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, socketCall, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';

/**
 * Secrecy side channels and bad images through the UI, both pages checked:
 * the projector's "to act" slot while the hidden Sella is due, a blackout that empties the
 * player page's map, a truncated PNG refused on import, and the players' masked map image.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Chromium logs a refused upload (HTTP 400) as a console error: that one is this test's point. */
function expectRefusedUpload(problems: string[]): void {
  const i = problems.findIndex((p) => /status of 400/.test(p));
  expect(i, 'the refused upload reached the page').toBeGreaterThanOrEqual(0);
  problems.splice(i, 1);
}

/** A real PNG drawn in the page's canvas: noise, so that it is well over 3,000 bytes. */
async function noisyPng(page: Page, w: number, h: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([width, height]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      const data = ctx.createImageData(width, height);
      for (let i = 0; i < data.data.length; i++) data.data[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
      ctx.putImageData(data, 0, 0);
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

test('while only the hidden Sella is due, the projector names who would be due without her', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  const step = gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]');
  const due = gmPage.getByTestId('due-name');
  // Each click waits for main's answer before the next (the machine may be slow).
  const next = async () => {
    const was = await step.textContent();
    await gmPage.getByTestId('next-phase').click();
    await expect.poll(() => step.textContent()).not.toBe(was);
  };
  await next();
  for (let i = 0; i < 3; i++) {
    const who = await due.textContent();
    await gmPage.getByTestId('stand-still').click();
    await expect(due).not.toHaveText(who ?? '');
  }
  await gmPage.getByTestId('stand-still').click();
  await expect(gmPage.getByText('Initial movement is over.')).toBeVisible();
  await next();
  await next();
  await expect(step).toHaveText(/Actions/);
  await expect(due).toHaveText('Sella');
  // The slot once went blank here, which told the table a hidden figure was acting.
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
  await gmPage.screenshot({ path: `${SCREENS}/secrecy-sella-due-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/secrecy-sella-due-player-1366x768.png` });
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
});

test('blackout: the player page keeps nothing of the map; lifting it brings the map back', async ({ gmPage, playerPage }) => {
  await expect.poll(() => figureOnMap(playerPage, 'bram')).not.toBeNull();
  await gmPage.getByRole('button', { name: 'Blackout' }).click();
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toBeNull();
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  await playerPage.screenshot({ path: `${SCREENS}/secrecy-blackout-player-1366x768.png` });
  await gmPage.getByRole('button', { name: 'Blackout' }).click();
  await expect(playerPage.getByTestId('blackout')).toHaveCount(0);
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });
});

test('a PNG cut short after 3,000 bytes is refused with the reason; the grid stays on both maps', async ({ gmPage, playerPage, problems }) => {
  // From a map without an image: the sample's own is taken away first.
  expect((await socketCall(gmPage, 'sendCommand', { command: { type: 'setMapImage', image: null } })).ok).toBe(true);
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', '');
  await gmPage.bringToFront();
  const whole = await noisyPng(gmPage, 320, 240);
  expect(whole.length).toBeGreaterThan(3000);
  await gmPage.getByTestId('map-image-file').setInputFiles({ name: 'ford-cut.png', mimeType: 'image/png', buffer: whole.subarray(0, 3000) });
  await expect(gmPage.getByRole('status')).toContainText('pixel data does not decode');
  await gmPage.screenshot({ path: `${SCREENS}/secrecy-truncated-png-refused-1366x768.png` });
  expectRefusedUpload(problems);
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', '');
  // The GM's map has no image either: the menu still offers to import one.
  await gmPage.getByTestId('map-image-menu').click();
  await expect(gmPage.getByTestId('map-image-import')).toHaveText('Import an image…');
  await gmPage.getByTestId('map-image-menu').click();

  // The whole file is accepted; the player page gets its own copy, not the GM's asset.
  await gmPage.getByTestId('map-image-file').setInputFiles({ name: 'ford.png', mimeType: 'image/png', buffer: whole });
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  const shown = await playerPage.getByTestId('player-map').getAttribute('data-map-image');
  // The reply by its id: a push of the new view may come first on a fresh socket.
  const gmAsset = (await socketCall(gmPage, 'getGmView', {})).value.encounter.map.image!.asset;
  expect(shown).not.toBe(gmAsset);
  // The player page's token may not fetch the GM's image; it may fetch its own.
  const statuses = await playerPage.evaluate(
    async ([own, theirs]) => {
      const token = new URLSearchParams(location.search).get('token');
      const get = async (name: string, t: string | null) => (await fetch(`/campaign-assets/${name}${t ? `?token=${t}` : ''}`)).status;
      return { own: await get(own!, token), gms: await get(theirs!, token), none: await get(own!, null) };
    },
    [shown, gmAsset] as const,
  );
  expect(statuses).toEqual({ own: 200, gms: 403, none: 403 });
  for (const status of [403, 403]) {
    const i = problems.findIndex((p) => p.includes(`status of ${status}`));
    if (i >= 0) problems.splice(i, 1);
  }
  await playerPage.screenshot({ path: `${SCREENS}/secrecy-masked-map-player-1366x768.png` });
  await gmPage.screenshot({ path: `${SCREENS}/secrecy-map-gm-1366x768.png` });
});

import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, figureNodeId, figureOnMap, hexOnScreen, socketCall, test, type ResultOf } from './fixtures';
import { frameOf, overlayInk, scaleOf } from './mapProbes';

/**
 * The GM's map tools and the projector, end to end on the real web host: terrain brush strokes
 * (one command each), fog, undo, the megahex overlay, the ruler's rule numbers, the projector's
 * follow / hold / blackout, and the shortcut help.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Hex = { q: number; r: number };
const key = (h: Hex) => `${h.q},${h.r}`;
// Sample campaign: Grak stands at (16, 1); nothing stands on row r = 8 between q = 4 and 7.
const GRAK = { q: 16, r: 1 };
const WALL_STROKE = [
  { q: 4, r: 8 },
  { q: 5, r: 8 },
  { q: 6, r: 8 },
  { q: 7, r: 8 },
];
const WALL_RGB = [0x6e, 0x69, 0x60];
const PLAYER_FOG_RGB = [0x05, 0x06, 0x07];

/** Drags the mouse over the battlemap from one hex centre to another, in small steps. */
async function dragHexes(page: Page, from: Hex, to: Hex): Promise<void> {
  const a = await hexOnScreen(page, from);
  const b = await hexOnScreen(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** The colour the grid/terrain layer (the map's first canvas) drew at a hex centre. */
async function hexColour(page: Page, hex: Hex): Promise<number[]> {
  return page.evaluate((h) => {
    const map = window.__battleMap;
    const p = map.hexToScreen(h);
    const canvas = document.querySelector('[role=application] canvas') as HTMLCanvasElement;
    const ratio = canvas.width / canvas.clientWidth;
    const data = canvas.getContext('2d')!.getImageData(Math.round(p.x * ratio), Math.round(p.y * ratio), 1, 1).data;
    return [data[0]!, data[1]!, data[2]!];
  }, hex);
}

/** The GM view over a fresh socket, skipping any push that arrives before the reply. */
async function gmView(page: Page): Promise<ResultOf<'getGmView'>> {
  return page.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const reply = new Promise<ResultOf<'getGmView'>>((resolve) =>
      ws.addEventListener('message', (e) => {
        const message = JSON.parse(String(e.data));
        if (message.id === 41) resolve(message.result.value);
      }),
    );
    ws.send(JSON.stringify({ id: 41, channel: 'getGmView', args: {} }));
    const value = await reply;
    ws.close();
    return value;
  });
}

test('a wall stroke is one command and shows on both maps; undo takes the whole stroke back', async ({ gmPage, playerPage }) => {
  // Terrain colours are read on the plain grid: the sample's map image goes first.
  expect((await socketCall(gmPage, 'sendCommand', { command: { type: 'setMapImage', image: null } })).ok).toBe(true);
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', '');
  const before = await gmView(gmPage);
  await gmPage.bringToFront();
  await gmPage.getByRole('button', { name: 'Paint', exact: true }).click();
  await gmPage.getByRole('button', { name: 'Wall', exact: true }).click();
  await gmPage.getByRole('button', { name: 'Brush: 1 hex' }).click();
  await expect(gmPage.getByRole('button', { name: 'Wall', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await dragHexes(gmPage, WALL_STROKE[0]!, WALL_STROKE[3]!);

  await expect.poll(async () => (await gmView(gmPage)).history.logLength).toBe(before.history.logLength + 1);
  const after = await gmView(gmPage);
  for (const h of WALL_STROKE) expect(after.encounter.map.terrain[key(h)], key(h)).toBe('wall');
  expect(Object.keys(after.encounter.map.terrain).length).toBe(Object.keys(before.encounter.map.terrain).length + 4);

  for (const h of WALL_STROKE) {
    await expect.poll(() => hexColour(gmPage, h), { message: `GM wall at ${key(h)}` }).toEqual(WALL_RGB);
    await expect.poll(() => hexColour(playerPage, h), { message: `player wall at ${key(h)}` }).toEqual(WALL_RGB);
  }
  await gmPage.screenshot({ path: `${SCREENS}/map-paint-walls-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/map-paint-walls-player-1366x768.png` });

  await gmPage.bringToFront();
  await gmPage.keyboard.press('Control+z');
  for (const h of WALL_STROKE) {
    await expect.poll(() => hexColour(playerPage, h), { message: `undone on the player map at ${key(h)}` }).not.toEqual(WALL_RGB);
    await expect.poll(() => hexColour(gmPage, h)).not.toEqual(WALL_RGB);
  }
  expect((await gmView(gmPage)).encounter.map.terrain).toEqual(before.encounter.map.terrain);
});

test('a hide-from-players stroke blacks out hexes on the player page only, and the figure there vanishes', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000); // one step more than before (the sample's image goes), on a shared machine
  // Fog colours are read on the plain grid (the masked map image has its own test: tests/unit/host/playerMapImage.test.ts).
  expect((await socketCall(gmPage, 'sendCommand', { command: { type: 'setMapImage', image: null } })).ok).toBe(true);
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', '');
  expect(await figureOnMap(playerPage, 'grak')).toMatchObject(GRAK);
  await gmPage.bringToFront();
  await gmPage.keyboard.press('p');
  await gmPage.getByRole('button', { name: 'Hide from players' }).click();
  await gmPage.getByRole('button', { name: 'Brush: radius 1 (7 hexes)' }).click();
  const before = (await gmView(gmPage)).history.logLength;
  await dragHexes(gmPage, GRAK, GRAK);

  await expect.poll(() => figureOnMap(playerPage, 'grak')).toBeNull();
  await expect.poll(() => hexColour(playerPage, GRAK)).toEqual(PLAYER_FOG_RGB);
  await expect.poll(() => hexColour(playerPage, { q: GRAK.q + 1, r: GRAK.r })).toEqual(PLAYER_FOG_RGB);
  // The GM still sees Grak and the tinted hexes.
  expect(await figureOnMap(gmPage, 'grak')).toMatchObject(GRAK);
  const tint = await hexColour(gmPage, { q: GRAK.q + 1, r: GRAK.r });
  expect(tint).not.toEqual(PLAYER_FOG_RGB);
  expect(tint[2]!).toBeGreaterThan(tint[1]!);
  const view = await gmView(gmPage);
  expect(view.history.logLength).toBe(before + 1);
  for (const h of [GRAK, { q: 17, r: 1 }, { q: 16, r: 0 }, { q: 15, r: 2 }]) expect(view.encounter.map.hidden).toContain(key(h));
  expect(await playerPage.content()).not.toContain('Grak');
  await gmPage.screenshot({ path: `${SCREENS}/map-hide-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/map-hide-player-1366x768.png` });

  await gmPage.keyboard.press('Control+z');
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject(GRAK);
});

test('the megahex overlay toggles with M and with its button', async ({ gmPage }) => {
  const button = gmPage.getByRole('button', { name: 'Megahexes' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(await overlayInk(gmPage)).toBe(0);
  await gmPage.keyboard.press('m');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => overlayInk(gmPage)).toBeGreaterThan(5000);
  await gmPage.screenshot({ path: `${SCREENS}/map-megahexes-1366x768.png` });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => overlayInk(gmPage)).toBe(0);
});

test('the ruler shows hexes, megahexes and the range modifiers main computes (RULINGS A2)', async ({ gmPage }) => {
  // Megahex centres are i·(2, 1) + j·(−1, 3). (2, 4) is beside the centre (1, 4) = lattice (1, 1);
  // (10, 9) is beside the centre (11, 9) = lattice (6, 1): 5 megahexes apart.
  // RULINGS A2: missile −floor((5 − 1) / 2) = −2; (2, 4) → (10, 9) is (8 + 5 + 13) / 2 = 13 hexes,
  // so thrown −13.
  await gmPage.keyboard.press('r');
  await expect(gmPage.getByRole('button', { name: 'Ruler', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await dragHexes(gmPage, { q: 2, r: 4 }, { q: 10, r: 9 });
  const readout = gmPage.getByTestId('ruler-readout');
  await expect(readout).toContainText('13 hexes');
  await expect(readout).toContainText('5 megahexes');
  await expect(gmPage.getByTestId('ruler-missile')).toHaveText('−2');
  await expect(gmPage.getByTestId('ruler-thrown')).toHaveText('−13');
  await expect(readout).toHaveAttribute('title', /RULINGS A2/);
  await gmPage.screenshot({ path: `${SCREENS}/map-ruler-1366x768.png` });

  // Starting on a figure measures from the figure: Bram (9, 5) to Grak (16, 1) is 7 hexes.
  await dragHexes(gmPage, { q: 9, r: 5 }, GRAK);
  await expect(readout).toContainText('7 hexes');
  await expect(gmPage.getByTestId('ruler-thrown')).toHaveText('−7');
  await gmPage.keyboard.press('Escape');
  await expect(readout).toBeHidden();
});

test('the projector follows the GM, holds a framing, and blacks out; none of it is logged', async ({ gmPage, playerPage }) => {
  const logBefore = (await gmView(gmPage)).history.logLength;
  const whole = await scaleOf(playerPage);
  await gmPage.bringToFront();
  const zoomIn = gmPage.getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  await zoomIn.click();
  await zoomIn.click();
  // Follow: the player page frames what the GM now sees (zoomed in ≈ 1.25³ ≈ 1.95×).
  await expect.poll(() => scaleOf(playerPage)).toBeGreaterThan(whole * 1.5);
  const followed = await scaleOf(playerPage);

  await gmPage.getByRole('button', { name: 'Hold here' }).click();
  await expect(gmPage.getByRole('button', { name: 'Hold here' })).toHaveAttribute('aria-pressed', 'true');
  await gmPage.getByRole('button', { name: 'Zoom out' }).click();
  await gmPage.getByRole('button', { name: 'Zoom out' }).click();
  await gmPage.keyboard.press('ArrowLeft');
  await playerPage.waitForTimeout(300);
  expect(await scaleOf(playerPage)).toBeCloseTo(followed, 5);
  await gmPage.screenshot({ path: `${SCREENS}/projector-hold-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/projector-hold-player-1366x768.png` });

  await gmPage.getByRole('button', { name: 'Follow' }).click();
  await expect.poll(() => scaleOf(playerPage)).toBeLessThan(followed * 0.8);

  await gmPage.getByRole('button', { name: 'Blackout' }).click();
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await playerPage.screenshot({ path: `${SCREENS}/projector-blackout-player-1366x768.png` });
  await gmPage.keyboard.press('b');
  await expect(playerPage.getByTestId('blackout')).toBeHidden();
  expect((await gmView(gmPage)).history.logLength).toBe(logBefore);
  await expect(gmPage.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('a reloaded GM page takes back the framing the projector follows; 0 gives both the whole map again', async ({ gmPage, playerPage }) => {
  const whole = await scaleOf(playerPage);
  await gmPage.bringToFront();
  for (let i = 0; i < 3; i++) await gmPage.getByRole('button', { name: 'Zoom in' }).click();
  await gmPage.keyboard.press('ArrowLeft');
  await expect.poll(() => scaleOf(playerPage)).toBeGreaterThan(whole * 1.5);
  const framed = await frameOf(gmPage);
  await expect.poll(async () => (await socketCall(gmPage, 'getProjector', {})).value.frame).toEqual(framed);
  const followed = await scaleOf(playerPage);

  await gmPage.reload();
  await expect.poll(() => frameOf(gmPage).catch(() => null)).not.toBeNull();
  await expect.poll(async () => Math.abs((await frameOf(gmPage)).width - framed.width)).toBeLessThan(1e-6);
  const back = await frameOf(gmPage);
  expect(back.x).toBeCloseTo(framed.x, 6);
  expect(back.y).toBeCloseTo(framed.y, 6);
  expect(back.height).toBeCloseTo(framed.height, 6);
  await playerPage.waitForTimeout(300);
  expect(await scaleOf(playerPage)).toBeCloseTo(followed, 5);
  await gmPage.screenshot({ path: `${SCREENS}/projector-reload-gm-1366x768.png` });

  await gmPage.keyboard.press('0');
  await expect.poll(() => scaleOf(playerPage)).toBeLessThan(followed * 0.8);
  expect((await socketCall(gmPage, 'getProjector', {})).value.frame).toBeNull();
});

test('the player display reports its size; physical scale gives 1-inch hexes on that screen', async ({ gmPage, playerPage }) => {
  // The player page measures itself (device pixels): its screen, and its map without the status bar.
  const measured = await playerPage.evaluate(() => {
    const dpr = window.devicePixelRatio || 1;
    const map = document.querySelector('[data-testid=player-map]') as HTMLElement;
    return {
      screen: { widthPx: Math.round(screen.width * dpr), heightPx: Math.round(screen.height * dpr) },
      map: { widthPx: Math.round(map.clientWidth * dpr), heightPx: Math.round(map.clientHeight * dpr) },
    };
  });
  await expect.poll(async () => (await socketCall(gmPage, 'getProjector', {})).value.reported).toEqual(measured);
  expect(measured.map.heightPx).toBeLessThan(measured.screen.heightPx);
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await expect(gmPage.getByTestId('reported-resolution')).toHaveText(
    `${measured.screen.widthPx} × ${measured.screen.heightPx}, map ${measured.map.widthPx} × ${measured.map.heightPx}: from the player display`,
  );
  await gmPage.getByLabel('Physical size').check();
  // At the typed 55″ diagonal, the reported screen has hypot(w, h) / 55 px per inch; a hex of 1″
  // across its flats is that many px, i.e. the player's hex size (centre to corner, 32 world px) × √3.
  const ppi = Math.hypot(measured.screen.widthPx, measured.screen.heightPx) / 55;
  await expect.poll(async () => (await scaleOf(playerPage)) * 32 * Math.sqrt(3)).toBeCloseTo(ppi, 1);
  await expect(gmPage.getByTestId('projector-control')).toContainText(`a hex is ${Math.round(ppi)} px across`);
  await gmPage.screenshot({ path: `${SCREENS}/projector-physical-gm-1366x768.png` });

  // A resized player window reports again, and the GM's outline follows.
  await playerPage.setViewportSize({ width: 1024, height: 700 });
  await expect
    .poll(async () => (await socketCall(gmPage, 'getProjector', {})).value.reported?.map.widthPx)
    .toBe(Math.round(1024 * (await playerPage.evaluate(() => window.devicePixelRatio || 1))));
});

test('? opens the shortcut help; Tab selects the next figure', async ({ gmPage }) => {
  await gmPage.keyboard.press('?');
  const help = gmPage.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const keys of ['Ctrl+Z', 'Ctrl+Shift+Z', 'Q / E', 'Tab / N', 'M', 'R', 'B', '?']) {
    await expect(help.getByText(keys, { exact: true })).toBeVisible();
  }
  await gmPage.screenshot({ path: `${SCREENS}/help-1366x768.png` });
  await gmPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.screenshot({ path: `${SCREENS}/help-1920x1080.png` });
  await gmPage.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await gmPage.keyboard.press('Tab');
  await expect(gmPage.getByRole('button', { name: 'Bram' }).first()).toHaveClass(/selected/);
  await gmPage.keyboard.press('n');
  await expect(gmPage.getByRole('button', { name: 'Ilsa' }).first()).toHaveClass(/selected/);
  await gmPage.keyboard.press('Shift+Tab');
  await expect(gmPage.getByRole('button', { name: 'Bram' }).first()).toHaveClass(/selected/);
  await gmPage.screenshot({ path: `${SCREENS}/map-1920x1080.png` });
});

test('tokens show their states: a bleeding wound on both maps; an illusion on Bram and an injury only on the GM’s', async ({ gmPage, playerPage }) => {
  for (const command of [
    { type: 'setCondition', figureId: 'grak', condition: 'bleeding', on: true, override: true },
    { type: 'setPools', figureId: 'grak', body: 4 },
  ]) {
    const sent = await socketCall(gmPage, 'sendCommand', { command });
    expect(sent.ok, JSON.stringify(sent.error ?? null)).toBe(true);
  }
  const pillsOf = async (page: typeof gmPage, id: string) =>
    page.evaluate(
      (figureId) => {
        const map = window.__battleMap;
        const pills = map.stage.findOne<Konva.Group>(`#${figureId}`)?.findOne<Konva.Group>('.conditions');
        return pills ? pills.children.map((n: Konva.Node) => n.getAttr('label') as string) : null;
      },
      await figureNodeId(page, id),
    );
  await expect.poll(() => pillsOf(gmPage, 'grak')).toEqual(['Bleeding', 'Hurt −2']);
  await expect.poll(() => pillsOf(playerPage, 'grak')).toEqual(['Bleeding']);
  expect(await pillsOf(gmPage, 'bram')).toEqual(['Blur']);
  expect(await pillsOf(playerPage, 'bram')).toEqual([]);
  await gmPage.screenshot({ path: 'test-results/screens/map-condition-tag-1366x768.png' });
});

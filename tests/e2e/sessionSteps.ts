import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, placeByClick } from './fixtures';
import { SCREENS } from './setupSteps';

/** Steps of the whole-session spec (wholeSession.spec.ts): each through the GM page's UI only. */

/** Both pages' screenshots of one step of the session. */
export async function shootBoth(gmPage: Page, playerPage: Page, step: string): Promise<void> {
  // The map paints its tiles over a few frames (map/tiledPainter.ts): shoot what the table sees once they are all drawn.
  const settled = (page: Page) => page.evaluate(() => window.__battleMap?.settled ?? true);
  await expect.poll(() => settled(gmPage), { message: 'GM map settled', timeout: 15_000 }).toBe(true);
  await expect.poll(() => settled(playerPage), { message: 'player map settled', timeout: 15_000 }).toBe(true);
  await gmPage.screenshot({ path: `${SCREENS}/session-${step}-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/session-${step}-player.png` });
}

/** A PNG drawn in the page's own canvas: a green field with a river (the map image to import). */
export async function fieldPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#5f7d4f';
      ctx.fillRect(0, 0, w, h);
      ctx.strokeStyle = '#2a3b5c';
      ctx.lineWidth = 16;
      ctx.beginPath();
      ctx.moveTo(0, h * 0.7);
      ctx.bezierCurveTo(w * 0.3, h * 0.5, w * 0.6, h * 0.95, w, h * 0.6);
      ctx.stroke();
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Imports a map image into the open encounter from the map's file input; both pages show it. */
export async function importMapImage(gmPage: Page, playerPage: Page): Promise<void> {
  const png = await fieldPng(gmPage, 900, 600);
  await gmPage.getByTestId('map-image-file').setInputFiles({ name: 'meadow.png', mimeType: 'image/png', buffer: png });
  await expect(gmPage.getByTestId('map-image-menu')).toBeVisible();
  await expect(gmPage.getByTestId('map-image-menu')).toBeVisible();
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
}

export interface FigureForm {
  name: string;
  side: string;
  weapons: string[];
  spells?: { school: string; ids: string[]; mana: number; mastery?: Record<string, number> };
  /** Where to click it onto the map (else near the centre) and its facing 0–5, turned with E before the click. */
  at?: { q: number; r: number };
  facing?: number;
}

async function fillEquipmentAndSpells(gmPage: Page, form: FigureForm): Promise<void> {
  await gmPage.getByTestId('figure-name').fill(form.name);
  await gmPage.getByTestId('figure-side').selectOption(form.side);
  for (const w of form.weapons) {
    await gmPage.getByTestId('weapon-select').selectOption(w);
    await gmPage.getByTestId('weapon-add').click();
  }
  if (form.spells) {
    const spells = gmPage.getByTestId('new-spells');
    await spells.getByTestId('new-spells-school').selectOption(form.spells.school);
    for (const id of form.spells.ids) {
      await spells.getByTestId('new-spells-spell').selectOption(id);
      await spells.getByTestId('new-spells-add').click();
      await expect(spells.getByTestId(`new-spells-known-${id}`)).toBeVisible();
      const mastery = form.spells.mastery?.[id];
      if (mastery !== undefined) await spells.getByTestId(`new-spells-mastery-${id}`).fill(String(mastery));
    }
    await gmPage.getByTestId('figure-caster').selectOption('typed');
    await gmPage.getByTestId('figure-mana').fill(String(form.spells.mana));
  }
}

/** After "Place on the map": the ghost turned to the form's facing with E, then clicked onto its hex. */
async function placeAsForm(gmPage: Page, form: FigureForm): Promise<{ q: number; r: number }> {
  await expect(gmPage.getByTestId('placing-hint')).toBeVisible();
  for (let i = 0; i < (form.facing ?? 0); i++) {
    await gmPage.keyboard.press('e');
    await expect(gmPage.getByTestId('placing-hint')).toContainText(`facing ${i + 1}`);
  }
  return placeByClick(gmPage, form.at);
}

/** A new character with point-bought attributes, placed by clicking `at` (or near the map's centre). */
export async function typedCharacter(gmPage: Page, form: FigureForm, values: Record<string, number>) {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('method-pointBuy').check();
  for (const [attr, v] of Object.entries(values)) await gmPage.getByTestId(`buy-${attr}`).fill(String(v));
  await fillEquipmentAndSpells(gmPage, form);
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  return placeAsForm(gmPage, form);
}

/** A new character rolled on 3d6 (RULINGS C1), re-rolled once before placing; returns the kept totals. */
export async function rolledCharacter(gmPage: Page, form: FigureForm) {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('method-roll').check();
  await expect(gmPage.getByTestId('roll-STR').locator('.faces')).toHaveText(/^[1-6] \+ [1-6] \+ [1-6]$/);
  const faces = async () => (await gmPage.getByTestId('creation-rolls').locator('.faces').allTextContents()).join('|');
  const first = await faces();
  await gmPage.getByTestId('reroll').click();
  await expect.poll(faces).not.toBe(first);
  const kept = await faces();
  await fillEquipmentAndSpells(gmPage, form);
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  const hex = await placeAsForm(gmPage, form);
  return { hex, kept };
}

/** A Quick NPC with typed attributes, placed by clicking `at` (or near the map's centre). */
export async function quickNpc(gmPage: Page, form: FigureForm, stats: Partial<Record<'STR' | 'DEX' | 'INT' | 'WIS', number>>) {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-npc').click();
  for (const [attr, v] of Object.entries(stats)) await gmPage.getByTestId(`npc-${attr}`).fill(String(v));
  await fillEquipmentAndSpells(gmPage, form);
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  return placeAsForm(gmPage, form);
}

/** Both pages show the figure at `hex` (the player page by its name, as its figure ids are opaque). */
export async function onBothMaps(gmPage: Page, playerPage: Page, id: string, hex: { q: number; r: number }): Promise<void> {
  await expect.poll(() => figureOnMap(gmPage, id)).toMatchObject(hex);
  await expect.poll(() => figureOnMap(playerPage, id)).toMatchObject(hex);
}

/** The hex at the centre of a page's battlemap, where the session's figures are set out around. */
export async function centreHex(page: Page): Promise<{ q: number; r: number }> {
  const box = (await page.getByRole('application').boundingBox())!;
  return page.evaluate(
    (p) => {
      const h = window.__battleMap.screenToHex(p);
      return { q: h.q, r: h.r };
    },
    { x: box.width / 2, y: box.height / 2 },
  );
}

/** The world rectangle a page's battlemap draws its map image over (null without one). */
export async function drawnImageRect(page: Page): Promise<{ x0: number; y0: number; x1: number; y1: number } | null> {
  return page.evaluate(() => window.__battleMap.background?.rect ?? null);
}

/**
 * Calibration as campaign.spec does it: in the map image menu's Calibrate mode, two
 * drags each pin an image point onto a hex corner of the grid (corner 0 of a flat hex lies one
 * hex size right of its centre). Both pages then draw the image over the calibrated rectangle.
 */
export async function calibrateMapImage(gmPage: Page, playerPage: Page, corners: [{ q: number; r: number }, { q: number; r: number }]): Promise<void> {
  const before = await drawnImageRect(gmPage);
  // The projector's image is main's copy with the fogged hexes painted out, named by what it is made of, placement included (session/playerMapImage.ts).
  const playerAsset = await playerPage.getByTestId('player-map').getAttribute('data-map-image');
  await gmPage.getByTestId('map-image-menu').click();
  await gmPage.getByTestId('map-image-calibrate').click();
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Drag from a hex corner');
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const corner = (hex: { q: number; r: number }) =>
    gmPage.evaluate((h) => {
      const map = window.__battleMap;
      const c = map.hexToScreen(h);
      return { x: c.x + 32 * map.stage.scaleX(), y: c.y };
    }, hex);
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    await gmPage.mouse.move(box.x + from.x, box.y + from.y);
    await gmPage.mouse.down();
    await gmPage.mouse.move(box.x + (from.x + to.x) / 2, box.y + (from.y + to.y) / 2, { steps: 4 });
    await gmPage.mouse.move(box.x + to.x, box.y + to.y, { steps: 4 });
    await gmPage.mouse.up();
  };
  const numbers = await gmPage.getByTestId('calibrate-numbers').textContent();
  const a = await corner(corners[0]);
  await drag({ x: a.x - 24, y: a.y - 18 }, a);
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Pin 1 set');
  const b = await corner(corners[1]);
  await drag({ x: b.x - 70, y: b.y + 12 }, b);
  await expect(gmPage.getByTestId('calibrate-hint')).toContainText('Two pins set');
  await expect(gmPage.getByTestId('calibrate-numbers')).not.toHaveText(numbers ?? '');
  await gmPage.getByTestId('map-image-calibrate').click();
  await expect(gmPage.getByTestId('calibrate-hint')).toBeHidden();
  // Main's placement is what both pages draw: the same world rectangle, moved from the import's.
  const image = (await mustCall(gmPage, 'getGmView', {})).encounter.map.image!;
  const size = 32;
  const expected = {
    x0: image.x * size,
    y0: image.y * size,
    x1: (image.x + image.width * image.scale) * size,
    y1: (image.y + image.height * image.scale) * size,
  };
  const close = (r: typeof expected | null) => r !== null && Object.entries(expected).every(([k, v]) => Math.abs(r[k as keyof typeof expected] - v) < 1e-6);
  await expect.poll(async () => close(await drawnImageRect(gmPage))).toBe(true);
  await expect.poll(async () => close(await drawnImageRect(playerPage))).toBe(true);
  expect(close(before)).toBe(false);
  await expect(gmPage.getByTestId('calibrate-numbers')).toHaveCount(0);
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  await expect(playerPage.getByTestId('player-map')).not.toHaveAttribute('data-map-image', playerAsset ?? '');
}

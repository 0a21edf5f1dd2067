import type { Page } from '@playwright/test';
import { expect, figureOnMap, placeByClick } from './fixtures';
import { SCREENS } from './setupSteps';

/** Steps of the whole-session spec (issue 12 "Checked by"): each through the GM page's UI only. */

/** Both pages' screenshots of one step of the session. */
export async function shootBoth(gmPage: Page, playerPage: Page, step: string): Promise<void> {
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
  spells?: { school: string; ids: string[]; mana: number };
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
    }
    await gmPage.getByTestId('figure-caster').selectOption('typed');
    await gmPage.getByTestId('figure-mana').fill(String(form.spells.mana));
  }
}

/** A new character with point-bought attributes, placed by clicking `at` (or near the map's centre). */
export async function typedCharacter(gmPage: Page, form: FigureForm, values: Record<string, number>, at?: { q: number; r: number }) {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('method-pointBuy').check();
  for (const [attr, v] of Object.entries(values)) await gmPage.getByTestId(`buy-${attr}`).fill(String(v));
  await fillEquipmentAndSpells(gmPage, form);
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  return placeByClick(gmPage, at);
}

/** A new character rolled on 3d6 (RULINGS C1), re-rolled once before placing; returns the kept totals. */
export async function rolledCharacter(gmPage: Page, form: FigureForm, at?: { q: number; r: number }) {
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
  const hex = await placeByClick(gmPage, at);
  return { hex, kept };
}

/** A Quick NPC with typed STR and DEX, placed by clicking `at` (or near the map's centre). */
export async function quickNpc(gmPage: Page, form: FigureForm, stats: { STR: number; DEX: number }, at?: { q: number; r: number }) {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-npc').click();
  await gmPage.getByTestId('npc-STR').fill(String(stats.STR));
  await gmPage.getByTestId('npc-DEX').fill(String(stats.DEX));
  await fillEquipmentAndSpells(gmPage, form);
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  return placeByClick(gmPage, at);
}

/** Both pages show the figure at `hex` (the player page by its name, issue 13 §5). */
export async function onBothMaps(gmPage: Page, playerPage: Page, id: string, hex: { q: number; r: number }): Promise<void> {
  await expect.poll(() => figureOnMap(gmPage, id)).toMatchObject(hex);
  await expect.poll(() => figureOnMap(playerPage, id)).toMatchObject(hex);
}

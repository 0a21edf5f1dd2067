/**
 * NPC templates and the Quick NPC form, as a GM meets them in the Figure tab: the Quick NPC form
 * shows the figure's load and gaits before it is placed, following what it carries
 * (001 §Encumbrance, §Movement); any NPC on the map is kept as an NPC template of the campaign from
 * its sheet, placed from the Quick NPC form as many times as the GM clicks hexes, and forgotten
 * there.
 */
import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, hexOnScreen, mustCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('Quick NPC shows load and gaits before placing, and the load follows the pack', async ({ gmPage: gm }) => {
  await gm.getByRole('tab', { name: 'Figure' }).click();
  await gm.getByTestId('new-npc').click();
  const preview = gm.getByTestId('figure-preview');
  // Every attribute 10: a movement modifier of 0, nothing carried.
  await expect(preview).toContainText('Load 0 lbs of 10 (Unencumbered)');
  await expect(preview).toContainText('Walk 4');
  await expect(preview).toContainText('Sprint 18');
  // A 16 lb pack at STR 10 is Medium: −2, and neither Run nor Sprint.
  await gm.getByLabel('Pack (lbs)').fill('16');
  await expect(preview).toContainText('Load 16 lbs of 20 (Medium)');
  await expect(preview).toContainText('Walk 2');
  await expect(preview.locator('.closed', { hasText: 'Sprint' })).toHaveCount(1);
  await expect(preview.locator('.closed', { hasText: 'Run' })).toHaveCount(1);
  await expect(preview.locator('.closed', { hasText: 'Walk' })).toHaveCount(0);
  await gm.screenshot({ path: `${SCREENS}/quick-npc-load-gaits-1366x768.png` });
});

test('an NPC kept as a template is placed many times from Quick NPC, and forgotten there', async ({ gmPage: gm, playerPage: player }) => {
  await gm.getByRole('tab', { name: 'Figure' }).click();
  await gm.getByTestId('figure-grak').click();
  await expect(gm.getByTestId('figure-sheet')).toContainText('Grak');
  await gm.getByTestId('figure-keep').click();
  await expect(gm.getByTestId('toast').last()).toContainText('Grak is in the campaign roster as an NPC template.');

  await gm.getByTestId('new-npc').click();
  const entry = gm.locator('.roster li').filter({ hasText: 'Grak' });
  await expect(entry).toContainText('NPC template');
  await entry.getByRole('button', { name: 'Place' }).click();
  for (const hex of [
    { q: 12, r: 6 },
    { q: 13, r: 6 },
  ]) {
    const p = await hexOnScreen(gm, hex);
    await gm.mouse.move(p.x, p.y, { steps: 3 });
    await gm.mouse.click(p.x, p.y);
  }
  await expect(gm.getByTestId('placing-count')).toHaveText('2 placed');
  await gm.getByTestId('placing-stop').click();

  // Two more Graks, each with the template's attributes and axe, both on the players' map.
  const view = await mustCall(gm, 'getGmView', {});
  const copies = view.encounter.figures.filter((f) => f.name.startsWith('Grak') && f.id !== 'grak');
  expect(copies.map((f) => f.name).sort()).toEqual(['Grak 2', 'Grak 3']);
  for (const [i, f] of copies.entries()) {
    await expect.poll(() => figureOnMap(player, f.id)).toMatchObject(i === 0 ? { q: 12, r: 6 } : { q: 13, r: 6 });
    const sheet = await mustCall(gm, 'figureSheet', { figureId: f.id });
    expect(sheet.attributes.map((a) => a.value)).toEqual([15, 10, 8, 8, 14, 6]);
    expect(sheet.weapons.map((w) => w.id)).toEqual(['battle-axe']);
  }
  await gm.screenshot({ path: `${SCREENS}/npc-template-placed-twice-gm.png` });
  await player.screenshot({ path: `${SCREENS}/npc-template-placed-twice-player.png` });

  // Forgotten from the Quick NPC form: gone from the form and from the campaign.
  await gm.getByTestId('new-npc').click();
  await gm.getByRole('button', { name: 'Forget Grak' }).click();
  await expect(gm.locator('.roster li').filter({ hasText: 'Grak' })).toHaveCount(0);
  expect(await mustCall(gm, 'listRoster', {})).toEqual([]);
});

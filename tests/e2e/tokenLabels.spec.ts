import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, mustCall, test } from './fixtures';
import { settle } from './mapProbes';

/**
 * The projector's token labels follow one rule at the zoom a table sees most, the whole map on a
 * 1920×1080 display: every disc holds its figure's initials and every name is written whole under
 * its token, large enough to read from the table (the player display once wrote "Sneak" whole in
 * its disc beside a "Cu" whose name did not fit, with no names under either).
 */
const SCREENS = 'test-results/screens';
/** The console's choice of the smallest name a player reads from a metre or two away, in CSS pixels. */
const LEGIBLE_PX = 12;

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** What each token on a page's map shows: its initials, its name and that name's height on screen, and whether the name is drawn. */
const tokenTexts = (page: Page) =>
  page.evaluate(() => {
    const stage = window.__battleMap.stage;
    const tokens = stage.find<Konva.Group>((n: Konva.Node) => n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne('.name') !== undefined);
    return tokens
      .filter((t) => t.isVisible())
      .map((t) => {
        const name = t.findOne<Konva.Text>('.name')!;
        return {
          disc: t.findOne<Konva.Text>('.initials')!.text(),
          name: name.text(),
          shown: name.isVisible(),
          px: name.fontSize() * name.getAbsoluteScale().y,
        };
      });
  });

/** A one-word name's initials: its first two letters ("Cultist" → "Cu"); every name here is one word. */
const initials = (name: string) => name.slice(0, 1).toUpperCase() + name.slice(1, 2).toLowerCase();

test('at the whole-map zoom of a 1920×1080 projector every token has its initials in the disc and its name under it, legibly', async ({
  gmPage,
  playerPage,
}) => {
  for (const [name, q] of [
    ['Cultist', 12],
    ['Sneak', 14],
  ] as const) {
    const figure = {
      name,
      sideId: 'foes',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 10, DEX: 11, INT: 10, WIS: 10, CON: 10, CHR: 10 } },
      fatigueDice: [3, 3],
      mana: null,
      equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    };
    await mustCall(gmPage, 'sendCommand', { command: { type: 'addFigure', figure, position: { q, r: 4 } } });
  }
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await playerPage.bringToFront();
  await expect.poll(async () => (await tokenTexts(playerPage)).map((t) => t.name)).toEqual(expect.arrayContaining(['Cultist', 'Sneak', 'Bram']));
  await settle(playerPage);
  await playerPage.screenshot({ path: `${SCREENS}/token-labels-player-1920x1080.png` });
  const tokens = await tokenTexts(playerPage);
  for (const t of tokens) {
    expect(t.disc, `${t.name}: initials in the disc`).toBe(initials(t.name));
    expect(t.shown, `${t.name}: the name under the token is drawn`).toBe(true);
    expect(t.px, `${t.name}: the name is at least ${LEGIBLE_PX} px high`).toBeGreaterThanOrEqual(LEGIBLE_PX);
  }
  // The GM map keeps the same rule at its own size.
  await gmPage.bringToFront();
  await settle(gmPage);
  for (const t of await tokenTexts(gmPage)) expect(t.disc, `${t.name}: initials on the GM map`).toBe(initials(t.name));
});

import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, mustCall, test } from './fixtures';
import { clippedWithoutScrollbar, drawnPastTheSides, lastControl, wheelToAndClick } from './layoutChecks';

/**
 * The GM page's right column at a laptop's sizes (1366×768 and 1280×720), with a long list of
 * this turn's castings: every tab scrolls when it is taller than the column, nothing in it hides
 * content past an edge without a scrollbar, and the last control of each tab is reached with the
 * mouse wheel and clicked where it is drawn (the Magic tab's counterspell forms were reachable
 * only by Tab when its body did not scroll).
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SCREENS}/right-column-${name}-gm.png` }).then(() => undefined);

const MAGES = ['Agna', 'Berric', 'Corwen', 'Dusa', 'Elka', 'Fenn'];

/** Six more mages, three a side, each knowing Detect Magic with 10 mana. */
async function addMages(gmPage: Page): Promise<void> {
  for (const [i, name] of MAGES.entries()) {
    const figure = {
      name,
      sideId: i % 2 === 0 ? 'party' : 'foes',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 10, DEX: 9 + i, INT: 13, WIS: 12, CON: 10, CHR: 10 } },
      fatigueDice: [3, 3],
      mana: { method: 'set', pool: 10 },
      equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
      mastery: { 'passage-detect-magic': 1 },
    };
    await mustCall(gmPage, 'sendCommand', { command: { type: 'addFigure', figure, position: { q: 4 + i, r: 12 } } });
  }
}

/** Turn 1 to the action phase, where every mage due casts Detect Magic (castings to list) and the others pass. */
async function everyMageCasts(gmPage: Page): Promise<void> {
  await mustCall(gmPage, 'sendCommand', { command: { type: 'rollInitiative' }, entered: [[5], [2]] });
  await mustCall(gmPage, 'sendCommand', { command: { type: 'chooseInitiative', sideId: 'party', moveFirst: true } });
  for (let i = 0; i < 6; i++) {
    const view = await mustCall(gmPage, 'getGmView', {});
    if (view.encounter.phase === 'actions') break;
    await mustCall(gmPage, 'sendCommand', { command: { type: 'advancePhase', override: true } });
  }
  for (let i = 0; i < 20; i++) {
    const view = await mustCall(gmPage, 'getGmView', {});
    const due = view.encounter.tracker.due[0] as string | undefined;
    if (!due || view.encounter.phase !== 'actions') break;
    const figure = view.encounter.figures.find((f) => f.id === due)!;
    const casts = figure.name === 'Ilsa' || MAGES.includes(figure.name);
    await mustCall(gmPage, 'sendCommand', {
      command: casts ? { type: 'castSpell', figureId: due, spellId: 'passage-detect-magic' } : { type: 'pass', figureId: due },
    });
  }
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
]) {
  test(`every tab of the right column scrolls to its last control at ${size.width}×${size.height}`, async ({ gmPage, playerPage }) => {
    test.setTimeout(150_000);
    await gmPage.setViewportSize(size);
    await gmPage.bringToFront();
    await addMages(gmPage);
    await everyMageCasts(gmPage);
    const column = gmPage.locator('aside.right');
    const body = column.getByRole('tabpanel');
    const tag = `${size.width}x${size.height}`;

    // Magic: the pools, the cast form and seven castings, each with its counterspell form.
    await gmPage.getByRole('tab', { name: 'Magic' }).click();
    await expect(gmPage.getByTestId('castings').locator('li[data-testid^="casting-"]')).toHaveCount(7);
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    const magicLast = lastControl(body);
    await wheelToAndClick(gmPage, body, magicLast, () => shoot(gmPage, `magic-${tag}`));
    await expect(magicLast).toBeFocused();

    // Figure: Ilsa's sheet, then the New character form.
    await gmPage.getByRole('tab', { name: 'Figure' }).click();
    await gmPage.getByTestId('figure-ilsa').click();
    await expect(gmPage.getByTestId('figure-sheet')).toContainText('Ilsa');
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    await wheelToAndClick(gmPage, body, lastControl(body), () => shoot(gmPage, `sheet-${tag}`));
    // The New character form: Cancel, its last button, closes it (the ruling cited in the note under it is a control too).
    await gmPage.getByTestId('new-character').click();
    // Three spells, one with the longest name of the catalogue: the form still fits the column.
    await gmPage.getByTestId('new-spells-school').selectOption('control');
    await gmPage.getByTestId('new-spells-spell').selectOption('control-effect-mental-state-senses');
    for (let i = 0; i < 3; i++) await gmPage.getByTestId('new-spells-add').click();
    await expect(gmPage.getByTestId('new-spells').locator('li')).toHaveCount(3);
    await expect(gmPage.getByTestId('new-spells-known-control-effect-mental-state-senses')).toContainText('Effect Mental State/Senses');
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    await wheelToAndClick(gmPage, body, body.getByRole('button', { name: 'Cancel' }), () => shoot(gmPage, `new-character-${tag}`));
    await expect(gmPage.getByTestId('figure-place')).toHaveCount(0);

    // Dice log: every casting's rolls.
    await gmPage.getByRole('tab', { name: 'Dice log' }).click();
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    await wheelToAndClick(gmPage, body, lastControl(body), () => shoot(gmPage, `log-${tag}`));

    // Odds: a short run from its last control.
    await gmPage.getByRole('tab', { name: 'Odds' }).click();
    await gmPage.getByTestId('odds-fights').fill('10');
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    await wheelToAndClick(gmPage, body, lastControl(body));
    await expect(gmPage.getByTestId('odds-run')).toContainText('10 of 10 fights', { timeout: 60_000 });
    expect(await clippedWithoutScrollbar(gmPage, 'aside.right')).toEqual([]);
    expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
    await gmPage.screenshot({ path: `${SCREENS}/right-column-odds-${tag}-gm.png` });

    // The players saw the casters and none of it.
    await expect(playerPage.getByTestId('player-status')).toContainText('Actions');
    await playerPage.screenshot({ path: `${SCREENS}/right-column-${tag}-player.png` });
  });
}

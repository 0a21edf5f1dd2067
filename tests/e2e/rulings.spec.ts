import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { command, expect, figureOnMap, hexOnScreen, mustCall, npcFighter, test } from './fixtures';
import { drawnPastTheSides } from './layoutChecks';

/**
 * Rulings a GM can read (src/shared/rulings): hovering a ruling id in the rules settings or in an
 * option's reason shows the ruling in the console's words; and RULINGS H9's pick: when a mount
 * falls, the tracker asks where its rider lies, and the GM picks the hex on the map. Set-up goes
 * over the socket; what is under test is hovered, clicked and checked on both pages.
 */
const SCREENS = 'test-results/screens';
type Hex = { q: number; r: number };

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function openEncounter(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  const made = await mustCall(gmPage, 'createEncounter', { name });
  await mustCall(gmPage, 'openEncounter', { id: made.id });
  await expect(gmPage.getByTestId('encounter-name')).toHaveText(name);
  await expect(playerPage.getByTestId('player-status')).toContainText(name);
}

async function toPhase(gmPage: Page, phase: string): Promise<void> {
  await command(gmPage, { type: 'rollInitiative' }, [[6], [1]]);
  await command(gmPage, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  let view = await mustCall(gmPage, 'getGmView', {});
  while (view.encounter.phase !== phase) view = await command(gmPage, { type: 'advancePhase', override: true });
}

test('hovering a ruling id in the rules settings and in an option reason shows the ruling in the console’s words', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  const tip = gmPage.getByTestId('ruling-tip');

  // The rules settings: broken ground's cost is RULINGS M7.
  await gmPage.getByTestId('campaign-menu').click();
  await gmPage.getByTestId('menu-rules').click();
  const m7 = gmPage.getByTestId('source-brokenGroundCost').getByRole('button', { name: 'RULINGS M7' });
  await expect(tip).toHaveCount(0);
  // Every column of the settings is inside the dialog: none cut off at its right edge.
  expect(await drawnPastTheSides(gmPage, '[data-testid=campaign-screen] .body')).toEqual([]);
  await gmPage.screenshot({ path: `${SCREENS}/rulings-rules-form.png` });
  await m7.hover();
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('RULINGS M7 · Terrain');
  await expect(tip).toContainText('Broken ground costs 2 hexes of movement to enter');
  await expect(tip).toContainText('Settles 001 §Movement');
  await gmPage.screenshot({ path: `${SCREENS}/rulings-rules-form-tip.png` });
  // Off the id, the tip goes; by keyboard, focus shows it too.
  await gmPage.mouse.move(5, 5);
  await expect(tip).toHaveCount(0);
  await m7.focus();
  await expect(tip).toContainText('RULINGS M7 · Terrain');
  await gmPage.getByTestId('campaign-close').click();

  // An option reason: Bea set out at a run and moved 5 hexes, a jog (RULINGS T5), so Ready weapon is closed.
  await openEncounter(gmPage, playerPage, 'Rulings');
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Bea', 'party', { STR: 12, DEX: 12 }, 'broadsword'), position: { q: 2, r: 6 }, facing: 0 });
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Orc', 'foes', { STR: 12, DEX: 9 }, 'broadsword'), position: { q: 16, r: 6 }, facing: 3 });
  await toPhase(gmPage, 'initialMovement');
  await command(gmPage, { type: 'move', figureId: 'bea', mode: 'run', to: { q: 7, r: 6 } });
  await toPhase2(gmPage);
  const reason = gmPage.getByTestId('reason-e');
  await expect(reason).toContainText('Bea moved 5 hexes, a jog (RULINGS T5)');
  await reason.getByRole('button', { name: 'RULINGS T5' }).hover();
  await expect(tip).toContainText('RULINGS T5 · Action order and options');
  await expect(tip).toContainText('the slowest gait covering the movement it spent');
  await gmPage.screenshot({ path: `${SCREENS}/rulings-option-reason-tip.png` });
  // A tag whose title cites a ruling carries the ruling's text in that title: Bea's adjDEX in the action order.
  await expect(gmPage.getByTestId('action-score-bea')).toHaveAttribute('title', /adjDEX \(RULINGS T5\)\n\nT5 Action order and options: /);
  // The players' map shows Bea where she ran to, and no ruling text.
  await expect.poll(() => figureOnMap(playerPage, 'bea')).toMatchObject({ q: 7, r: 6 });
  await expect(playerPage.getByTestId('ruling-tip')).toHaveCount(0);
  await playerPage.screenshot({ path: `${SCREENS}/rulings-option-reason-player.png` });
});

/** From a movement phase to Actions (the GM's Next phase, with override past anyone left). */
async function toPhase2(gmPage: Page): Promise<void> {
  let view = await mustCall(gmPage, 'getGmView', {});
  while (view.encounter.phase !== 'actions') view = await command(gmPage, { type: 'advancePhase', override: true });
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bea');
}

test('a horse falls: its rider lies prone beside it, and the GM picks the hex on the map (RULINGS H9)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await openEncounter(gmPage, playerPage, 'Unhorsed');
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Ann', 'party', { STR: 13, DEX: 12 }, 'broadsword'), position: { q: 4, r: 6 }, facing: 0 });
  // The horse covers 6,6 · 5,6 · 6,5 (3 hexes, facing 0).
  await command(gmPage, {
    type: 'addFigure',
    figure: { ...npcFighter('Horse', 'party', { STR: 18, DEX: 11 }, 'club'), size: 3 },
    position: { q: 6, r: 6 },
    facing: 0,
  });
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Orc', 'foes', { STR: 12, DEX: 9 }, 'broadsword'), position: { q: 14, r: 6 }, facing: 3 });
  await command(gmPage, { type: 'mount', figureId: 'ann', mountId: 'horse' });
  await toPhase(gmPage, 'actions');
  // The horse dies (the GM's posture correction stands in for a killing blow).
  await command(gmPage, { type: 'setPosture', figureId: 'horse', posture: 'dead' });

  // Ann lies prone in the first free hex beside the horse, 7,6; the tracker asks where she lies.
  const card = gmPage.getByTestId('fallen-ann');
  await expect(card).toContainText('Ann fell from Horse and lies prone');
  await expect.poll(() => figureOnMap(gmPage, 'ann')).toMatchObject({ q: 7, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'ann')).toMatchObject({ q: 7, r: 6 });
  await gmPage.getByTestId('fallen-riders').getByRole('button', { name: 'RULINGS H9' }).hover();
  await expect(gmPage.getByTestId('ruling-tip')).toContainText('RULINGS H9 · Mounts');
  await gmPage.screenshot({ path: `${SCREENS}/fallen-rider-tip-gm.png` });
  await gmPage.mouse.move(700, 600);
  await expect(gmPage.getByTestId('ruling-tip')).toHaveCount(0);
  await gmPage.screenshot({ path: `${SCREENS}/fallen-rider-prompt-gm.png` });

  // The GM picks 4,6, behind the horse, on the map; a hex not beside it is refused in words.
  await card.getByTestId('fallen-pick').click();
  const far = await hexOnScreen(gmPage, { q: 10, r: 3 });
  await gmPage.mouse.click(far.x, far.y);
  await expect(gmPage.getByTestId('fallen-problem')).toContainText('choose a free hex beside the fallen mount');
  await card.getByTestId('fallen-pick').click();
  const behind: Hex = { q: 4, r: 6 };
  const at = await hexOnScreen(gmPage, behind);
  await gmPage.mouse.click(at.x, at.y);
  await expect(card.getByTestId('fallen-hex')).toHaveValue('4,6');
  await card.getByTestId('fallen-place').click();
  await expect(gmPage.getByTestId('fallen-riders')).toHaveCount(0);
  await expect.poll(() => figureOnMap(gmPage, 'ann')).toMatchObject(behind);
  await expect.poll(() => figureOnMap(playerPage, 'ann')).toMatchObject(behind);
  const view = await mustCall(gmPage, 'getGmView', {});
  const ann = view.encounter.figures.find((f) => f.id === 'ann')!;
  expect(ann).toMatchObject({ posture: 'prone', position: behind });
  expect(ann.ridingId).toBeUndefined();
  // The players' view carries no pick.
  expect(JSON.stringify(await mustCall(playerPage, 'getPlayerView', {}))).not.toContain('fallenRiders');
  await gmPage.screenshot({ path: `${SCREENS}/fallen-rider-placed-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/fallen-rider-placed-player.png` });
});

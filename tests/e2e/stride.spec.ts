import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { command, expect, mustCall, npcFighter, test } from './fixtures';

/**
 * RULINGS O3 (002 §Charging): a pass-by charge whose defender wins the roll-off. The campaign is
 * switched to stride & momentum over the socket, a new encounter gets two fighters, and the turn
 * is played up to the charge with typed-in faces (RULINGS G3). The tracker must then show the
 * defender's first strike with its adjDEX ("Meeting a charge" +1) and the buttons that resolve it;
 * "Let it go" lets the charger's blow in and the offer leaves the tracker.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const call = mustCall;

const fighter = (name: string, sideId: string, dex: number) => npcFighter(name, sideId, { STR: 12, DEX: dex }, 'broadsword');

/**
 * Switches the campaign to stride & momentum, opens a new encounter with Aldo (DEX 12) and Vex
 * (DEX 10), and plays to the Actions phase: Aldo runs past Vex at stride-4 and keeps going
 * (002 §Charging); Vex stands. The party rolls 6, the foes 1, and moves first (RULINGS T2).
 */
async function chargeReady(page: Page, name: string): Promise<void> {
  const rules = await call(page, 'getRules', {});
  await call(page, 'setRules', { rules: { ...rules, options: { ...rules.options, strideMomentum: true } } });
  const made = await call(page, 'createEncounter', { name });
  await call(page, 'openEncounter', { id: made.id });
  await expect(page.getByTestId('encounter-name')).toHaveText(name);
  await command(page, { type: 'addFigure', figure: fighter('Aldo', 'party', 12), position: { q: 4, r: 6 }, facing: 0 });
  await command(page, { type: 'addFigure', figure: fighter('Vex', 'foes', 10), position: { q: 9, r: 5 }, facing: 2 });
  await command(page, { type: 'rollInitiative' }, [[6], [1]]);
  await command(page, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  let view = await call(page, 'getGmView', {});
  while (view.encounter.phase !== 'initialMovement') view = await command(page, { type: 'advancePhase' });
  await command(page, { type: 'move', figureId: 'aldo', mode: 'stride-4', to: { q: 8, r: 6 }, strides: [4], keepGoing: true, facing: 0 });
  await command(page, { type: 'move', figureId: 'vex', mode: 'stand-still', to: { q: 9, r: 5 } });
  while (view.encounter.phase !== 'actions') view = await command(page, { type: 'advancePhase' });
}

test('O3: a pass-by charge’s first strike is shown and resolved in the tracker', async ({ gmPage: page }) => {
  test.setTimeout(60_000);
  await chargeReady(page, 'Pass-by');
  // The charge: the roll-off goes 2 to 5, Vex strikes first.
  const view = await command(page, { type: 'attack', figureId: 'aldo', targetId: 'vex', weaponId: 'broadsword' }, [[2], [5]]);
  expect(view.encounter.tracker.strikeOffers).toHaveLength(1);

  const offer = page.getByTestId('strike-offer-firstStrike-vex');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Vex strikes Aldo first');
  await expect(offer).toContainText('won the pass-by roll-off');
  await expect(offer.getByTestId('strike-adjdex')).toHaveText('11');
  await offer.locator('summary').click();
  await expect(offer.locator('table')).toContainText('Meeting a charge');
  await expect(offer.getByTestId('strike-take')).toBeEnabled();
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId('strike-offers').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/stride-first-strike-${w}.png` });
  }

  // Letting it go: Aldo's blow goes in (typed faces: 6 hits at adjDEX 14, 2d6 = 7); the offer is gone.
  const before = (view.encounter.figures as { id: string; fatigue: { current: number } }[]).find((f) => f.id === 'vex')!.fatigue.current;
  const waived = await command(page, { type: 'waiveFirstStrike', figureId: 'vex', attackerId: 'aldo' }, [
    [2, 2, 2],
    [3, 4],
  ]);
  expect(waived.encounter.tracker.strikeOffers).toBeUndefined();
  expect((waived.encounter.figures as { id: string; fatigue: { current: number } }[]).find((f) => f.id === 'vex')!.fatigue.current).toBe(before - 7);
  await expect(page.getByTestId('strike-offers')).toHaveCount(0);
});

test('O3: the first strike button resolves it from the tracker', async ({ gmPage: page }) => {
  test.setTimeout(60_000);
  await chargeReady(page, 'Pass-by 2');
  await command(page, { type: 'attack', figureId: 'aldo', targetId: 'vex', weaponId: 'broadsword' }, [[1], [6]]);
  const offer = page.getByTestId('strike-offer-firstStrike-vex');
  await expect(offer).toBeVisible();
  // The button sends `firstStrike`; the console's own dice roll it. The offer leaves the tracker.
  await offer.getByTestId('strike-take').click();
  await expect(page.getByTestId('strike-offers')).toHaveCount(0);
  const after = await call(page, 'getGmView', {});
  expect(after.encounter.tracker.strikeOffers).toBeUndefined();
  const log = await call(page, 'getLog', {});
  const last = log.entries.at(-1)!;
  expect(last.command).toMatchObject({ type: 'firstStrike', figureId: 'vex', attackerId: 'aldo' });
  expect(last.events.filter((e) => e.type === 'attackRolled')[0]).toMatchObject({ attackerId: 'vex', targetId: 'aldo', adjDex: 11 });
});

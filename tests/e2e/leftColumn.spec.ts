import { mkdir } from 'node:fs/promises';
import { expect, mustCall, test } from './fixtures';
import { clippedWithoutScrollbar, drawnPastTheSides, textCutShort } from './layoutChecks';

/**
 * The GM page's left column at a laptop's 1366×768: the phase stepper writes every phase name
 * whole ("Initial movem…" was cut), and a figure's row keeps every tag and its pools in the column
 * however long the name and however many tags (they wrap under the name instead of running past
 * the column's edge, where it cut them).
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('the left column writes phase names whole and keeps a figure row’s tags inside it at 1366×768', async ({ gmPage }) => {
  const fighter = {
    name: 'Mirela Stormwarden of the Ford',
    sideId: 'party',
    kind: 'npc',
    attributes: { method: 'set', values: { STR: 11, DEX: 11, INT: 10, WIS: 10, CON: 10, CHR: 10 } },
    fatigueDice: [3, 3],
    mana: null,
    equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
  };
  await mustCall(gmPage, 'sendCommand', { command: { type: 'addFigure', figure: fighter, position: { q: 5, r: 9 } } });
  const view = await mustCall(gmPage, 'getGmView', {});
  const mirela = view.encounter.figures.find((f) => f.name === fighter.name)!.id;
  await mustCall(gmPage, 'sendCommand', { command: { type: 'setFigureHidden', figureId: mirela, hidden: true } });
  await mustCall(gmPage, 'sendCommand', { command: { type: 'setPosture', figureId: mirela, posture: 'prone' } });
  const row = gmPage.getByTestId(`figure-${mirela}`);
  await expect(row).toContainText('hidden');
  await expect(row).toContainText('prone');

  const stepper = gmPage.getByTestId('phase-stepper');
  await expect(stepper.locator('li')).toHaveCount(6);
  await expect(stepper).toContainText('Initial movement');
  await gmPage.screenshot({ path: `${SCREENS}/left-column-1366x768.png` });
  expect(await textCutShort(gmPage, 'aside.left [data-testid=phase-stepper] .label'), 'phase names cut').toEqual([]);
  expect(await textCutShort(gmPage, 'aside.left .figures-card :is(.tk-tag, .pools, .name)'), 'figure rows cut').toEqual([]);
  expect(await drawnPastTheSides(gmPage, 'aside.left'), 'drawn past a side of the left column').toEqual([]);
  expect(await clippedWithoutScrollbar(gmPage, 'aside.left'), 'content past an edge of the left column without a scrollbar').toEqual([]);
});

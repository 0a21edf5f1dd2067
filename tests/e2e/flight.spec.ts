import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { command, dragHex, expect, figureOnMap, mustCall, npcFighter, test } from './fixtures';

/**
 * Flight (004 §Flight; RULINGS H6): a flier takes off from the tracker and is dragged on
 * the map at most half its flying MA; both maps show it in the air. The encounter is set up over
 * the socket; the take-off is clicks and a drag on the GM page.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/**
 * The condition tags a page's map draws on a figure (FLY for one in the air). Found by the name on
 * its token: the player page knows figures by the players' own ids (design-notes §Secrecy at the
 * player boundary).
 */
async function tags(page: Page, id: string, name: string): Promise<string | null> {
  const onPlayerPage = page.url().includes('/player.html');
  return page.evaluate(
    ({ figureId, figureName, byName }) => {
      const map = window.__battleMap;
      const node = byName
        ? map?.stage.findOne<Konva.Group>(
            (n: Konva.Node) =>
              n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === figureName,
          )
        : map?.stage.findOne<Konva.Group>(`#${figureId}`);
      const pills = node?.findOne<Konva.Group>('.conditions');
      return pills ? pills.children.map((n: Konva.Node) => n.getAttr('label') as string).join(' ') : null;
    },
    { figureId: id, figureName: name, byName: onPlayerPage },
  );
}

test('a flier takes off: half its flying MA, in the air on the GM map and the projector (RULINGS H6)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  const made = await mustCall(gmPage, 'createEncounter', { name: 'Wings' });
  await mustCall(gmPage, 'openEncounter', { id: made.id });
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Wings');
  await expect(playerPage.getByTestId('player-status')).toContainText('Wings');
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Hawk', 'party', { STR: 10, DEX: 13 }, 'dagger'), position: { q: 4, r: 6 }, facing: 0 });
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Orc', 'foes', { STR: 12, DEX: 9 }, 'broadsword'), position: { q: 12, r: 6 }, facing: 3 });

  // The Hawk flies: flying MA 8.
  await command(gmPage, { type: 'setFlyingMa', figureId: 'hawk', flyingMa: 8 });
  await command(gmPage, { type: 'rollInitiative' }, [[6], [1]]);
  await command(gmPage, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  let view = await mustCall(gmPage, 'getGmView', {});
  while (view.encounter.phase !== 'initialMovement') view = await command(gmPage, { type: 'advancePhase' });
  await expect(gmPage.getByTestId('due-name')).toHaveText('Hawk');

  // Take off: up to 4 hexes this turn (half of 8, 004 §Flight).
  await expect(gmPage.getByTestId('take-off')).toHaveText('Take off (up to 4 hexes)');
  await gmPage.getByTestId('take-off').click();
  await expect(gmPage.getByTestId('take-off-hint')).toContainText('up to 4 hexes');
  await gmPage.screenshot({ path: `${SCREENS}/flight-take-off-ready.png` });
  await dragHex(gmPage, { q: 4, r: 6 }, { q: 8, r: 6 });

  await expect.poll(() => figureOnMap(gmPage, 'hawk')).toMatchObject({ q: 8, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'hawk')).toMatchObject({ q: 8, r: 6 });
  await expect.poll(() => tags(gmPage, 'hawk', 'Hawk')).toBe('Flying');
  await expect.poll(() => tags(playerPage, 'hawk', 'Hawk')).toBe('Flying');
  const after = await mustCall(gmPage, 'getGmView', {});
  const hawk = after.encounter.figures.find((f) => f.id === 'hawk')!;
  expect(hawk.conditions).toContain('flying');
  expect(hawk.turn.spent).toBe(4);
  const log = await mustCall(gmPage, 'getLog', {});
  expect(log.entries.at(-1)!.command).toMatchObject({ type: 'takeOff', figureId: 'hawk', to: { q: 8, r: 6 } });
  await gmPage.screenshot({ path: `${SCREENS}/flight-took-off-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/flight-took-off-player.png` });
  // The player page learns it flies, never its flying MA (a GM number).
  const pv = await mustCall(playerPage, 'getPlayerView', {});
  expect(pv.encounter.figures.find((f: { name: string }) => f.name === 'Hawk')).toMatchObject({ flying: true });
  expect(JSON.stringify(pv)).not.toContain('flyingMa');
});

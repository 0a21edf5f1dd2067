import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { command, dragHex, expect, figureOnMap, hexOnScreen, mustCall, npcFighter, test } from './fixtures';

/**
 * Pushes and mounts (design-notes §Pushes and mounts): a giant dragged onto a smaller figure pushes
 * it back (004 §Engagement), and a rider mounted from the figure sheet rides with its horse (the
 * console's choice: linked figures). The encounters are set up over the socket; the push, the
 * mounting and the ride are clicks and drags on the GM page, and both maps are checked.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** The states (condition pills) a page's map draws on a figure, found by the name on its token (the player page has its own ids). */
async function tags(page: Page, name: string): Promise<string | null> {
  return page.evaluate((figureName) => {
    const map = window.__battleMap;
    const node = map?.stage.findOne<Konva.Group>(
      (n: Konva.Node) => n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === figureName,
    );
    const pills = node?.findOne<Konva.Group>('.conditions');
    return pills ? pills.children.map((n: Konva.Node) => n.getAttr('label') as string).join(' ') : null;
  }, name);
}

async function openEncounter(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  const made = await mustCall(gmPage, 'createEncounter', { name });
  await mustCall(gmPage, 'openEncounter', { id: made.id });
  await expect(gmPage.getByTestId('encounter-name')).toHaveText(name);
  await expect(playerPage.getByTestId('player-status')).toContainText(name);
}

async function toMovement(gmPage: Page): Promise<void> {
  await command(gmPage, { type: 'rollInitiative' }, [[6], [1]]);
  await command(gmPage, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  let view = await mustCall(gmPage, 'getGmView', {});
  while (view.encounter.phase !== 'initialMovement') view = await command(gmPage, { type: 'advancePhase' });
}

test('a 7-hex giant dragged onto an imp pushes it back 1 hex, on both maps and in the log (004 §Engagement)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await openEncounter(gmPage, playerPage, 'Shove');
  await command(gmPage, {
    type: 'addFigure',
    figure: { ...npcFighter('Giant', 'party', { STR: 20, DEX: 10 }, 'club'), size: 7 },
    position: { q: 5, r: 6 },
    facing: 0,
  });
  // The imp faces away; one armed one-hex foe does not engage a 7-hex figure (RULINGS M6).
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Imp', 'foes', { STR: 8, DEX: 10 }, 'dagger'), position: { q: 8, r: 6 }, facing: 0 });
  await toMovement(gmPage);
  await expect(gmPage.getByTestId('due-name')).toHaveText('Giant');

  // Stepping east to 7,6 the giant's body covers 8,6: the imp (ST 8 < 20) goes on to 9,6.
  await dragHex(gmPage, { q: 5, r: 6 }, { q: 7, r: 6 });
  await expect.poll(() => figureOnMap(gmPage, 'giant')).toMatchObject({ q: 7, r: 6 });
  await expect.poll(() => figureOnMap(gmPage, 'imp')).toMatchObject({ q: 9, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'giant')).toMatchObject({ q: 7, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'imp')).toMatchObject({ q: 9, r: 6 });

  const log = await mustCall(gmPage, 'getLog', {});
  const last = log.entries.at(-1)!;
  expect(last.command).toMatchObject({ type: 'move', figureId: 'giant', to: { q: 7, r: 6 } });
  expect(last.events.find((e) => e.type === 'pushed')).toMatchObject({ targetId: 'imp', to: { q: 9, r: 6 }, source: '004 §Engagement; RULINGS H8' });
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  await expect(gmPage.getByTestId('dice-log').getByText('Imp pushed back to 9,6')).toBeVisible();
  await gmPage.screenshot({ path: `${SCREENS}/push-giant-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/push-giant-player.png` });
});

test("a rider mounts its horse from the sheet and rides with the horse's gaits; both maps show it on the horse", async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await openEncounter(gmPage, playerPage, 'Cavalry');
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Ann', 'party', { STR: 13, DEX: 12 }, 'cavalry-lance'), position: { q: 4, r: 6 }, facing: 0 });
  // The horse (3 hexes: 6,6 · 5,6 · 6,5), STR 18: movement modifier +5, Walk 9 (RULINGS M1).
  await command(gmPage, {
    type: 'addFigure',
    figure: { ...npcFighter('Horse', 'party', { STR: 18, DEX: 11 }, 'club'), size: 3 },
    position: { q: 6, r: 6 },
    facing: 0,
  });
  await command(gmPage, { type: 'addFigure', figure: npcFighter('Orc', 'foes', { STR: 12, DEX: 9 }, 'broadsword'), position: { q: 16, r: 6 }, facing: 3 });

  // Select Ann on the map, open her sheet, mount the horse next to her.
  const ann = await hexOnScreen(gmPage, { q: 4, r: 6 });
  await gmPage.mouse.click(ann.x, ann.y);
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  const mount = gmPage.getByTestId('figure-mount');
  await expect(mount.getByTestId('mount-select')).toHaveValue('horse');
  await mount.getByTestId('ride-score').fill('4');
  await mount.getByTestId('ride-set').click();
  // Mount once main holds the Ride score, as a GM sees the sheet settle before the next click.
  await expect.poll(async () => (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === 'ann')?.rideScore).toBe(4);
  await mount.getByTestId('mount-go').click();
  await expect(mount.getByTestId('mount-status')).toHaveText('Rides Horse');
  await expect.poll(() => figureOnMap(gmPage, 'ann')).toMatchObject({ q: 6, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'ann')).toMatchObject({ q: 6, r: 6 });
  await expect.poll(() => tags(gmPage, 'Ann')).toBe('Mounted');
  await expect.poll(() => tags(playerPage, 'Ann')).toBe('Mounted');
  await gmPage.screenshot({ path: `${SCREENS}/mount-mounted-gm.png` });

  // Movement: dragging Ann (drawn on top of the horse) 7 hexes is the horse's walk; on foot she walks 4.
  await toMovement(gmPage);
  await expect(gmPage.getByTestId('due-name')).toHaveText(/Ann|Horse/);
  await dragHex(gmPage, { q: 6, r: 6 }, { q: 13, r: 6 });
  await expect.poll(() => figureOnMap(gmPage, 'horse')).toMatchObject({ q: 13, r: 6 });
  await expect.poll(() => figureOnMap(gmPage, 'ann')).toMatchObject({ q: 13, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'horse')).toMatchObject({ q: 13, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'ann')).toMatchObject({ q: 13, r: 6 });
  const view = await mustCall(gmPage, 'getGmView', {});
  const byId = (id: string) => view.encounter.figures.find((f) => f.id === id)!;
  expect(byId('horse').turn).toMatchObject({ mode: 'walk', spent: 7 });
  expect(byId('ann')).toMatchObject({ ridingId: 'horse', rideScore: 4, turn: { mode: 'walk', spent: 7 } });
  // The players see who rides whom, by their own ids, and never the Ride score (a GM number).
  const pv = await mustCall(playerPage, 'getPlayerView', {});
  const horseId = pv.encounter.figures.find((f) => f.name === 'Horse')!.id;
  expect(pv.encounter.figures.find((f: { name: string }) => f.name === 'Ann')).toMatchObject({ ridingId: horseId });
  expect(JSON.stringify(pv)).not.toContain('rideScore');
  await gmPage.screenshot({ path: `${SCREENS}/mount-rode-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/mount-rode-player.png` });
});

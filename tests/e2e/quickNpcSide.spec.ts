/**
 * Quick NPC starts on the foes' side: the last side that is not the party's, then the side the GM
 * last placed an NPC on; New character starts with the party. The figure placed shows on the
 * players' map in its side's colour.
 */
import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, hexOnScreen, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('Quick NPC defaults to the last non-party side; New character to the party', async ({ gmPage: gm, playerPage: player }) => {
  await gm.getByRole('tab', { name: 'Figure' }).click();
  await gm.getByTestId('new-character').click();
  await expect(gm.getByTestId('figure-side')).toHaveValue('party');
  await gm.getByTestId('new-npc').click();
  await expect(gm.getByTestId('figure-side')).toHaveValue('foes');
  await gm.getByTestId('figure-name').fill('Cutthroat');
  await gm.screenshot({ path: `${SCREENS}/quick-npc-side-1366x768.png` });
  await gm.getByTestId('figure-place').click();
  const p = await hexOnScreen(gm, { q: 12, r: 6 });
  await gm.mouse.move(p.x, p.y, { steps: 3 });
  await gm.mouse.click(p.x, p.y);
  await expect(gm.getByTestId('placing-count')).toHaveText('1 placed');
  await gm.getByTestId('placing-stop').click();
  await expect.poll(() => figureOnMap(player, 'cutthroat')).toMatchObject({ q: 12, r: 6 });
  // The next Quick NPC starts where the last one went.
  await gm.getByTestId('new-npc').click();
  await expect(gm.getByTestId('figure-side')).toHaveValue('foes');
  await player.screenshot({ path: `${SCREENS}/quick-npc-side-player-1366x768.png` });
});

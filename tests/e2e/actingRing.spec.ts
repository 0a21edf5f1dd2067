import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';
import { SCREENS } from './setupSteps';

/**
 * The figure whose turn it is wears a ring under its token on both maps: through Initial movement
 * the GM stands each figure still in turn and the ring moves with the tracker's due figure. Sella is
 * hidden: while she is due the GM's map rings her, and the players' map rings the next figure they
 * can see, as their turn order does, so nothing on the projector marks her turn.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** The names of the figures whose turn ring is drawn on a page's map. */
const ringed = (page: Page) =>
  page.evaluate(() =>
    window.__battleMap.stage
      .find<Konva.Group>((n: Konva.Node) => n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne('.turn') !== undefined)
      .filter((g) => g.findOne<Konva.Circle>('.turn')!.visible())
      .map((g) => g.findOne<Konva.Text>('.name')!.text().split(' · ')[0]),
  );

test('the acting figure is ringed on both maps; a hidden figure due rings nothing new for the players', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    seen.push(due);
    await expect.poll(() => ringed(gmPage)).toEqual([due]);
    await expect.poll(async () => (await ringed(playerPage)).length).toBe(1);
    const players = await ringed(playerPage);
    // Sella (adjDEX 14) moves before Grak: while she is due, the players' ring is already on Grak.
    if (due === 'Sella') expect(players).toEqual(['Grak']);
    else await expect.poll(() => ringed(playerPage)).toEqual([due]);
    if (i === 0) {
      await gmPage.screenshot({ path: `${SCREENS}/acting-ring-gm-1366x768.png` });
      await playerPage.screenshot({ path: `${SCREENS}/acting-ring-player.png` });
    }
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  expect(seen).toContain('Sella');
});

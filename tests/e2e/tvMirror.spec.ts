import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, mustCall, test } from './fixtures';
import { SCREENS } from './setupSteps';

/**
 * The GM's mirror of the TV: off until asked, drawn from the player display's own
 * frame and projector state, so it shows what the table sees — not Sella, hidden under the fog,
 * whom the GM's map shows — through blackout and hold; moved by its header, resized by its corner.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** A locator's picture at rest: two screenshots in a row that are the same. */
async function atRest(target: Locator): Promise<Buffer> {
  let last = await target.screenshot();
  await expect
    .poll(
      async () => {
        const next = await target.screenshot();
        const same = next.equals(last);
        last = next;
        return same;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  return last;
}

/** Mean difference per channel (0–255) between two pictures brought to `width`×`height`. */
async function difference(a: Buffer, b: Buffer, width: number, height: number): Promise<number> {
  const raw = (png: Buffer) => sharp(png).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

const mirrorFigures = (page: Page) => page.getByTestId('mirror-stage').getAttribute('data-figures');

test('the mirror shows the TV’s own picture, through blackout and hold, and moves and resizes', async ({ gmPage, playerPage }) => {
  test.setTimeout(150_000);
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });

  // Off by default; the projector bar's button opens it.
  await expect(gmPage.getByTestId('tv-mirror')).toHaveCount(0);
  await gmPage.getByTestId('mirror-toggle').click();
  const mirror = gmPage.getByTestId('tv-mirror');
  await expect(mirror).toBeVisible();
  await expect(gmPage.getByTestId('tv-mirror-state')).toHaveText('following');

  // The same frame as the TV's: the same figures, and never Sella, whom the GM's map shows.
  const onTv = await playerPage.getByTestId('player-stage').getAttribute('data-figures');
  await expect.poll(() => mirrorFigures(gmPage)).toBe(onTv);
  expect(onTv).not.toContain('Sella');
  expect((await mustCall(gmPage, 'getGmView', {})).encounter.figures.some((f) => f.name === 'Sella')).toBe(true);
  const stage = await mustCall(gmPage, 'getPlayerView', {});
  expect(stage.encounter.figures.map((f) => f.name).join(', ')).toBe(onTv);
  await expect(gmPage.getByTestId('mirror-status')).toHaveText(await playerPage.getByTestId('player-status').innerText());

  // Its picture is the TV's made small: far closer to it than to the GM's own map. Both have their
  // map image drawn; compared at a coarse size, where the two scales' anti-aliasing averages out.
  const mirrorMap = gmPage.getByTestId('mirror-map');
  await expect(mirrorMap).not.toHaveAttribute('data-map-image', '');
  await expect(playerPage.getByTestId('player-map')).not.toHaveAttribute('data-map-image', '');
  const box = (await mirrorMap.boundingBox())!;
  const small = { width: 96, height: Math.round((96 * box.height) / box.width) };
  const [shown, tv, gmMap] = [
    await atRest(mirrorMap),
    await atRest(playerPage.getByTestId('player-map')),
    await atRest(gmPage.getByRole('application', { name: 'Battlemap', exact: true })),
  ];
  const fromTv = await difference(shown, tv, small.width, small.height);
  const fromGm = await difference(shown, gmMap, small.width, small.height);
  test.info().annotations.push({ type: 'mirror difference', description: `from the TV ${fromTv.toFixed(1)}, from the GM map ${fromGm.toFixed(1)}` });
  expect(fromTv).toBeLessThan(fromGm / 2);
  await gmPage.screenshot({ path: `${SCREENS}/mirror-following-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/mirror-following-player-1920x1080.png` });

  // Blackout: the TV and its mirror go dark together.
  await gmPage.keyboard.press('b');
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await expect(gmPage.getByTestId('mirror-blackout')).toBeVisible();
  await expect(gmPage.getByTestId('tv-mirror-state')).toHaveText('blacked out');
  await gmPage.screenshot({ path: `${SCREENS}/mirror-blackout-1366x768.png` });
  await gmPage.keyboard.press('b');
  await expect(gmPage.getByTestId('mirror-blackout')).toHaveCount(0);

  // Hold: the GM pans away, the TV and the mirror stay; following again, both move.
  await gmPage.keyboard.press('l');
  await expect(gmPage.getByTestId('tv-mirror-state')).toHaveText('held');
  const held = await atRest(mirrorMap);
  const tvHeld = await atRest(playerPage.getByTestId('player-map'));
  for (let i = 0; i < 6; i++) await gmPage.keyboard.press('ArrowRight');
  await atRest(gmPage.getByRole('application', { name: 'Battlemap', exact: true }));
  expect((await atRest(mirrorMap)).equals(held)).toBe(true);
  expect((await atRest(playerPage.getByTestId('player-map'))).equals(tvHeld)).toBe(true);
  await gmPage.screenshot({ path: `${SCREENS}/mirror-held-1366x768.png` });
  await gmPage.keyboard.press('f');
  await expect(gmPage.getByTestId('tv-mirror-state')).toHaveText('following');
  await expect.poll(async () => (await atRest(mirrorMap)).equals(held)).toBe(false);
  // Following the GM as they pan: the mirror catches up with the TV once the GM's map rests.
  for (let i = 0; i < 4; i++) await gmPage.keyboard.press('ArrowDown');
  await atRest(gmPage.getByRole('application', { name: 'Battlemap', exact: true }));
  expect(await difference(await atRest(mirrorMap), await atRest(playerPage.getByTestId('player-map')), small.width, small.height)).toBeLessThan(fromGm / 2);

  // Moved by its header, made larger by its corner, closed with I.
  const before = (await mirror.boundingBox())!;
  await gmPage.mouse.move(before.x + 60, before.y + 8);
  await gmPage.mouse.down();
  await gmPage.mouse.move(before.x - 240, before.y + 108, { steps: 8 });
  await gmPage.mouse.up();
  const moved = (await mirror.boundingBox())!;
  expect(Math.round(moved.x - before.x)).toBe(-300);
  expect(Math.round(moved.y - before.y)).toBe(100);
  const grip = (await gmPage.getByTestId('tv-mirror-grip').boundingBox())!;
  await gmPage.mouse.move(grip.x + 8, grip.y + 8);
  await gmPage.mouse.down();
  await gmPage.mouse.move(grip.x + 128, grip.y + 8, { steps: 8 });
  await gmPage.mouse.up();
  const larger = (await mirrorMap.boundingBox())!;
  expect(Math.round(larger.width - box.width)).toBe(120);
  // The picture keeps the TV's proportions.
  expect(larger.width / larger.height).toBeCloseTo(box.width / box.height, 1);
  await atRest(mirrorMap);
  await gmPage.screenshot({ path: `${SCREENS}/mirror-larger-1366x768.png` });
  await gmPage.mouse.click(20, 400);
  await gmPage.keyboard.press('i');
  await expect(mirror).toHaveCount(0);
  await gmPage.keyboard.press('i');
  await expect(mirror).toBeVisible();
});

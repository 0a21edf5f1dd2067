import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, hexOnScreen, rawSocketCall, test, type ResultOf } from './fixtures';

const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

// Sample campaign: Bram stands at axial (9, 5); Ilsa at (8, 6); Sella is hidden in the fog.
const BRAM = { q: 9, r: 5 };

test('the GM page shows the sample encounter on the battlemap', async ({ gmPage }) => {
  await expect(gmPage.getByRole('application', { name: 'Battlemap' })).toBeVisible();
  await expect(gmPage.getByTestId('turn')).toHaveText('1');
  for (const id of ['bram', 'ilsa', 'grak', 'sella']) {
    expect(await figureOnMap(gmPage, id), `${id} on the GM map`).not.toBeNull();
  }
  expect(await figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);
  await gmPage.getByRole('button', { name: /Ilsa/ }).click();
  await expect(gmPage.getByTestId('mana')).toHaveText('12 of 12');
  await gmPage.screenshot({ path: `${SCREENS}/gm-1366x768.png` });
  await gmPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.screenshot({ path: `${SCREENS}/gm-1920x1080.png` });
});

test('the player page shows the map without hidden figures or secrets', async ({ playerPage }) => {
  await expect(playerPage.getByRole('application', { name: /player view/ })).toBeVisible();
  for (const id of ['bram', 'ilsa', 'grak']) expect(await figureOnMap(playerPage, id)).not.toBeNull();
  expect(await figureOnMap(playerPage, 'sella'), 'a hidden figure reached the player page').toBeNull();
  const text = await playerPage.content();
  expect(text).not.toContain('Sella');
  expect(text).not.toContain('Keeps Blur');
  await playerPage.screenshot({ path: `${SCREENS}/player-1366x768.png` });
});

// How soon the players see a move is measured in `npm run bench` (move → players' pixels), never asserted here.
test('dragging a figure to an adjacent hex moves it on both pages, and undo takes it back on both', async ({ gmPage, playerPage }) => {
  const target = { q: BRAM.q + 1, r: BRAM.r }; // the neighbour in direction 0
  const from = await hexOnScreen(gmPage, BRAM);
  const to = await hexOnScreen(gmPage, target);
  await gmPage.bringToFront();
  await gmPage.mouse.move(from.x, from.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await gmPage.mouse.move(to.x, to.y, { steps: 4 });
  await gmPage.mouse.up();
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(target);
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(target);
  await expect(gmPage.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await playerPage.screenshot({ path: `${SCREENS}/player-after-move.png` });

  await gmPage.keyboard.press('Control+z');
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(BRAM);
});

test('an illegal drop snaps back and says why', async ({ gmPage }) => {
  const ilsa = await figureOnMap(gmPage, 'ilsa');
  const from = await hexOnScreen(gmPage, BRAM);
  const to = await hexOnScreen(gmPage, { q: ilsa!.q, r: ilsa!.r });
  await gmPage.mouse.move(from.x, from.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move(to.x, to.y, { steps: 6 });
  await gmPage.mouse.up();
  await expect(gmPage.getByRole('status')).toContainText('Ilsa is already in that hex');
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);
  await gmPage.screenshot({ path: `${SCREENS}/gm-refused-move.png` });
});

test('a malformed payload over the socket gets a typed error and changes nothing', async ({ gmPage }) => {
  const before = await rawSocketCall<ResultOf<'getGmView'>>(gmPage, JSON.stringify({ id: 1, channel: 'getGmView', args: {} }));
  expect(before.result.ok).toBe(true);

  const notJson = await rawSocketCall(gmPage, '{"id": 2, "channel": ');
  expect(notJson).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-args' } } });

  const badArgs = await rawSocketCall(
    gmPage,
    JSON.stringify({ id: 3, channel: 'sendCommand', args: { command: { type: 'moveFigure', figureId: 'bram', to: { q: 'x' } } } }),
  );
  expect(badArgs).toMatchObject({ id: 3, result: { ok: false, error: { code: 'invalid-args' } } });
  expect(badArgs.result.error?.message).toContain('command.to.q');

  const unknown = await rawSocketCall(gmPage, JSON.stringify({ id: 4, channel: 'deleteEverything', args: {} }));
  expect(unknown).toMatchObject({ id: 4, result: { ok: false, error: { code: 'unknown-channel' } } });

  const after = await rawSocketCall<ResultOf<'getGmView'>>(gmPage, JSON.stringify({ id: 5, channel: 'getGmView', args: {} }));
  expect(after.result.value.revision).toBe(before.result.value.revision);
  expect(after.result.value.encounter).toEqual(before.result.value.encounter);
});

test('a player token cannot call a GM channel', async ({ gmPage, playerPage }) => {
  const attempt = await rawSocketCall(
    playerPage,
    JSON.stringify({ id: 7, channel: 'sendCommand', args: { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } } }),
  );
  expect(attempt).toMatchObject({ id: 7, result: { ok: false, error: { code: 'forbidden' } } });
  const peek = await rawSocketCall(playerPage, JSON.stringify({ id: 8, channel: 'getGmView', args: {} }));
  expect(peek.result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect(await figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);
});

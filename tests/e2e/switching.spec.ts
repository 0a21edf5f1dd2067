/**
 * One encounter, one truth: the GM switches campaigns and encounters several times,
 * to encounters whose views have fewer and more revisions than the one shown, and after every
 * switch both pages show main's encounter (header, map, tracker), the old selection is gone, and
 * a command goes to the encounter on the screen.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { WsReply } from '../../src/shared/contract/wsProtocol';
import { expect, figureOnMap, hexOnScreen, mustCall, npcFighter, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
test.describe.configure({ timeout: 180_000 });

const BRAM = { q: 9, r: 5 };
const row = (page: Page, name: string) => page.getByTestId('encounter-row').filter({ hasText: name });

async function openScreen(page: Page, item: 'menu-campaigns' | 'menu-encounters'): Promise<void> {
  await page.getByTestId('campaign-menu').click();
  await page.getByTestId(item).click();
  await expect(page.getByTestId('campaign-screen')).toBeVisible();
}

/**
 * Closes the campaign screen once `campaign` is open behind it. While a campaign opens, the page
 * has no view for a moment and the screen goes with the map, to come back when the view does: a
 * look at the screen in that moment would find it closed.
 */
async function closeScreen(page: Page, campaign: string): Promise<void> {
  await expect(page.locator('header strong')).toHaveText(campaign);
  await expect(page.getByTestId('campaign-screen')).toBeVisible();
  await page.getByTestId('campaign-close').click();
  await expect(page.getByTestId('campaign-screen')).toBeHidden();
}

/** Both pages show `name` in their headers, the turn in the GM tracker and the player footer, and exactly `figures` on the maps. */
async function bothShow(
  gm: Page,
  player: Page,
  expected: { campaign: string; name: string; turn: number; gmFigures: string[]; playerFigures: string[]; absent: string[] },
): Promise<void> {
  await expect(gm.getByTestId('encounter-name')).toHaveText(expected.name);
  await expect(gm.locator('header strong')).toHaveText(expected.campaign);
  await expect(gm.getByTestId('turn')).toHaveText(String(expected.turn));
  await expect(player.getByTestId('player-status').locator('.name')).toHaveText(expected.name);
  await expect(player.getByTestId('player-status')).toContainText(`Turn ${expected.turn}`);
  for (const id of expected.gmFigures) await expect.poll(() => figureOnMap(gm, id), { message: `${id} on the GM map` }).not.toBeNull();
  for (const id of expected.playerFigures) await expect.poll(() => figureOnMap(player, id), { message: `${id} on the player map` }).not.toBeNull();
  for (const id of expected.absent) {
    await expect.poll(() => figureOnMap(gm, id), { message: `${id} left on the GM map` }).toBeNull();
    await expect.poll(() => figureOnMap(player, id), { message: `${id} left on the player map` }).toBeNull();
  }
}

/** Selects a figure by clicking its token, and turns it clockwise `times` with E (each a command main applies). */
async function selectAndTurn(gm: Page, id: string, times: number): Promise<void> {
  const at = (await figureOnMap(gm, id))!;
  await gm.mouse.click(at.x + (await gm.getByRole('application').boundingBox())!.x, at.y + (await gm.getByRole('application').boundingBox())!.y);
  await expect(gm.getByTestId('figure-sheet')).toBeVisible();
  const facing = async () => ((await mustCall(gm, 'getGmView', {})).encounter.figures as { id: string; facing: number }[]).find((f) => f.id === id)!.facing;
  for (let i = 0; i < times; i++) {
    const before = await facing();
    await gm.keyboard.press('e');
    await expect.poll(facing).toBe((before + 1) % 6);
  }
}

/** Drags a figure one hex along direction 0 on the GM map; resolves to where it went. */
async function dragOneHex(gm: Page, id: string): Promise<{ q: number; r: number }> {
  const at = (await figureOnMap(gm, id))!;
  const target = { q: at.q + 1, r: at.r };
  const from = await hexOnScreen(gm, at);
  const to = await hexOnScreen(gm, target);
  await gm.mouse.move(from.x, from.y);
  await gm.mouse.down();
  await gm.mouse.move(to.x, to.y, { steps: 6 });
  await gm.mouse.up();
  return target;
}

test('switching campaigns and encounters: both pages always show the encounter main holds', async ({ gmPage, playerPage }) => {
  const gm = gmPage;
  const sampleFigures = ['bram', 'ilsa', 'grak', 'sella'];
  const sampleForPlayers = ['bram', 'ilsa', 'grak'];

  // The sample, played for a while: a drag and three turns of Grak (the GM view is at revision 4).
  expect(await dragOneHex(gm, 'bram')).toEqual({ q: BRAM.q + 1, r: BRAM.r });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: BRAM.q + 1, r: BRAM.r });
  await selectAndTurn(gm, 'grak', 3);

  // 1. A new campaign (its first encounter is at revision 0, fewer than the sample's view).
  await openScreen(gm, 'menu-campaigns');
  await gm.getByTestId('new-campaign-name').fill('Crypt of Ash');
  await gm.getByTestId('new-campaign-create').click();
  await closeScreen(gm, 'Crypt of Ash');
  await bothShow(gm, playerPage, { campaign: 'Crypt of Ash', name: 'First encounter', turn: 1, gmFigures: [], playerFigures: [], absent: sampleFigures });
  await expect(gm.getByTestId('figure-sheet'), 'the sample’s selection was kept').toHaveCount(0);
  await gm.screenshot({ path: `${SCREENS}/switch-1-new-campaign-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/switch-1-new-campaign-player.png` });

  // Two figures in the first encounter, then the GM turns one: this view gets ahead (revision 3).
  await mustCall(gm, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Ghoul', 'foes', { STR: 12, DEX: 10 }, 'dagger'), position: { q: 6, r: 4 }, facing: 0 },
  });
  await mustCall(gm, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Warden', 'party', { STR: 12, DEX: 12 }, 'shortsword'), position: { q: 12, r: 6 }, facing: 3 },
  });
  await bothShow(gm, playerPage, {
    campaign: 'Crypt of Ash',
    name: 'First encounter',
    turn: 1,
    gmFigures: ['ghoul', 'warden'],
    playerFigures: ['ghoul', 'warden'],
    absent: [],
  });
  await selectAndTurn(gm, 'warden', 1);

  // 2. A younger encounter of the same campaign, made and opened from the Encounters screen.
  await openScreen(gm, 'menu-encounters');
  await gm.getByTestId('new-encounter-name').fill('Crypt Gate');
  await gm.getByTestId('new-encounter-create').click();
  await expect(gm.getByTestId('campaign-screen')).toBeHidden();
  await bothShow(gm, playerPage, { campaign: 'Crypt of Ash', name: 'Crypt Gate', turn: 1, gmFigures: [], playerFigures: [], absent: ['ghoul', 'warden'] });
  await expect(gm.getByTestId('figure-sheet')).toHaveCount(0);

  // 3. Back to the older encounter: reopened, it shows what was done there.
  await openScreen(gm, 'menu-encounters');
  await row(gm, 'First encounter').getByTestId('encounter-open').click();
  await expect(gm.getByTestId('campaign-screen')).toBeHidden();
  await bothShow(gm, playerPage, {
    campaign: 'Crypt of Ash',
    name: 'First encounter',
    turn: 1,
    gmFigures: ['ghoul', 'warden'],
    playerFigures: ['ghoul', 'warden'],
    absent: [],
  });

  // 4. The sample campaign again, from the Campaigns screen: the ambush as it was left.
  await openScreen(gm, 'menu-campaigns');
  await gm.getByTestId('campaign-row').filter({ hasText: 'Sample Campaign' }).getByRole('button', { name: 'Open' }).click();
  await closeScreen(gm, 'Sample Campaign');
  await bothShow(gm, playerPage, {
    campaign: 'Sample Campaign',
    name: 'Ambush at the Ford',
    turn: 1,
    gmFigures: sampleFigures,
    playerFigures: sampleForPlayers,
    absent: ['ghoul', 'warden'],
  });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: BRAM.q + 1, r: BRAM.r });
  expect(await figureOnMap(playerPage, 'sella'), 'a hidden figure reached the player page').toBeNull();

  // Commands now go to the encounter on the screen, and show on both pages.
  await selectAndTurn(gm, 'bram', 1);
  const moved = await dragOneHex(gm, 'bram');
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(moved);
  await expect.poll(() => figureOnMap(gm, 'bram')).toMatchObject(moved);
  await gm.screenshot({ path: `${SCREENS}/switch-4-back-to-sample-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/switch-4-back-to-sample-player.png` });
});

test('a command made on the view of an encounter that is no longer open is refused with a reason', async ({ gmPage, playerPage }) => {
  const gm = gmPage;
  const before = await mustCall(gm, 'getGmView', {});
  const made = await mustCall(gm, 'createEncounter', { name: 'Watchtower' });
  await mustCall(gm, 'openEncounter', { id: made.id });
  await bothShow(gm, playerPage, { campaign: 'Sample Campaign', name: 'Watchtower', turn: 1, gmFigures: [], playerFigures: [], absent: ['bram'] });
  // What a second GM window still showing the ford would send.
  const seen = { encounterId: before.encounter.id, session: before.session, revision: before.revision };
  const refused = await gm.evaluate(
    async (args) => {
      const token = new URLSearchParams(location.search).get('token');
      const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      const reply = new Promise<WsReply>((r) =>
        ws.addEventListener('message', (e) => {
          const m = JSON.parse(String(e.data)) as WsReply;
          if (m.id === 1) r(m);
        }),
      );
      ws.send(JSON.stringify({ id: 1, channel: 'sendCommand', args }));
      const out = await reply;
      ws.close();
      return out.result;
    },
    { command: { type: 'turnFigure', figureId: 'bram', facing: 3 }, seen },
  );
  expect(refused).toEqual({
    ok: false,
    error: {
      code: 'conflict',
      message: 'The console now shows "Watchtower" (campaign "Sample Campaign"); this was asked on the encounter shown before, and nothing was changed.',
    },
  });
  await expect(gm.getByTestId('encounter-name')).toHaveText('Watchtower');
});

import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, test } from './fixtures';

/**
 * Suggestions, autopilot and odds through the GM page, as a GM plays them: Suggest and Accept for
 * the step the sample encounter waits on; the autopilot playing the Ford Raiders over two turns
 * while the GM plays the party and ends the phases, both pages following; and a simulation with its
 * progress, its Cancel, and the odds read from the Odds tab.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const view = (page: Page) => mustCall(page, 'getGmView', {});

test('Suggest shows the proposal with its reason, and Accept sends it', async ({ gmPage: page, playerPage }) => {
  await page.getByTestId('suggest').click();
  await expect(page.getByTestId('suggestion-reason')).toContainText('Roll initiative');
  await page.screenshot({ path: `${SCREENS}/tactics-suggest-1366x768.png` });
  await page.getByTestId('suggestion-accept').click();
  await expect.poll(async () => (await view(page)).encounter.tracker.initiative !== null).toBe(true);
  await expect(page.getByTestId('suggestion')).toHaveCount(0);
  // The next suggestion is the winning side's choice, with the side named.
  await page.getByTestId('suggest').click();
  await expect(page.getByTestId('suggestion-reason')).toContainText(/won initiative and moves/);
  await page.getByTestId('suggestion-accept').click();
  await expect(playerPage.getByTestId('player-status')).toContainText('Initiative');
});

test('the autopilot plays the Ford Raiders for two turns while the GM plays the party', async ({ gmPage: page, playerPage }) => {
  test.setTimeout(120_000);
  await page.getByTestId('autopilot-foes').click();
  await expect(page.getByTestId('autopilot-foes')).toHaveAttribute('aria-pressed', 'true');
  // The party's figures, and the party itself when it wins initiative: the GM's to play.
  const party = new Set(['bram', 'ilsa', 'party']);
  const grakAt = await figureOnMap(playerPage, 'grak');
  for (let steps = 0; steps < 80; steps++) {
    const v = await view(page);
    if (v.encounter.turn > 2) break;
    const due = v.encounter.tracker.due[0];
    const phase = v.encounter.phase;
    if (phase === 'initiative' && v.encounter.tracker.initiative === null) await page.keyboard.press('d');
    else if (due !== undefined && party.has(due)) {
      // The GM's own figures: the GM takes the suggestion for them, through the same buttons.
      await page.getByTestId('suggest').click();
      await expect(page.getByTestId('suggestion-reason')).toBeVisible();
      await page.getByTestId('suggestion-accept').click();
    } else if (due === undefined || (phase === 'initiative' && v.encounter.tracker.initiative?.chosen)) {
      await page.getByTestId('next-phase').click();
      const confirm = page.getByTestId('confirm-override');
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
    } else {
      // A Raider (or the Raiders' initiative choice) is due: the autopilot plays it by itself.
      await expect(page.getByTestId('autopilot-status')).toBeVisible();
    }
    await expect.poll(async () => (await view(page)).revision, { timeout: 15_000 }).toBeGreaterThan(v.revision);
  }
  const v = await view(page);
  expect(v.encounter.turn).toBeGreaterThan(2);
  const log = await mustCall(page, 'getLog', { sinceSeq: 0 });
  const raiderMoves = log.entries.filter((e) => e.command.type === 'move' && ['grak', 'sella'].includes(e.command.figureId));
  expect(raiderMoves.length).toBeGreaterThanOrEqual(2);
  // The projector shows what the autopilot did: Grak is no longer where he started, or never had to move.
  const grakNow = await figureOnMap(playerPage, 'grak');
  const grakView = v.encounter.figures.find((f) => f.id === 'grak')!;
  expect(grakNow).toMatchObject({ q: grakView.position.q, r: grakView.position.r });
  expect(grakAt).not.toBeNull();
  await page.screenshot({ path: `${SCREENS}/tactics-autopilot-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/tactics-autopilot-player-1366x768.png` });
  await page.getByTestId('autopilot-foes').click();
  await expect(page.getByTestId('autopilot-foes')).toHaveAttribute('aria-pressed', 'false');
});

test('Simulate shows progress, can be cancelled, and reports the odds', async ({ gmPage: page }) => {
  test.setTimeout(180_000);
  await page.getByRole('tab', { name: 'Odds' }).click();
  await page.getByTestId('odds-fights').fill('2000');
  await page.getByTestId('odds-label').fill('long run');
  await page.getByTestId('simulate').click();
  await expect(page.getByTestId('simulate-cancel')).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('odds-progress').getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0);
  // Odds read while it runs say they are partial.
  await expect(page.getByTestId('odds-partial')).toContainText(/So far, from \d+ of 2000 fights/, { timeout: 60_000 });
  await page.getByTestId('simulate-cancel').click();
  await expect(page.getByTestId('odds-run')).toContainText('(cancelled)');
  const cancelledAt = Number(await page.getByTestId('odds-progress').getAttribute('value'));
  expect(cancelledAt).toBeLessThan(2000);
  await expect(page.getByTestId('odds-partial')).toContainText('fights played before it was cancelled');

  await page.getByTestId('odds-fights').fill('200');
  await page.getByTestId('odds-turns-cap').fill('20');
  await page.getByTestId('odds-label').fill('as it stands');
  await page.getByTestId('simulate').click();
  await expect(page.getByTestId('odds-run')).toContainText('200 of 200 fights', { timeout: 150_000 });
  await expect(page.getByTestId('odds-partial')).toHaveCount(0);
  await expect(page.getByTestId('odds-sides')).toContainText('The Party wins');
  await expect(page.getByTestId('odds-sides')).toContainText('95 %');
  await expect(page.getByTestId('odds-figures')).toContainText('Grak');
  await expect(page.getByTestId('odds-bars')).toBeVisible();
  await expect(page.getByTestId('odds-compare')).toContainText('long run');
  await page.screenshot({ path: `${SCREENS}/tactics-odds-1366x768.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SCREENS}/tactics-odds-1920x1080.png` });

  // Any ending can be replayed, read only, step by step with the reason for each step.
  const ending = (await page.getByTestId('odds-endings').locator('li').first().textContent())!;
  await page.getByTestId('replay-ending').first().click();
  const replay = page.getByTestId('fight-replay');
  await expect(replay.getByTestId('replay-where')).toContainText('Step 0 of');
  await expect(replay.getByTestId('replay-reason')).toContainText('as it stood');
  await replay.getByTestId('replay-next').click();
  await expect(replay.getByTestId('replay-where')).toContainText('Step 1 of');
  await expect(replay.getByTestId('replay-reason')).toContainText('Roll initiative');
  await replay.getByTestId('replay-end').click();
  // The last step is made on main from its segment of the fight the worker played.
  await expect(replay.getByTestId('replay-where')).toContainText(/Step (\d+) of \1 /);
  if (/wins/.test(ending) && !/nobody down/.test(ending)) {
    const fallen = /, (\w+) (down|dead)/.exec(ending)?.[1];
    if (fallen) await expect(replay).toContainText(new RegExp(`${fallen}\\s+(unconscious|dead)`));
  }
  await page.screenshot({ path: `${SCREENS}/tactics-replay-1920x1080.png` });
  await page.keyboard.press('Escape');
  await expect(replay).toHaveCount(0);
  // The real encounter never moved: still turn 1, initiative, nothing in the log.
  expect((await view(page)).history.logLength).toBe(0);
});

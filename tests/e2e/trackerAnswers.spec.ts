import { mkdir } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';
import { slowAnswersTo } from './slowAnswers';

/**
 * The tracker never shows one figure's options under another's name: when the figure due
 * changes and main's answer about the new one is slow (under the autopilot, a run of the odds),
 * the due card shows the new figure's name with nothing, or with its own options, never the last
 * figure's. Every state the due card passes through is recorded in the page as it happens.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test("a slow answer never shows the last figure's options under the figure now due", async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  const slow = await slowAnswersTo(gmPage, ['legalOptions', 'specialActions', 'reachable'], 1500);
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  for (let i = 0; i < 4; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  // Option g's reason names the figure it is about (001 §Action Options g: it stands already).
  await expect(gmPage.getByTestId('reason-g')).toHaveText('Sella is already standing.');

  // Every state of the due card from here on: the name shown, and whose reason for g is shown with it.
  await gmPage.evaluate(() => {
    const seen: { name: string; reason: string | null }[] = [];
    (window as unknown as { __dueStates: typeof seen }).__dueStates = seen;
    const record = () => {
      const name = document.querySelector('[data-testid="due-name"]')?.textContent ?? '';
      const reason = document.querySelector('[data-testid="reason-g"]')?.textContent ?? null;
      const last = seen.at(-1);
      if (!last || last.name !== name || last.reason !== reason) seen.push({ name, reason });
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  slow.on = true;
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await expect(gmPage.getByTestId('options-waiting')).toHaveText("Asking for Ilsa's options…");
  await gmPage.screenshot({ path: `${SCREENS}/tracker-slow-answer-gm.png` });
  await expect(gmPage.getByTestId('reason-g')).toHaveText('Ilsa is already standing.');
  const states = await gmPage.evaluate(() => (window as unknown as { __dueStates: { name: string; reason: string | null }[] }).__dueStates);
  expect(states.length, 'the card passed through Ilsa without options first').toBeGreaterThan(2);
  for (const s of states) {
    if (s.reason !== null) expect(s.reason, `the due card showed "${s.name}"`).toBe(`${s.name} is already standing.`);
  }
  await expect(gmPage.getByTestId('options')).toHaveAttribute('data-figure', 'ilsa');
  await gmPage.screenshot({ path: `${SCREENS}/tracker-answer-arrived-gm.png` });

  // The players see whose action it is, and no one else's.
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
  await playerPage.screenshot({ path: `${SCREENS}/tracker-answer-arrived-player.png` });
});

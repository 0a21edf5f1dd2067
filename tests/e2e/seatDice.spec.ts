import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureHeldAt, figureOnMap, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';
import { phone, seatFor } from './seatPhones';
import { SCREENS } from './setupSteps';

/**
 * Dice from the seats as a table plays it: Bram is due and the GM opens his attack;
 * Anna's phone (Bram's seat) is asked for the faces, she taps what she rolled and sends them; the
 * GM's page shows them and one Enter applies them; her phone says they were used. Ben's phone is
 * asked nothing and never holds Anna's roll or Ilsa's secrets on another seat.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const sheetName = (page: Page) => page.getByTestId('figure-sheet').locator('h2');

/** Grak crosses the ford to face Bram, and the turn runs to Bram's action (the attack dialog test's way there). */
async function toBramsAction(gm: Page): Promise<void> {
  let at = { q: 16, r: 1 };
  for (const step of [
    { q: 15, r: 2 },
    { q: 14, r: 3 },
    { q: 13, r: 4 },
    { q: 12, r: 4 },
    { q: 11, r: 4 },
  ]) {
    await dragHex(gm, at, step);
    await expect.poll(() => figureOnMap(gm, 'grak')).toMatchObject(step);
    await expect.poll(() => figureHeldAt(gm, 'grak')).toEqual(step);
    at = step;
  }
  await toRenewSpells(gm);
  await gm.getByTestId('next-phase').click();
  await expect(gm.getByTestId('due-name')).toHaveText('Ilsa');
  await gm.getByTestId('stand-still').click();
  await expect(sheetName(gm)).toHaveText('Bram');
  await gm.getByTestId('gait-walk').click();
  await dragHex(gm, { q: 9, r: 5 }, { q: 10, r: 5 });
  await expect(gm.getByTestId('due-name')).toHaveText('Sella');
  await gm.getByTestId('stand-still').click();
  await expect(gm.getByTestId('due-name')).toHaveText('Grak');
  await gm.getByTestId('stand-still').click();
  await gm.getByTestId('next-phase').click();
  await gm.getByTestId('next-phase').click();
  await expect(gm.getByTestId('due-name')).toHaveText('Sella');
  await gm.getByTestId('pass').click();
  await expect(gm.getByTestId('due-name')).toHaveText('Ilsa');
  await gm.getByTestId('pass').click();
  await expect(gm.getByTestId('due-name')).toHaveText('Bram');
}

test('a seat sends the faces its player rolled; the GM accepts them with one key; the other seat hears nothing', async ({ browser, gmPage, problems }) => {
  test.setTimeout(120_000);
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await gmPage.getByTestId('seats-toggle').click();
  const annaLink = await seatFor(gmPage, 'Anna', 'bram');
  const benLink = await seatFor(gmPage, 'Ben', 'ilsa');
  await gmPage.getByTestId('seats-toggle').click();
  const anna = await phone(browser, annaLink, problems, 'Anna');
  const ben = await phone(browser, benLink, problems, 'Ben');

  await toBramsAction(gmPage);
  await expect(anna.getByTestId('seat-due')).toBeVisible();
  await expect(anna.getByTestId('seat-dice')).toHaveCount(0);
  // Her card has Bram's options as the GM's page has them: charge open, the rest closed with the reason.
  await expect(anna.getByTestId('seat-options')).toHaveText(/b Charge attack/);
  await anna.getByTestId('seat-options-closed').locator('summary').tap();
  await expect(anna.getByTestId('seat-options-closed')).toContainText('j Attack: Bram moved 1 hex, a walk-slow (RULINGS T5)');
  // The card is longer than the phone: the player scrolls down to the last reason.
  await anna.mouse.move(195, 600);
  await anna.mouse.wheel(0, 2000);
  await expect.poll(() => anna.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(anna.getByTestId('seat-options-closed').locator('li').last()).toBeInViewport();
  await anna.screenshot({ path: `${SCREENS}/seat-options-390x844.png`, fullPage: true });
  await anna.evaluate(() => window.scrollTo(0, 0));
  await expect(ben.getByTestId('seat-options')).toHaveCount(0);

  // The GM opens Bram's attack: Anna's phone is asked for the faces, Ben's is not.
  await gmPage.getByTestId('option-b').click();
  await expect(gmPage.getByTestId('attack-target')).toHaveValue('grak');
  await expect(gmPage.getByTestId('attack-entry-seat')).toHaveText('Waiting on Anna’s phone for the faces, or type them.');
  await expect(anna.getByTestId('seat-dice')).toContainText('The GM waits on your dice. Bram’s attack: roll 3d6 to hit');
  await anna.screenshot({ path: `${SCREENS}/seat-dice-asked-390x844.png` });

  // Anna taps the faces she rolled (to hit 3 3 2, then damage 4 5), takes one back, and sends them.
  for (const face of [3, 3, 2, 4, 6]) await anna.getByTestId(`seat-face-${face}`).tap();
  await anna.getByRole('button', { name: 'Take back the last face' }).tap();
  await anna.getByTestId('seat-face-5').tap();
  await expect(anna.getByTestId('seat-dice-typed')).toHaveText('3 3 2 4 5');
  await anna.getByTestId('seat-dice-send').tap();
  await expect(anna.getByTestId('seat-dice-sent')).toHaveText('Sent: 3 3 2 4 5 — the GM decides.');

  // The GM's page shows them; nothing is applied until the GM says so.
  await expect(gmPage.getByTestId('attack-entry-seat')).toHaveText('Anna rolled 3 3 2 4 5 — Enter accepts; type faces to override.');
  await expect(gmPage.getByTestId('attack-verdict')).toHaveCount(0);
  await gmPage.screenshot({ path: `${SCREENS}/seat-dice-offered-gm-1366x768.png` });
  // The field took the focus as the faces came (the GM was not typing elsewhere): one key applies them.
  await expect(gmPage.getByTestId('attack-entry-input')).toBeFocused();
  await gmPage.keyboard.press('Enter');
  await expect(gmPage.getByTestId('attack-verdict')).toContainText('Hit');
  await expect(anna.getByTestId('seat-dice-used')).toHaveText('The GM used your dice: 3 3 2 4 5.');
  await anna.screenshot({ path: `${SCREENS}/seat-dice-used-390x844.png` });
  await gmPage.getByTestId('attack-done').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  // The dice log keeps them as faces entered at the table (RULINGS G3): the to-hit roll, then the damage.
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  const attack = gmPage.getByTestId('log-entry').filter({ hasText: 'Bram' }).filter({ hasText: '[3, 3, 2]' });
  await expect(attack).toHaveCount(1);
  await expect(attack.getByTestId('log-roll')).toHaveCount(2);
  await expect(attack.getByTestId('log-roll').first()).toContainText(/3d6\s*\[3, 3, 2\]\s*8\s*entered/);
  await expect(attack.getByTestId('log-roll').nth(1)).toContainText(/2d6\s*\[4, 5\]\s*9\s*entered/);

  // Ben's phone was asked nothing and holds nothing of Anna's roll or of Ilsa's mana elsewhere.
  await expect(ben.getByTestId('seat-dice')).toHaveCount(0);
  for (const word of ['3 3 2', 'dice', 'Bram’s attack']) await expect(ben.getByTestId('seat-page')).not.toContainText(word);
  await expect(anna.getByTestId('seat-mana')).toHaveCount(0);
  await anna.context().close();
  await ben.context().close();
});

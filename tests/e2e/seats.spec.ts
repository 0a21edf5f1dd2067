import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { toRenewSpells } from './sampleTurn';
import { expect, test } from './fixtures';
import { phone, readQr, seatFor } from './seatPhones';
import { SCREENS } from './setupSteps';

/**
 * The players' phones: the GM gives each player a seat with the mouse, a phone opens the
 * seat's link (its code read back off the GM's screen), sees its own figure's card, is told when
 * it is due, follows the GM's changes; the other phone never sees the first one's mana; a new link
 * ends the old one.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('two phones join by their codes: each sees its own figure, is told when it is due, and never the other’s mana', async ({
  browser,
  gmPage,
  playerPage,
  problems,
}) => {
  test.setTimeout(90_000);
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await gmPage.getByTestId('seats-toggle').click();
  await expect(gmPage.getByTestId('seats-panel')).toContainText('No seats yet');
  const annaLink = await seatFor(gmPage, 'Anna', 'bram');
  const benLink = await seatFor(gmPage, 'Ben', 'ilsa');
  await gmPage.screenshot({ path: `${SCREENS}/seats-gm-1366x768.png` });

  // Anna scans her code off the TV: the GM shows it there, and it comes down once her phone has joined.
  await gmPage.getByTestId('seats-panel').locator('.seat', { hasText: 'Anna' }).getByTestId('seat-show').click();
  await gmPage.getByTestId('seats-panel').locator('.seat', { hasText: 'Anna' }).getByTestId('seat-tv').click();
  await expect(playerPage.getByTestId('player-seat-code')).toContainText('Anna: scan to join');
  await playerPage.screenshot({ path: `${SCREENS}/seat-code-on-tv.png` });
  expect(await readQr(playerPage.getByTestId('player-seat-code-qr'))).toBe(annaLink);
  await expect(gmPage.getByTestId('seats-panel').locator('.seat', { hasText: 'Anna' }).getByTestId('seat-tv')).toHaveText('Take off the TV');
  const anna = await phone(browser, annaLink, problems, 'Anna');
  await expect(playerPage.getByTestId('player-seat-code')).toHaveCount(0);
  await expect(gmPage.getByTestId('seats-panel').locator('.seat', { hasText: 'Anna' }).getByTestId('seat-tv')).toHaveText('Show on the TV');
  const ben = await phone(browser, benLink, problems, 'Ben');
  await expect(anna.getByTestId('seat-encounter')).toHaveText('Ambush at the Ford · Turn 1 · Initiative');
  await expect(anna.getByTestId('seat-figure')).toHaveCount(1);
  await expect(anna.getByTestId('seat-figure')).toContainText('Bram');
  await expect(anna.getByTestId('seat-pool').first()).toContainText('53');
  await expect(anna.getByTestId('seat-figure')).toContainText('Broadsword');
  await expect(ben.getByTestId('seat-mana')).toHaveText('Mana 12 / 12');
  await expect(ben.getByTestId('seat-spells')).toContainText('Blur');
  // Ilsa keeps Blur up on Bram: the renewal it will cost her (RULINGS S2).
  await expect(ben.getByTestId('seat-continuing')).toHaveText('Blur on Bram — renews for 1 mana');
  // Anna's phone holds nothing of Ilsa's: no mana line, no name, no spell.
  await expect(anna.getByTestId('seat-mana')).toHaveCount(0);
  for (const word of ['Ilsa', 'Mana', 'Blur']) await expect(anna.getByTestId('seat-page')).not.toContainText(word);
  await anna.screenshot({ path: `${SCREENS}/seat-anna-390x844.png` });
  // "The table" tab: the TV's picture on her phone, drawn from the player display's own frames.
  await anna.getByTestId('seat-tab-table').tap();
  await expect(anna.getByTestId('seat-stage')).toBeVisible();
  await expect(anna.getByTestId('seat-status')).toContainText('Ambush at the Ford');
  await expect(anna.getByTestId('seat-status')).toHaveText((await playerPage.getByTestId('player-status').textContent()) ?? '');
  await expect(anna.getByTestId('seat-map').locator('canvas').first()).toBeVisible();
  await anna.screenshot({ path: `${SCREENS}/seat-table-390x844.png` });
  await anna.getByTestId('seat-tab-card').tap();
  await expect(anna.getByTestId('seat-figure')).toContainText('Bram');

  // The GM's damage form: Bram loses 5 Fatigue; Anna's card follows, Ben's does not change.
  await gmPage.getByTestId('seats-toggle').click();
  await gmPage.getByTestId('figure-bram').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('fatigue');
  await gmPage.getByTestId('pools-damage').click();
  await expect(anna.getByTestId('seat-pool').first()).toContainText('48');

  // Through Initial movement each phone says "Your turn" exactly while its figure is due.
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  await expect(anna.getByTestId('seat-encounter')).toContainText('Initial movement');
  const dueOf: Record<string, Page> = { Bram: anna, Ilsa: ben };
  const due = gmPage.getByTestId('due-name');
  for (let i = 0; i < 4; i++) {
    // The GM's due card is read once it is there (a phase's first due figure comes a moment after the phase).
    await expect.poll(async () => (await due.allTextContents())[0] ?? '').not.toBe('');
    const who = (await due.allTextContents())[0] ?? '';
    for (const [name, page] of Object.entries(dueOf)) await expect(page.getByTestId('seat-due')).toHaveCount(name === who ? 1 : 0);
    if (who === 'Ilsa') await ben.screenshot({ path: `${SCREENS}/seat-ben-due-390x844.png` });
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect.poll(async () => (await due.allTextContents())[0] ?? '').not.toBe(who);
  }

  // A new link for Anna's seat: her phone says the old one ended; the new one works.
  await gmPage.getByTestId('seats-toggle').click();
  const annaSeat = gmPage.getByTestId('seats-panel').locator('.seat', { hasText: 'Anna' });
  await annaSeat.getByTestId('seat-reissue').click();
  await annaSeat.getByTestId('seat-reissue-yes').click();
  await expect(anna.getByTestId('seat-ended')).toBeVisible();
  await annaSeat.getByTestId('seat-show').click();
  const fresh = await annaSeat.getByTestId('seat-link').inputValue();
  expect(fresh).not.toBe(annaLink);
  await anna.goto(fresh);
  await expect(anna.getByTestId('seat-figure')).toContainText('Bram');
  await anna.context().close();
  await ben.context().close();
});

import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, test, tokenKey } from './fixtures';
import { toRenewSpells } from './sampleTurn';

/**
 * The everyday controls a GM reaches for, through the UI: damage from a fall with armour, healing,
 * a typed pool, undo; sides renamed, recoloured, a third side with a figure moved to it; a night's
 * rest. Both pages are checked after each step.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** A token as a page's battlemap draws it: its disc colour and posture badge. */
async function token(page: Page, id: string): Promise<{ fill: string; badge: string } | null> {
  return page.evaluate(
    (key) => {
      const map = window.__battleMap;
      const node =
        key.name === null
          ? map?.stage.findOne<Konva.Group>(`#${key.id}`)
          : map?.stage.findOne<Konva.Group>(
              (n: Konva.Node) =>
                n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === key.name,
            );
      if (!node) return null;
      const badge = node.findOne<Konva.Group>('.badge')!;
      return { fill: String(node.findOne<Konva.Circle>('.disc')!.fill()), badge: badge.visible() ? badge.findOne<Konva.Text>('.badgeText')!.text() : '' };
    },
    await tokenKey(page, id),
  );
}

const pools = (page: Page, id: string) => page.getByTestId(`pools-${id}`);

test('manual damage with armour, healing, a typed pool and undo follow the pools on both pages', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  await gmPage.getByTestId('figure-bram').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await expect(pools(gmPage, 'bram')).toHaveText('53/36');

  // A fall: 5 to Fatigue and Body, leather armour 2 and the small shield 1 stop 3 (001 §Protection).
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('both');
  await gmPage.getByTestId('pools-armour').check();
  await gmPage.getByTestId('pools-cause').fill('fall');
  await gmPage.getByTestId('pools-damage').click();
  await expect(pools(gmPage, 'bram')).toHaveText('51/34');
  await expect(gmPage.getByTestId('pools-amount')).toHaveValue('');
  await expect(gmPage.getByTestId('pool-fatigue')).toContainText('51');

  // Healing: 10 Fatigue stops at the starting value 53 (RULINGS C3).
  await gmPage.getByTestId('pools-amount').fill('10');
  await gmPage.getByTestId('pools-to').selectOption('fatigue');
  await gmPage.getByTestId('pools-heal').click();
  await expect(pools(gmPage, 'bram')).toHaveText('53/34');

  // A typed pool at 0 Fatigue puts Bram down unconscious (RULINGS C4): the players see it too.
  await gmPage.getByTestId('pools-set-open').click();
  await gmPage.getByTestId('pools-set-fatigue').fill('0');
  await gmPage.getByTestId('pools-set-save').click();
  await expect(pools(gmPage, 'bram')).toHaveText('0/34');
  await expect(gmPage.getByTestId('figure-bram')).toContainText('unconscious');
  await expect.poll(() => token(playerPage, 'bram')).toMatchObject({ badge: 'U' });
  await gmPage.screenshot({ path: `${SCREENS}/table-pools-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/table-pools-player-1366x768.png` });

  // Bad input loses nothing: a typed Body above its starting value is refused with the reason.
  await gmPage.getByTestId('pools-set-open').click();
  await gmPage.getByTestId('pools-set-body').fill('99');
  await gmPage.getByTestId('pools-set-save').click();
  await expect(gmPage.getByTestId('pools-problem')).toHaveText('Bram’s Body cannot be above its starting value 36 (RULINGS C3).');
  await expect(pools(gmPage, 'bram')).toHaveText('0/34');

  // Each is one undo step, and the log names them.
  await gmPage.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await expect(pools(gmPage, 'bram')).toHaveText('53/34');
  await expect.poll(() => token(playerPage, 'bram')).toMatchObject({ badge: '' });
});

test('sides: rename, recolour, a third side, a figure moved to it; both pages follow', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  await gmPage.getByTestId('side-edit-foes').click();
  await gmPage.getByTestId('side-name-foes').fill('River Bandits');
  await gmPage.getByTestId('side-color-foes').fill('#aa7711');
  await gmPage.getByTestId('side-save-foes').click();
  await expect(gmPage.getByTestId('side-foes')).toHaveText(/River Bandits/);
  await expect.poll(() => token(playerPage, 'grak')).toMatchObject({ fill: '#aa7711' });
  await expect.poll(() => token(gmPage, 'grak')).toMatchObject({ fill: '#aa7711' });

  // A name another side has is refused in a toast; nothing changes.
  await gmPage.getByTestId('side-edit-foes').click();
  await gmPage.getByTestId('side-name-foes').fill('the party');
  await gmPage.getByTestId('side-save-foes').click();
  await expect(gmPage.getByTestId('toast').last()).toHaveText('There is already a side called “The Party”.');
  await gmPage.getByTestId('side-name-foes').press('Escape');
  await expect(gmPage.getByTestId('side-foes')).toHaveText(/River Bandits/);

  // A third side (RULINGS T2), and Sella moved to it from her sheet.
  await gmPage.getByTestId('add-side').click();
  await gmPage.getByTestId('add-side-name').fill('Ford Spirits');
  await gmPage.getByTestId('add-side-color').fill('#33bb99');
  await gmPage.getByTestId('add-side-save').click();
  await expect(gmPage.getByTestId('side-side-3')).toHaveText(/Ford Spirits/);
  await gmPage.getByTestId('figure-sella').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('figure-sheet').getByRole('button', { name: 'Edit' }).click();
  await gmPage.getByTestId('figure-editor').getByLabel('Side').selectOption({ label: 'Ford Spirits' });
  await gmPage.getByTestId('edit-save').click();
  await expect.poll(() => token(gmPage, 'sella')).toMatchObject({ fill: '#33bb99' });
  // Sella lies in ambush, hidden from the players: her new side tells them nothing.
  expect(await token(playerPage, 'sella')).toBeNull();

  // The three sides roll initiative: the faces are asked for all three.
  await expect(gmPage.getByTestId('initiative-entry')).toContainText('The Party / River Bandits / Ford Spirits');
  await gmPage.getByTestId('initiative-entry-input').fill('3 / 5 / 4');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls')).toContainText('Ford Spirits');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: River Bandits → Ford Spirits → The Party');
  await gmPage.screenshot({ path: `${SCREENS}/table-sides-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/table-sides-player-1366x768.png` });
});

test("Cast spell is closed to a figure that knows none; a night's rest gives Ilsa her mana back", async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  // Ilsa renews Bram's Blur in phase 2: 1 mana (RULINGS S2).
  await toRenewSpells(gmPage);
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await gmPage.getByTestId('renewal-panel').getByTestId('renew-blur-on-bram').click();
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('11 / 12');
  const current = gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]');
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Initial movement/);
  for (let i = 0; i < 4; i++) {
    const who = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(who);
  }
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Final movement/);
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Actions/);

  // Sella knows no spell: casting (h) is closed to her, with the reason.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await expect(gmPage.getByTestId('option-h')).toBeDisabled();
  await expect(gmPage.getByTestId('reason-h')).toHaveText('Sella knows no spell (001 §Spell Mastery).');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await expect(gmPage.getByTestId('option-h')).toBeEnabled();
  // No rest in the middle of a turn: the button is not there.
  await expect(gmPage.getByTestId('rest-open')).toHaveCount(0);

  // The fight ends after the turn: at the next Initiative the GM rests the party (RULINGS S5).
  // Everyone still due passes, each pass seen to land before the next is clicked.
  const due = gmPage.getByTestId('due-name');
  // Read without waiting: the card goes when the last figure has passed, perhaps between two reads.
  const dueNow = async () => (await due.allTextContents())[0] ?? '';
  for (let who = await dueNow(); who !== ''; who = await dueNow()) {
    await gmPage.getByTestId('pass').click();
    await expect.poll(dueNow).not.toBe(who);
  }
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Forced retreat/);
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('turn')).toHaveText('2');
  await gmPage.getByTestId('rest-open').click();
  await expect(gmPage.getByTestId('rest')).toContainText('Ilsa regain');
  await gmPage.getByTestId('rest-confirm').click();
  await expect(gmPage.getByTestId('rest-done')).toHaveText('Rested. Mana: Ilsa 11 → 12.');
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('12 / 12');
  // The players never see mana (RULINGS C8): the player page has no such text.
  await expect(playerPage.getByTestId('player-stage')).not.toContainText('12 / 12');
  await gmPage.screenshot({ path: `${SCREENS}/table-rest-gm-1366x768.png` });
});

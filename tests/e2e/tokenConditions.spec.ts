import { mkdir } from 'node:fs/promises';
import type Konva from 'konva';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, test, tokenKey } from './fixtures';
import { SCREENS } from './setupSteps';

/**
 * The figure menu and the states on tokens: the GM right-clicks Bram, gives him a condition the
 * table sees (Stunned, 2 turns) and one only the GM sees (Cursed) — the sample's Blur on him, an
 * illusion, is the GM's alone — lays him prone and deals him 3
 * Fatigue. The GM map draws every state (Cursed and Blur dashed as GM-only, Stunned with its turns);
 * the projector draws Prone and Stunned, with no turns and no Cursed. A condition on Sella, hidden,
 * reaches no player surface.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const BRAM = { q: 9, r: 5 };
const SELLA = { q: 22, r: -6 };

/** The words on a figure's token pills on a page's map (null when the page draws no such token). */
const pillsOf = async (page: Page, id: string): Promise<string[] | null> =>
  page.evaluate(
    ({ id: figureId, name }) => {
      const map = window.__battleMap;
      const byName = (n: Konva.Node) =>
        n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === name;
      const token = name === null ? map.stage.findOne<Konva.Group>(`#${figureId}`) : map.stage.findOne<Konva.Group>(byName);
      const pills = token?.findOne<Konva.Group>('.conditions');
      if (!pills) return null;
      return pills.children.map((n: Konva.Node) => n.getAttr('label') as string);
    },
    await tokenKey(page, id),
  );

async function openMenu(gmPage: Page, hex: { q: number; r: number }): Promise<void> {
  const at = await hexOnScreen(gmPage, hex);
  await gmPage.mouse.click(at.x, at.y, { button: 'right' });
  await expect(gmPage.getByTestId('figure-menu')).toBeVisible();
}

test('the GM’s figure menu sets conditions, posture and damage; the TV shows only what the table sees', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.bringToFront();

  await openMenu(gmPage, BRAM);
  const menu = gmPage.getByTestId('figure-menu');
  await expect(menu).toContainText('Bram');
  // The sample's Blur on Bram is an illusion: the GM's alone.
  await expect(menu.getByTestId('figure-condition')).toHaveText([/Blur\s*GM only/]);

  // A condition the table sees, for two turns.
  await menu.getByLabel('Condition').fill('Stunned');
  await menu.getByLabel('Turns (empty: until taken off)').fill('2');
  await menu.getByRole('button', { name: 'Add' }).click();
  await expect(menu.getByTestId('figure-condition')).toHaveText([/^Stunned · 2 turns/, /Blur\s*GM only/]);
  // One only the GM sees, until taken off.
  await menu.getByLabel('Condition').fill('Cursed');
  await menu.getByLabel('Players see it').uncheck();
  await menu.getByLabel('Condition').press('Enter');
  await expect(menu.getByTestId('figure-condition')).toHaveText([/^Stunned · 2 turns/, /^Cursed\s*GM only/, /Blur\s*GM only/]);
  // Posture and damage from the same menu.
  await menu.getByTestId('menu-posture-prone').click();
  await expect(menu.getByTestId('menu-posture-prone')).toHaveAttribute('aria-checked', 'true');
  const poolsBefore = await menu.locator('.pool').textContent();
  await menu.getByLabel('Fatigue points').fill('3');
  await menu.getByTestId('menu-damage').click();
  await expect(menu.locator('.pool')).not.toHaveText(poolsBefore ?? '');
  await expect(menu.getByTestId('figure-condition').first()).toHaveText('Prone');
  await gmPage.screenshot({ path: `${SCREENS}/token-menu-gm-1366x768.png` });

  await gmPage.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => pillsOf(gmPage, 'bram')).toEqual(['Prone', 'Stunned 2', 'Cursed', 'Blur']);
  await expect.poll(() => pillsOf(playerPage, 'bram')).toEqual(['Prone', 'Stunned']);
  await gmPage.screenshot({ path: `${SCREENS}/token-conditions-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/token-conditions-player-1920x1080.png` });

  // Taken off from the menu, Stunned leaves both maps.
  await openMenu(gmPage, BRAM);
  await menu.getByRole('button', { name: 'Take Stunned off' }).click();
  await expect(menu.getByTestId('figure-condition')).toHaveText(['Prone', /^Cursed\s*GM only/, /Blur\s*GM only/]);
  await gmPage.keyboard.press('Escape');
  await expect.poll(() => pillsOf(playerPage, 'bram')).toEqual(['Prone']);
  await expect.poll(() => pillsOf(gmPage, 'bram')).toEqual(['Prone', 'Cursed', 'Blur']);

  // Sella is hidden: her condition is on the GM's token only; no player surface has it.
  await openMenu(gmPage, SELLA);
  await expect(menu).toContainText('Sella');
  await menu.getByLabel('Condition').fill('Ambushing');
  await menu.getByRole('button', { name: 'Add' }).click();
  await expect(menu.getByTestId('figure-condition')).toHaveText([/^Ambushing/]);
  await gmPage.keyboard.press('Escape');
  await expect.poll(() => pillsOf(gmPage, 'sella')).toEqual(['Ambushing']);
  expect(await pillsOf(playerPage, 'sella')).toBeNull();
  const playerTexts = await playerPage.evaluate(() =>
    window.__battleMap.stage
      .find((n: Konva.Node) => n.getAttr('label') !== undefined || n.getClassName() === 'Text')
      .map((n) => String(n.getAttr('label') ?? (n as Konva.Text).text())),
  );
  expect(playerTexts.join(' ')).not.toMatch(/Ambushing|Cursed|Sella/);
  await gmPage.screenshot({ path: `${SCREENS}/token-conditions-hidden-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/token-conditions-hidden-player-1920x1080.png` });
});

import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, figureOnMap, hexOnScreen, mustCall } from './fixtures';
import { wheelToAndClick } from './layoutChecks';
import { notchOf, settleOrSayWhy } from './mapProbes';
import { fieldPng, type FigureForm } from './sessionSteps';

/**
 * Steps of the first-time GM's evening (evening.spec.ts) done with the mouse only: every button
 * is clicked, every map action is a click or a drag, every list is picked from; the keyboard only
 * types words and dice faces into fields, as a GM types them at the table. Never a shortcut, never
 * Enter to submit, never Escape; channel calls only read state for asserts.
 */
export const EVENING = 'test-results/screens/evening';

export async function eveningScreens(): Promise<void> {
  await mkdir(EVENING, { recursive: true });
}

/**
 * Both pages shot once their maps have settled: the GM at 1366×768, the projector at 1920×1080.
 * The two pages are tabs of one window, and the tab behind gets an animation frame only now and
 * then (about one a second): after a reload the player's map took 12 s to settle behind the GM's.
 * So each page is brought to the front while it settles, and the GM's is in front again after.
 */
export async function shoot(gmPage: Page, playerPage: Page, step: string): Promise<void> {
  await settleOrSayWhy(gmPage, `GM ${step}`);
  await playerPage.bringToFront();
  await settleOrSayWhy(playerPage, `player ${step}`);
  await gmPage.bringToFront();
  await gmPage.screenshot({ path: `${EVENING}/${step}-gm.png` });
  await playerPage.screenshot({ path: `${EVENING}/${step}-player.png` });
}

/** Words the GM keeps to themself this evening: the hidden witch, the cause typed for the GM only, the unshown handout, mana and magic failures. */
export const SECRETS = /Hedge|Witch|poison|dart|burn the mill|mana|runaway|anchor|interven/i;

/** Neither the projector's markup nor its text holds a secret. */
export async function noSecrets(playerPage: Page, also?: RegExp): Promise<void> {
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(SECRETS);
  if (also) expect(text).not.toMatch(also);
}

/** Dice faces typed into one entry form (`<testid>-input`), sent with its Enter button (a click, not the key). */
export async function typeFaces(scope: Page | Locator, testid: string, faces: string): Promise<void> {
  const form = scope.getByTestId(testid);
  await form.getByTestId(`${testid}-input`).fill(faces);
  await form.getByRole('button', { name: 'Enter' }).click();
}

/** The right column's scrolling body: a control in it is reached with the wheel, then clicked where it is drawn. */
export async function wheelClick(gmPage: Page, control: Locator): Promise<void> {
  await wheelToAndClick(gmPage, gmPage.locator('aside.right').getByRole('tabpanel'), control);
}

/** Imports a map image as a GM does: the map bar's menu, "Import an image…", the file dialog. */
export async function importMapByMenu(gmPage: Page, playerPage: Page): Promise<void> {
  const png = await fieldPng(gmPage, 900, 600);
  await gmPage.getByTestId('map-image-menu').click();
  const chooser = gmPage.waitForEvent('filechooser');
  await gmPage.getByTestId('map-image-import').click();
  await (await chooser).setFiles({ name: 'mill-meadow.png', mimeType: 'image/png', buffer: png });
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
}

/** Places the figure being placed with a click on `at`, then ends placing with the hint's Done button when it goes on. */
async function placeWithMouse(gmPage: Page, at: { q: number; r: number }): Promise<void> {
  const hint = gmPage.getByTestId('placing-hint');
  await expect(hint).toBeVisible();
  const p = await hexOnScreen(gmPage, at);
  await gmPage.mouse.move(p.x, p.y, { steps: 2 });
  await expect
    .poll(() =>
      gmPage.evaluate((h) => {
        const g = window.__battleMap.marks.handState.ghost;
        return g !== null && g.hex.q === h.q && g.hex.r === h.r && g.ok;
      }, at),
    )
    .toBe(true);
  await gmPage.mouse.click(p.x, p.y);
  await expect.poll(async () => !(await hint.isVisible()) || (await gmPage.getByTestId('placing-count').isVisible())).toBe(true);
  if (await hint.isVisible()) await gmPage.getByTestId('placing-stop').click();
  await expect(hint).toBeHidden();
}

async function fillForm(gmPage: Page, form: FigureForm & { hidden?: boolean }): Promise<void> {
  await gmPage.getByTestId('figure-name').fill(form.name);
  await gmPage.getByTestId('figure-side').selectOption(form.side);
  for (const w of form.weapons) {
    await gmPage.getByTestId('weapon-select').selectOption(w);
    await gmPage.getByTestId('weapon-add').click();
  }
  if (form.spells) {
    const spells = gmPage.getByTestId('new-spells');
    await spells.getByTestId('new-spells-school').selectOption(form.spells.school);
    for (const id of form.spells.ids) {
      await spells.getByTestId('new-spells-spell').selectOption(id);
      await spells.getByTestId('new-spells-add').click();
      await expect(spells.getByTestId(`new-spells-known-${id}`)).toBeVisible();
      const mastery = form.spells.mastery?.[id];
      if (mastery !== undefined) await spells.getByTestId(`new-spells-mastery-${id}`).fill(String(mastery));
    }
    await gmPage.getByTestId('figure-caster').selectOption('typed');
    await gmPage.getByTestId('figure-mana').fill(String(form.spells.mana));
  }
  if (form.hidden) await gmPage.getByTestId('figure-hidden').check();
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  await placeWithMouse(gmPage, form.at!);
}

/** A player character from the New character form, attributes bought point by point. */
export async function newCharacter(gmPage: Page, form: FigureForm, values: Record<string, number>): Promise<void> {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('method-pointBuy').check();
  for (const [attr, v] of Object.entries(values)) await gmPage.getByTestId(`buy-${attr}`).fill(String(v));
  await fillForm(gmPage, form);
}

/** A player character rolled on 3d6 with the form's Roll, re-rolled once. */
export async function rolledCharacter(gmPage: Page, form: FigureForm): Promise<void> {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('method-roll').check();
  const faces = async () => (await gmPage.getByTestId('creation-rolls').locator('.faces').allTextContents()).join('|');
  await expect(gmPage.getByTestId('roll-STR').locator('.faces')).toHaveText(/^[1-6] \+ [1-6] \+ [1-6]$/);
  const first = await faces();
  await gmPage.getByTestId('reroll').click();
  await expect.poll(faces).not.toBe(first);
  await fillForm(gmPage, form);
}

/** A Quick NPC with typed attributes; `hidden` ticks "Hidden from the players" before it is placed. */
export async function quickNpc(
  gmPage: Page,
  form: FigureForm & { hidden?: boolean },
  stats: Partial<Record<'STR' | 'DEX' | 'INT' | 'WIS', number>>,
): Promise<void> {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-npc').click();
  for (const [attr, v] of Object.entries(stats)) await gmPage.getByTestId(`npc-${attr}`).fill(String(v));
  await fillForm(gmPage, form);
}

/**
 * Turns a figure on the map with its right-click menu ("Turn right"), `times` steps clockwise, as
 * quickly as the GM clicks: each turn is a step from where main has the figure, so none is lost.
 */
export async function turnByMenu(gmPage: Page, id: string, times: number): Promise<void> {
  const box = (await gmPage.getByRole('application').boundingBox())!;
  const figure = async () => (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === id)!;
  const { name, facing: from } = await figure();
  const notch = await notchOf(gmPage, name);
  for (let i = 0; i < times; i++) {
    const at = (await figureOnMap(gmPage, id))!;
    await gmPage.mouse.click(box.x + at.x, box.y + at.y, { button: 'right' });
    await gmPage
      .getByTestId('figure-menu')
      .getByRole('menuitem', { name: /Turn right/ })
      .click();
    await expect(gmPage.getByTestId('figure-menu')).toBeHidden();
  }
  await expect.poll(async () => (await figure()).facing).toBe((from + times) % 6);
  if (times % 6 !== 0) await expect.poll(() => notchOf(gmPage, name)).not.toBe(notch);
}

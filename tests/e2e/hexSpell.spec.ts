import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, mustCall, socketCall, test } from './fixtures';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';
import { colourPixels, type InkColour } from './mapProbes';

/**
 * A spell aimed at a bare hex through the GM page (001 §Facing: "Spells: your hex, adjacent
 * hexes, or any hex in front"; RULINGS S1, S2). In the sample encounter Ilsa stands at 8,6 facing
 * direction 0 (+1, 0). In Actions the GM picks "A hex on the map…" in the cast flow and clicks
 * 6,6 behind her: main's preview refuses it with the facing reason. Picking 10,6 in front, the
 * GM types the faces 2 3 4 (9 against INT 15): Light is in effect at 10,6, and its marker is
 * drawn on the GM map and on the player display.
 */
const SCREENS = 'test-results/screens';
const FRONT = { q: 10, r: 6 };
const REAR = { q: 6, r: 6 };

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Spell markers as the page's battlemap holds them. */
async function markers(page: Page): Promise<{ hex: { q: number; r: number }; names: string[] }[]> {
  return page.evaluate(() => {
    const map = window.__battleMap.marks;
    return map.spellMarkers.map((m) => ({ hex: { q: m.hex.q, r: m.hex.r }, names: [...m.names] }));
  });
}

/** Light's school colour (Passage, #fff08a), opaque. */
const PASSAGE: InkColour = { alpha: 200, r: [230, 256], g: [215, 256], b: [90, 175] };

/**
 * Pixels of the overlay layer near a hex centre in Light's school colour: the marker really
 * drawn, not only held. Counts in a box of about one hex around the centre.
 */
const markerPixels = (page: Page, hex: { q: number; r: number }) => colourPixels(page, hex, { world: 32, minScreen: 6 }, PASSAGE);

test('Ilsa casts Light at the hex in front of her; the rear hex is refused; both maps mark it', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });

  // Turn 1 to Actions, as magic.spec.ts: renew Blur, everyone stands still, Sella passes.
  await toRenewSpells(gmPage);
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await gmPage.getByTestId('renewal-panel').getByTestId('renew-blur-on-bram').click();
  await standStillToIlsasAction(gmPage);

  // Ilsa's option h (Cast spell) brings the Magic tab forward with her as the caster.
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('options').getByTestId('option-h').click();
  await expect(gmPage.getByRole('tab', { name: 'Magic' })).toHaveAttribute('aria-selected', 'true');
  const flow = gmPage.getByTestId('cast-flow');
  await expect(flow.getByTestId('cast-caster')).toHaveValue('ilsa');
  await flow.getByTestId('cast-spell').selectOption('passage-light');
  await flow.getByTestId('cast-target').selectOption('@hex');
  await expect(flow.getByTestId('cast-hex-picking')).toContainText('Click a hex on the map');

  // Escape leaves hex picking (the target goes back to none); choose the hex mode again.
  await gmPage.keyboard.press('Escape');
  await expect(flow.getByTestId('cast-hex-picking')).toHaveCount(0);
  await expect(flow.getByTestId('cast-target')).toHaveValue('');
  await flow.getByTestId('cast-target').selectOption('@hex');

  // A click on the rear hex: main's preview refuses it with the facing reason.
  let at = await hexOnScreen(gmPage, REAR);
  await gmPage.mouse.click(at.x, at.y);
  await expect(flow.getByTestId('cast-target-hex')).toHaveText('Target: hex 6,6 — behind the caster (rear hex)');
  await expect(flow.getByTestId('cast-preview')).toBeVisible();
  await expect(flow.locator('.mg-problem')).toContainText(
    "6,6 is in Ilsa's rear hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing).",
  );
  await expect(flow.getByTestId('cast-roll')).toBeDisabled();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa'); // the click selected no one
  await gmPage.screenshot({ path: `${SCREENS}/hex-spell-rear-refused-1366x768.png` });

  // The command is refused by main too, whatever a client sends (001 §Facing).
  const refused = await socketCall(gmPage, 'sendCommand', { command: { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: REAR } });
  expect(refused.ok).toBe(false);
  expect(refused.error?.message).toBe("6,6 is in Ilsa's rear hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing).");

  // Pick again, the hex in front (two hexes along her facing).
  await flow.getByTestId('cast-hex-pick').click();
  at = await hexOnScreen(gmPage, FRONT);
  await gmPage.mouse.click(at.x, at.y);
  await expect(flow.getByTestId('cast-target-hex')).toHaveText('Target: hex 10,6 — in front');
  await expect(flow.locator('.mg-problem')).toHaveCount(0);
  await expect(flow.getByTestId('cast-cost')).toContainText('Cost1');
  await expect(flow.getByTestId('cast-target-value')).toContainText('15');
  await flow.getByTestId('cast-dice-input').fill('2 3 4');
  await flow.getByTestId('cast-dice-input').press('Enter');
  const result = flow.getByTestId('cast-result');
  await expect(result).toContainText('succeeded');
  await expect(result).toContainText('Casting: rolled 9 against 15 → success');
  await expect(result).toContainText('The spell continues');
  await expect(result.getByTestId('cast-result-hex')).toHaveText('at hex 10,6');
  await expect(flow.getByTestId('cast-target')).toHaveValue(''); // the aim ring gives way to the marker
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('10 / 12');

  // Main recorded the hex on the continuing spell.
  const view = await mustCall(gmPage, 'getGmView', {});
  const ilsa = view.encounter.figures.find((f) => f.id === 'ilsa')!;
  expect(ilsa.spells).toContainEqual({ spellId: 'passage-light', name: 'Light', targetId: null, renewalCost: 1, at: FRONT, school: 'passage' });

  // The GM map marks it: held and drawn at 10,6, nothing drawn at the rear hex.
  await expect.poll(() => markers(gmPage)).toEqual([{ hex: FRONT, names: ['Light'] }]);
  await expect.poll(() => markerPixels(gmPage, FRONT)).toBeGreaterThan(20);
  expect(await markerPixels(gmPage, REAR)).toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/hex-spell-gm-1366x768.png` });
  // Close up, the marker carries the whole name under the hex.
  for (let i = 0; i < 3; i++) await gmPage.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => markerPixels(gmPage, FRONT)).toBeGreaterThan(20);
  await gmPage.screenshot({ path: `${SCREENS}/hex-spell-gm-zoomed-1366x768.png` });
  await gmPage.getByRole('button', { name: 'Fit', exact: true }).click();

  // The player display shows the same marker (active spells are public), never mana.
  await playerPage.bringToFront();
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(() => markers(playerPage)).toEqual([{ hex: FRONT, names: ['Light'] }]);
  await expect.poll(() => markerPixels(playerPage, FRONT)).toBeGreaterThan(20);
  expect(await markerPixels(playerPage, REAR)).toBe(0);
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(/mana|debt/i);
  await playerPage.screenshot({ path: `${SCREENS}/hex-spell-player-1920x1080.png` });
});

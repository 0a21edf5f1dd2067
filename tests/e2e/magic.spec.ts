import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';

/**
 * Magic through the GM page: in the sample encounter, Renew
 * Spells shows Ilsa's Blur on Bram; renewing it through the Magic tab drops her mana 12 → 11
 * (RULINGS S2). In Actions she casts Detect Magic pushed 1 with faces typed in: cost 2, the push
 * control roll against INT 15 − 1 = 14, then the casting roll against 15 (RULINGS S1, S3). The
 * player page never shows mana.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SCREENS}/${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('renew Blur in phase 2, cast a pushed spell with entered dice; the player never sees mana', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await toRenewSpells(gmPage);
  await expect(gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]')).toHaveText(/Renew spells/);

  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const renewal = gmPage.getByTestId('renewal-panel');
  await expect(renewal.getByTestId('renewal-ilsa')).toContainText('Ilsa');
  await expect(renewal.getByTestId('renewal-ilsa')).toContainText('DEX+INT+WIS 40');
  await expect(renewal.getByTestId('renewal-mana-ilsa')).toHaveText('mana 12');
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('12 / 12');
  await shoot(gmPage, 'magic-renewal-due');
  await renewal.getByTestId('renew-blur-on-bram').click();
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('11 / 12');
  await expect(renewal.getByTestId('status-blur-on-bram')).toHaveText('renewed');
  await shoot(gmPage, 'magic-renewed');

  // On to Actions: everyone stands still; Sella (adjDEX 14) passes, Ilsa is due.
  await standStillToIlsasAction(gmPage);

  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flowBox = gmPage.getByTestId('cast-flow');
  await flowBox.getByTestId('cast-caster').selectOption('ilsa');
  await flowBox.getByTestId('cast-spell').selectOption('passage-detect-magic');
  await flowBox.getByTestId('cast-push').fill('1');
  await expect(flowBox.getByTestId('cast-cost')).toContainText('Cost2');
  await expect(flowBox.getByTestId('cast-control')).toContainText('14');
  await expect(flowBox.getByTestId('cast-target-value')).toContainText('15');
  await shoot(gmPage, 'magic-cast-preview');
  await flowBox.getByTestId('cast-dice-input').fill('4 4 4 / 3 4 5');
  await flowBox.getByTestId('cast-dice-input').press('Enter');
  const result = flowBox.getByTestId('cast-result');
  await expect(result).toContainText('succeeded');
  await expect(result).toContainText('push control: rolled 12 against 14 → controlled');
  await expect(result).toContainText('Casting: rolled 12 against 15 → success');
  await expect(result).toContainText('(entered)');
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('9 / 12');
  await shoot(gmPage, 'magic-cast-result');

  // The player page: the map and the turn, never mana, Debt or pools (RULINGS C8).
  await playerPage.bringToFront();
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(/mana|debt/i);
});

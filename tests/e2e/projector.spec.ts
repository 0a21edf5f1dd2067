import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import sharp from 'sharp';
import { DEFAULT_LEGIBILITY } from '../../src/shared/settings/projectorTable';
import { expect, socketCall, test } from './fixtures';
import { clippedWithoutScrollbar } from './layoutChecks';
import { toRenewSpells } from './sampleTurn';

/**
 * The projector at an in-person table, through the UI with both pages checked:
 * a handout kept, previewed, shown over the map and taken down (and never sent before it is
 * shown); the turn-order strip without the hidden Sella; token and label sizes and the
 * high-contrast grid on the player display only.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Screenshots of both pages at 1366×768 and 1920×1080. */
async function shoot(gm: Page, player: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await gm.setViewportSize({ width: w, height: h });
    await player.setViewportSize({ width: w, height: h });
    await gm.screenshot({ path: `${SCREENS}/${name}-gm-${w}x${h}.png` });
    await player.screenshot({ path: `${SCREENS}/${name}-player-${w}x${h}.png` });
  }
  await gm.setViewportSize({ width: 1366, height: 768 });
  await player.setViewportSize({ width: 1366, height: 768 });
}

/** A portrait-shaped PNG: a warm gradient with a dark "head", so a screenshot shows it is an image. */
async function portraitPng(): Promise<Buffer> {
  const w = 360;
  const h = 480;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const head = (x - 180) ** 2 + (y - 170) ** 2 < 90 ** 2 || (x - 180) ** 2 / 150 ** 2 + (y - 480) ** 2 / 200 ** 2 < 1;
      raw[i] = head ? 40 : 150 + (y * 90) / h;
      raw[i + 1] = head ? 30 : 90 + (x * 60) / w;
      raw[i + 2] = head ? 30 : 60;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

/** Every WebSocket frame the page receives from now on (the page is reloaded to catch its socket). */
async function recordFrames(page: Page): Promise<string[]> {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.reload();
  await expect(page.getByTestId('player-status')).toContainText('Ambush at the Ford');
  return frames;
}

test('a handout is kept, previewed, shown over the players’ map and taken down; never sent before it is shown', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  const frames = await recordFrames(playerPage);
  await gmPage.getByTestId('handouts-toggle').click();
  const panel = gmPage.getByTestId('handouts-panel');
  await expect(panel).toContainText('No handouts yet');

  await panel.getByTestId('handout-title').fill('The smuggler’s letter');
  await panel.getByTestId('handout-words').fill('Meet me at the old mill\nwhen the moon is dark.\n— R.');
  await panel.getByTestId('handout-add').click();
  await expect(panel.getByTestId('handout-row')).toHaveCount(1);
  // The GM previews it with the player page's own card before the players see anything.
  await expect(panel.getByTestId('handout-preview')).toContainText('when the moon is dark');

  await panel.getByTestId('handout-file').setInputFiles({ name: 'duke-orlan.png', mimeType: 'image/png', buffer: await portraitPng() });
  await expect(panel.getByTestId('handout-image')).toHaveText('Image: duke-orlan.png');
  await expect(panel.getByTestId('handout-title')).toHaveValue('duke-orlan');
  await panel.getByTestId('handout-title').fill('Duke Orlan');
  await panel.getByTestId('handout-add').click();
  await expect(panel.getByTestId('handout-row')).toHaveCount(2);
  await expect(panel.getByTestId('handout-preview').locator('img')).toBeVisible();

  // Kept but not shown: nothing of either reached the player page.
  await expect(playerPage.getByTestId('handout')).toHaveCount(0);
  const kept = (await socketCall(gmPage, 'listHandouts', {})).value as { image: { asset: string } | null }[];
  const asset = kept[1]!.image!.asset;
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  for (const f of frames) expect(f).not.toMatch(/moon is dark|Duke Orlan|smuggler/);
  for (const f of frames) expect(f).not.toContain(asset);
  expect(
    (
      await gmPage.request.get(`${new URL(playerPage.url()).origin}/campaign-assets/${asset}?token=${new URL(playerPage.url()).searchParams.get('token')}`)
    ).status(),
  ).toBe(403);

  await panel.getByTestId('handout-row').filter({ hasText: 'Duke Orlan' }).getByTestId('handout-show').click();
  const shown = playerPage.getByTestId('handout');
  await expect(shown).toContainText('Duke Orlan');
  await expect.poll(() => shown.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
  await expect(panel.getByTestId('handout-row').filter({ hasText: 'Duke Orlan' })).toContainText('On the projector');
  await shoot(gmPage, playerPage, 'handout-portrait');

  await panel.getByTestId('handout-row').filter({ hasText: 'smuggler' }).getByTestId('handout-show').click();
  await expect(shown.getByTestId('handout-text')).toHaveText('Meet me at the old mill\nwhen the moon is dark.\n— R.');
  await expect(shown.locator('img')).toHaveCount(0);
  // Its row names it whole while it is on the projector: nothing in the list is cut off.
  await expect(panel.getByTestId('handout-row').filter({ hasText: 'On the projector' })).toContainText('The smuggler’s letter');
  expect(await clippedWithoutScrollbar(gmPage, '[data-testid=handouts-panel]')).toEqual([]);
  await shoot(gmPage, playerPage, 'handout-letter');

  // Blackout hides it; taking it down leaves the map; none of it is an encounter command.
  await gmPage.getByRole('button', { name: 'Blackout' }).click();
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await expect(shown).toHaveCount(0);
  await gmPage.getByRole('button', { name: 'Blackout' }).click();
  await expect(shown).toContainText('smuggler');
  await gmPage.getByTestId('handout-take-down').click();
  await expect(shown).toHaveCount(0);
  await expect(gmPage.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('the turn strip lists the figures the players can see, the one acting lit, the next two named; the hidden Sella is absent', async ({
  gmPage,
  playerPage,
}) => {
  test.setTimeout(120_000);
  await expect(playerPage.getByTestId('turn-strip')).toHaveCount(0);
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByTestId('turn-strip-toggle').check();
  const strip = playerPage.getByTestId('turn-strip');
  await expect(strip).toBeVisible();
  const gm = (await socketCall(gmPage, 'getGmView', {})).value as { encounter: { phase: string; figures: { name: string; hidden: boolean }[] } };
  expect(gm.encounter.figures.find((f) => f.name === 'Sella')?.hidden).toBe(true);
  await expect(strip.getByTestId('turn-strip-phase')).toContainText('Turn 1');
  await expect(strip).not.toContainText('Sella');
  // The one lit is the one the status bar names as acting.
  await expect(strip.locator('[aria-current=step]')).toHaveCount(0);
  await toRenewSpells(gmPage);
  await expect(strip.getByTestId('turn-strip-phase')).toHaveText('Turn 1 · Renew spells');
  await gmPage.getByTestId('next-phase').click();
  await expect(strip.getByTestId('turn-strip-phase')).toHaveText('Turn 1 · Initial movement');
  const names = () => strip.getByTestId('turn-strip-entry').locator('.name').allTextContents();
  expect((await names()).sort()).toEqual(['Bram', 'Grak', 'Ilsa']);
  for (let i = 0; i < 4; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  await expect(gmPage.getByText('Initial movement is over.')).toBeVisible();
  await gmPage.getByTestId('next-phase').click();
  await expect(strip.getByTestId('turn-strip-phase')).toHaveText('Turn 1 · Final movement');
  await gmPage.getByTestId('next-phase').click();
  await expect(strip.getByTestId('turn-strip-phase')).toHaveText('Turn 1 · Actions');
  // Sella (hidden) is due: the strip already lights Ilsa, as it will after Sella's turn — no gap, no pause.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await expect(strip.locator('[aria-current=step]')).toHaveCount(1);
  await expect(strip.locator('[aria-current=step]')).toContainText('Ilsa');
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
  expect(await names()).not.toContain('Sella');
  // The next two still to act are named beside the phase: never the hidden Sella.
  await expect(strip.getByTestId('turn-strip-next')).toHaveText(/^Next: (Bram, Grak|Grak, Bram)$/);
  await expect(strip.locator('li.upcoming .name')).toHaveText([/Bram|Grak/, /Bram|Grak/]);
  const before = await strip.innerHTML();
  await shoot(gmPage, playerPage, 'turn-strip');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  // Sella's pass changed nothing the strip shows.
  expect(await strip.innerHTML()).toBe(before);
});

/** The radius and label font size of the token named `name` on a page's map. */
async function tokenLook(page: Page, name: string): Promise<{ r: number; label: number; disc: string }> {
  return page.evaluate((n) => {
    const map = window.__battleMap;
    const node = map.stage.findOne<Konva.Group>(
      (x: Konva.Node) => x.getType() === 'Group' && x.id() !== '' && (x as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === n,
    );
    return {
      r: node!.findOne<Konva.Circle>('.disc')!.radius(),
      label: node!.findOne<Konva.Text>('.name')!.fontSize(),
      disc: node!.findOne<Konva.Text>('.initials')!.text(),
    };
  }, name);
}

test('token and label sizes and the high-contrast grid change the player display only, and are kept with the campaign', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  const gmBefore = await tokenLook(gmPage, 'Bram');
  const before = await tokenLook(playerPage, 'Bram');
  // One rule on both maps: initials in the disc, the name under it; the player display's labels start 1.5 times the GM's.
  expect(before.disc).toBe('Br');
  expect(gmBefore.disc).toBe('Br');
  expect(before.label).toBeCloseTo(gmBefore.label * 1.5, 3);
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByLabel('Player tokens').fill('1.5');
  await gmPage.getByLabel('Player labels').fill('2');
  await gmPage.getByTestId('contrast-grid').check();
  await expect.poll(async () => (await tokenLook(playerPage, 'Bram')).r).toBeCloseTo(before.r * 1.5, 3);
  await expect.poll(async () => (await tokenLook(playerPage, 'Bram')).label).toBeCloseTo((before.label / 1.5) * 2, 3);
  expect(await tokenLook(gmPage, 'Bram')).toEqual(gmBefore);
  await expect
    .poll(async () => (await socketCall(gmPage, 'getProjector', {})).value.legibility)
    .toEqual({ ...DEFAULT_LEGIBILITY, tokenScale: 1.5, labelScale: 2, highContrastGrid: true });
  await shoot(gmPage, playerPage, 'legibility');
});

import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect } from './fixtures';

/** Waits until the map is at rest and Konva has drawn two more frames, then at rest again; a failure names what it still waited for. */
export async function settle(page: Page, name = 'page'): Promise<void> {
  await settleOrSayWhy(page, name);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await settleOrSayWhy(page, name);
}

/**
 * Waits up to 30 s for a page's map to settle (a page without a map has nothing to wait for); a
 * map that has not names what it still waits for, so a failure says which part never came to rest.
 */
export async function settleOrSayWhy(page: Page, name: string): Promise<void> {
  const waits = () => page.evaluate(() => window.__battleMap?.unsettledBy.join(', ') ?? '');
  await expect.poll(waits, { message: `the ${name} map settled (it still waits for what is received)`, timeout: 30_000 }).toBe('');
}

/** The facing notch of a figure's token as drawn, found by its name (so on the player page too). */
export const notchOf = (page: Page, name: string) =>
  page.evaluate((figureName) => {
    const map = window.__battleMap;
    const node = map.stage.findOne<Konva.Group>(
      (n: Konva.Node) => n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === figureName,
    );
    return JSON.stringify(node!.findOne<Konva.Line>('.notch')!.points());
  }, name);

/** The GM turns the selected figure with E; resolves once both pages have drawn the new facing and settled. */
export async function turnSelected(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  const gmBefore = await notchOf(gmPage, name);
  const playerBefore = await notchOf(playerPage, name);
  await gmPage.keyboard.press('e');
  await expect.poll(() => notchOf(playerPage, name)).not.toBe(playerBefore);
  await expect.poll(() => notchOf(gmPage, name)).not.toBe(gmBefore);
  await settle(gmPage);
  await settle(playerPage);
}

/** Opaque pixels on the overlay layer (the map's second canvas). */
export const overlayInk = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelectorAll('[role=application] canvas')[1] as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });

/**
 * A right-drag pan as the GM's hand does it: the pointer goes to `from`, the right button goes down,
 * the pointer moves by `step` `steps` times, and the button comes up.
 */
export async function rightDragPan(page: Page, from: { x: number; y: number }, step: { x: number; y: number }, steps: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'right' });
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + i * step.x, from.y + i * step.y);
  await page.mouse.up({ button: 'right' });
}

/** What the map shows, in world units (1 = a hex's size), centre and size. */
export type WorldFrame = { x: number; y: number; width: number; height: number };

export const frameOf = (page: Page) => page.evaluate(() => window.__battleMap.getFrame());

export const scaleOf = (page: Page) => page.evaluate(() => window.__battleMap.cameraState.scale);

/** Every layer canvas of the page's battlemap: its size, CSS transform and a SHA-256 of its pixels. */
export const layerDigests = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')) {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
      out.push(`${canvas.width}x${canvas.height}:${canvas.style.transform || 'none'}:${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
    }
    return out;
  });

/**
 * A colour a probe counts: each channel strictly between its bounds, and alpha above `alpha`
 * (so a faint wash of the same hue does not count).
 */
export interface InkColour {
  readonly alpha: number;
  readonly r: readonly [number, number];
  readonly g: readonly [number, number];
  readonly b: readonly [number, number];
}

/**
 * Pixels of the overlay layer (the map's second layer: marks and spell effects) in `colour`, in a
 * square around a hex's centre whose half side is `box.world` world units at the current zoom,
 * and at least `box.minScreen` screen pixels: what is really drawn there, not only held.
 */
export const colourPixels = (page: Page, hex: { q: number; r: number }, box: { world: number; minScreen: number }, colour: InkColour) =>
  page.evaluate(
    ({ h, box, colour }) => {
      const map = window.__battleMap;
      const layer = map.stage.getLayers()[1]!;
      const canvas: HTMLCanvasElement = layer.getCanvas()._canvas;
      const ratio = layer.getCanvas().getPixelRatio();
      const c = map.hexToScreen(h);
      const half = Math.max(box.minScreen, box.world * map.cameraState.scale) * ratio;
      const x0 = Math.max(0, Math.floor(c.x * ratio - half));
      const y0 = Math.max(0, Math.floor(c.y * ratio - half));
      const data = canvas.getContext('2d')!.getImageData(x0, y0, Math.ceil(half * 2), Math.ceil(half * 2)).data;
      const within = (v: number, [lo, hi]: readonly [number, number]) => v > lo && v < hi;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > colour.alpha && within(data[i]!, colour.r) && within(data[i + 1]!, colour.g) && within(data[i + 2]!, colour.b)) n++;
      }
      return n;
    },
    { h: hex, box, colour },
  );

/**
 * The mean brightness (0–255) of the ground layer (the map's first layer: image, terrain, grid and
 * fog) in a small square at a hex's centre: what the players really see there, lit, dimmed or black.
 */
export const groundBrightness = (page: Page, hex: { q: number; r: number }) =>
  page.evaluate((h) => {
    const map = window.__battleMap;
    const layer = map.stage.getLayers()[0]!;
    const canvas: HTMLCanvasElement = layer.getCanvas()._canvas;
    const ratio = layer.getCanvas().getPixelRatio();
    const c = map.hexToScreen(h);
    const half = Math.max(3, 0.25 * map.layout.size * map.cameraState.scale) * ratio;
    const data = canvas
      .getContext('2d')!
      .getImageData(Math.floor(c.x * ratio - half), Math.floor(c.y * ratio - half), Math.ceil(half * 2), Math.ceil(half * 2)).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    return sum / (data.length / 4);
  }, hex);

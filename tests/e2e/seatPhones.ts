import type { Browser, Locator, Page } from '@playwright/test';
import { decodeQR } from 'qr/decode.js';
import sharp from 'sharp';
import { expect } from './fixtures';

/** The players' phones of the seat tests: a seat made with the mouse on the GM's page, and a phone on its link. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Adds a seat by name, gives it one figure and opens its code; answers its link as the QR code on the GM's screen says it. */
export async function seatFor(gm: Page, name: string, figureId: string): Promise<string> {
  await gm.getByTestId('seat-new-name').fill(name);
  await gm.getByTestId('seat-add').click();
  const seat = gm.getByTestId('seats-panel').locator('.seat', { hasText: name });
  await seat.getByTestId(`seat-figure-${figureId}`).check();
  await expect(seat.getByTestId(`seat-figure-${figureId}`)).toBeChecked();
  await expect(seat.getByTestId('seat-qr')).toBeVisible();
  const read = await readQr(seat.getByTestId('seat-qr'));
  expect(read).toBe(await seat.getByTestId('seat-link').inputValue());
  return read;
}

/** The text of a QR code as a camera would read it off the screen (a screenshot of it, decoded). */
export async function readQr(code: Locator): Promise<string> {
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data: new Uint8Array(data) });
}

export async function phone(browser: Browser, link: string, problems: string[], name: string): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`${name}: uncaught ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`${name}: console error: ${m.text()}`));
  await page.goto(link);
  await expect(page.getByTestId('seat-name')).toHaveText(name);
  return page;
}

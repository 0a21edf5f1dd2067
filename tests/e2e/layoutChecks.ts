import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Layout checks for the GM page's columns, as a person meets them: nothing clipped out of reach
 * (content past an edge with no scrollbar to bring it back), and the last control of a panel
 * reached with the mouse wheel and clicked where it is drawn.
 */

/** Every element under `root` that hides content past one of its edges without a scrollbar, described for the failure message. */
export async function clippedWithoutScrollbar(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    const top = document.querySelector(selector);
    if (!top) return [`no ${selector}`];
    for (const el of [top, ...top.querySelectorAll('*')] as HTMLElement[]) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const clips = (o: string) => o === 'hidden' || o === 'clip';
      const over = (scroll: number, client: number) => scroll > client + 1;
      const y = clips(style.overflowY) && over(el.scrollHeight, el.clientHeight);
      const x = clips(style.overflowX) && over(el.scrollWidth, el.clientWidth);
      if (x || y) {
        const what = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`;
        const text = (el.textContent ?? '').trim().slice(0, 40);
        out.push(`${what} "${text}": ${x ? `width ${el.scrollWidth} in ${el.clientWidth}` : ''}${y ? ` height ${el.scrollHeight} in ${el.clientHeight}` : ''}`);
      }
    }
    return out;
  }, root);
}

/** Every visible element under `root` drawn past its left or right edge (cut off, or reached only by scrolling sideways), described. */
export async function drawnPastTheSides(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const top = document.querySelector(selector);
    if (!top) return [`no ${selector}`];
    const edge = top.getBoundingClientRect();
    const out: string[] = [];
    for (const el of top.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (el.offsetParent === null || r.width === 0) continue;
      if (r.left < edge.left - 1 || r.right > edge.right + 1) {
        out.push(
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || el.dataset.testid || '').trim().slice(0, 30)}": ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(edge.left)}–${Math.round(edge.right)}`,
        );
      }
    }
    return out;
  }, root);
}

/** Every element matching `selector` whose own text is cut short (an ellipsis, or text wider than its box), described. */
export async function textCutShort(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `"${(el.textContent ?? '').trim().slice(0, 30)}" ${el.scrollWidth} wide in ${el.clientWidth}`),
    selector,
  );
}

/** The last enabled, visible control (button, input, select, textarea) under `root`, in document order. */
export function lastControl(root: Locator): Locator {
  return root.locator('button:not([disabled]):visible, input:not([disabled]):visible, select:not([disabled]):visible, textarea:not([disabled]):visible').last();
}

/** The control's box once it has stayed the same for three readings a frame or more apart (a wheel scroll may still be gliding). */
async function restingBox(page: Page, control: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  let same = 0;
  for (let i = 0; i < 100 && same < 3; i++) {
    await page.waitForTimeout(50);
    const now = JSON.stringify(await control.boundingBox());
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

/**
 * Turns the mouse wheel over `scroller` until `control` lies wholly inside it, then checks that
 * the control is what a click at its centre lands on, and clicks there (after `beforeClick`, for
 * a screenshot). Fails when the wheel cannot bring it into view (a panel that does not scroll).
 */
export async function wheelToAndClick(page: Page, scroller: Locator, control: Locator, beforeClick?: () => Promise<void>): Promise<void> {
  const area = (await scroller.boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  const inside = (b: { y: number; height: number } | null) => b !== null && b.y >= area.y - 0.5 && b.y + b.height <= area.y + area.height + 0.5;
  // Wheeled until it is in view, then again if the panel grew or moved it while it came to rest.
  let box = await restingBox(page, control);
  for (let round = 0; round < 5 && !inside(box); round++) {
    for (let i = 0; i < 40 && !inside(await control.boundingBox()); i++) {
      await page.mouse.wheel(0, 160);
      await page.waitForTimeout(30);
    }
    box = await restingBox(page, control);
  }
  expect(box.y, 'the control is inside the scrolled panel (top)').toBeGreaterThanOrEqual(area.y - 0.5);
  expect(box.y + box.height, 'the control is inside the scrolled panel (bottom)').toBeLessThanOrEqual(area.y + area.height + 0.5);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hit = await control.evaluate((el, p) => {
    const at = document.elementFromPoint(p.x, p.y);
    return at !== null && (at === el || el.contains(at) || (el as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }).labels?.[0]?.contains(at) === true);
  }, centre);
  expect(hit, 'a click at the control lands on it').toBe(true);
  await beforeClick?.();
  await page.mouse.click(centre.x, centre.y);
}

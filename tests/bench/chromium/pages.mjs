import { installProbes } from './probes.mjs';

/**
 * The GM page (1366×768) and the player page (1920×1080 device pixels, at `dpr` device pixels per
 * CSS pixel) of a running console, each in its own browser context with the bench's probes
 * installed; `close()` ends both contexts.
 */
export async function openConsolePages(browser, host, { dpr = 1 } = {}) {
  const gmContext = await browser.newContext({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: dpr });
  const playerContext = await browser.newContext({ viewport: { width: 1920 / dpr, height: 1080 / dpr }, deviceScaleFactor: dpr });
  for (const c of [gmContext, playerContext]) await c.addInitScript(installProbes);
  const gm = await gmContext.newPage();
  await gm.goto(`${host.gm}&e2e=1`);
  const player = await playerContext.newPage();
  await player.goto(`${host.player}&e2e=1`);
  return { gm, player, gmContext, playerContext, close: async () => Promise.all([gmContext.close(), playerContext.close()]) };
}

/** A fresh window, GM-sized (1366×768) unless `viewport` says, with the probes installed, for timing a page load; close it after. */
export async function probedWindow(browser, viewport = { width: 1366, height: 768 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(installProbes);
  return context;
}

/** Resolves once the figure layer of `page`'s map holds `n` figures (ready to be timed). */
export const figuresDrawn = (page, n) =>
  page.waitForFunction((count) => window.__battleMap?.stage.getLayers()[2]?.getChildren().length >= count, n, { timeout: 120_000, polling: 200 });

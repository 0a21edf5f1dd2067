import { installProbes } from './probes.mjs';

/**
 * The GM page (1366×768) and the player page (1920×1080) of a running console, each in its own
 * browser context with the bench's probes installed; `close()` ends both contexts.
 */
export async function openConsolePages(browser, host) {
  const gmContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const playerContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  for (const c of [gmContext, playerContext]) await c.addInitScript(installProbes);
  const gm = await gmContext.newPage();
  await gm.goto(`${host.gm}&e2e=1`);
  const player = await playerContext.newPage();
  await player.goto(`${host.player}&e2e=1`);
  return { gm, player, gmContext, playerContext, close: async () => Promise.all([gmContext.close(), playerContext.close()]) };
}

import type { Page } from '@playwright/test';

/**
 * Main's answers to some queries held back on their way to a page, as on a busy machine (the
 * autopilot playing, the odds running): the page's socket goes through Playwright's WebSocket
 * route, and while `slow.on` the replies to the named channels arrive `delayMs` late, the view
 * pushes and other replies on time. Installed before the page (re)loads, so its socket is routed.
 */
export interface SlowAnswers {
  on: boolean;
  readonly delayMs: number;
}

export async function slowAnswersTo(page: Page, channels: readonly string[], delayMs: number): Promise<SlowAnswers> {
  const slow: SlowAnswers = { on: false, delayMs };
  await page.routeWebSocket(/\/ws\?token=/, (ws) => {
    const server = ws.connectToServer();
    const held = new Set<number>();
    ws.onMessage((message) => {
      const m = JSON.parse(String(message)) as { id?: number; channel?: string };
      if (slow.on && typeof m.id === 'number' && channels.includes(m.channel ?? '')) held.add(m.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const m = JSON.parse(String(message)) as { id?: number };
      if (typeof m.id === 'number' && held.delete(m.id)) setTimeout(() => ws.send(message), slow.delayMs);
      else ws.send(message);
    });
  });
  await page.reload();
  return slow;
}

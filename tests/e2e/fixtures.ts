import { test as base, expect, type Page } from '@playwright/test';
import { startConsole, type RunningConsole } from '../support/consoleServer';

/**
 * Every page is watched: an uncaught error, a console error or a CSP violation fails the test.
 */
async function watch(page: Page, problems: string[], name: string): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e: SecurityPolicyViolationEvent) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('pageerror', (e) => problems.push(`${name}: uncaught ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${name}: console error: ${m.text()}`);
  });
}

interface Fixtures {
  consoleServer: RunningConsole;
  gmPage: Page;
  playerPage: Page;
  problems: string[];
}

export const test = base.extend<Fixtures>({
  consoleServer: async ({}, use) => {
    const running = await startConsole();
    await use(running);
    await running.stop();
  },
  problems: async ({}, use) => {
    const problems: string[] = [];
    await use(problems);
    expect(problems, 'pages reported errors or CSP violations').toEqual([]);
  },
  gmPage: async ({ context, consoleServer, problems }, use) => {
    const page = await context.newPage();
    await watch(page, problems, 'GM page');
    await page.goto(`${consoleServer.gm}&e2e=1`);
    await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await use(page);
  },
  playerPage: async ({ context, consoleServer, problems }, use) => {
    const page = await context.newPage();
    await watch(page, problems, 'player page');
    await page.goto(`${consoleServer.player}&e2e=1`);
    await expect(page.getByTestId('player-status')).toContainText('Ambush at the Ford');
    await use(page);
  },
});

export { expect };

/**
 * Where a figure is on a page's battlemap: its hex (from the token's pixel position) and screen
 * point. `id` is the GM's id; the player page knows figures by opaque ids (session/playerIds.ts),
 * so there the token is found by the name the GM page shows for that id.
 */
export async function figureOnMap(page: Page, id: string): Promise<{ q: number; r: number; x: number; y: number } | null> {
  const onPlayerPage = page.url().includes('/player.html');
  const gmPage = onPlayerPage ? page.context().pages().find((p) => p !== page && !p.url().includes('/player.html')) : undefined;
  const name = gmPage
    ? await gmPage.evaluate((figureId) => {
        const text: string | undefined = (window as unknown as { __battleMap?: any }).__battleMap?.stage.findOne(`#${figureId}`)?.findOne('.name')?.text();
        return text === undefined ? null : text.split(' · ')[0]!;
      }, id)
    : null;
  return page.evaluate(({ figureId, figureName }) => {
    const map = (window as unknown as { __battleMap?: any }).__battleMap;
    const byName = (n: any) => n.getType() === 'Group' && n.id() !== '' && n.findOne('.name')?.text().split(' · ')[0] === figureName;
    const node = figureName === null ? map?.stage.findOne(`#${figureId}`) : map?.stage.findOne(byName);
    if (!node) return null;
    const screen = node.getAbsolutePosition();
    const hex = map.screenToHex(screen);
    return { q: hex.q, r: hex.r, x: screen.x, y: screen.y };
  }, { figureId: id, figureName: name });
}

/** Screen point (page coordinates) of a hex centre on a page's battlemap. */
export async function hexOnScreen(page: Page, hex: { q: number; r: number }): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((h) => {
    const map = (window as unknown as { __battleMap: any }).__battleMap;
    return map.hexToScreen(h);
  }, hex);
  const box = (await page.getByRole('application').boundingBox())!;
  return { x: box.x + point.x, y: box.y + point.y };
}

/** Sends a raw message over a fresh socket with the page's token and returns the first reply. */
export async function rawSocketCall(page: Page, message: string): Promise<any> {
  return page.evaluate(async (text) => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const reply = new Promise((r) => ws.addEventListener('message', (e) => r(JSON.parse(String(e.data))), { once: true }));
    ws.send(text);
    const result = await reply;
    ws.close();
    return result;
  }, message);
}

let socketCallId = 1000;

/**
 * Calls a channel over a fresh socket with the page's token and resolves to the reply to this
 * call (pushes that arrive first are skipped): `{ ok, value } | { ok: false, error }`.
 */
export async function socketCall(page: Page, channel: string, args: unknown): Promise<any> {
  const id = ++socketCallId;
  const { result } = await page.evaluate(
    async ({ text, id }) => {
      const token = new URLSearchParams(location.search).get('token');
      const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      const reply = new Promise<any>((r) =>
        ws.addEventListener('message', (e) => {
          const m = JSON.parse(String(e.data));
          if (m.id === id) r(m);
        }),
      );
      ws.send(text);
      const out = await reply;
      ws.close();
      return out;
    },
    { text: JSON.stringify({ id, channel, args }), id },
  );
  return result;
}

/** A channel call that must succeed: fails the test with the error otherwise; resolves to its value. */
export async function mustCall(page: Page, channel: string, args: unknown): Promise<any> {
  const result = await socketCall(page, channel, args);
  expect(result.ok, `${channel}: ${JSON.stringify(result.error ?? null)}`).toBe(true);
  return result.value;
}

/** A new NPC for `addFigure`: typed attributes (STR, DEX as given), Fatigue dice [3, 3], one ready weapon. */
export function npcFighter(name: string, sideId: string, stats: { STR: number; DEX: number }, weaponId: string) {
  return {
    name,
    sideId,
    kind: 'npc',
    attributes: { method: 'set', values: { STR: stats.STR, DEX: stats.DEX, INT: 10, WIS: 10, CON: 12, CHR: 10 } },
    fatigueDice: [3, 3],
    mana: null,
    equipment: { weaponIds: [weaponId], readyWeaponId: weaponId, armorId: null, shieldId: null },
  };
}

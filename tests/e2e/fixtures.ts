import { test as base, expect, type Page } from '@playwright/test';
import type Konva from 'konva';
import { startConsole, type RunningConsole } from '../support/consoleServer';
import type { AppErrorShape, ChannelName, ChannelResult } from '../../src/shared/contract';
import type { WsReply } from '../../src/shared/contract/wsProtocol';
import './pageProbes';

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
  // Playwright reads a fixture's dependencies from its first parameter's pattern: an empty one says it has none.
  // eslint-disable-next-line no-empty-pattern
  consoleServer: async ({}, use) => {
    const running = await startConsole();
    gmToken = new URL(running.gm).searchParams.get('token');
    await use(running);
    gmToken = null;
    await running.stop();
  },
  // Playwright reads a fixture's dependencies from its first parameter's pattern: an empty one says it has none.
  // eslint-disable-next-line no-empty-pattern
  problems: async ({}, use) => {
    const problems: string[] = [];
    await use(problems);
    const unexpected = stopsExpected.has(problems) ? problems.filter((p) => !STOPPED_SERVER.test(p)) : problems;
    expect(unexpected, 'pages reported errors or CSP violations').toEqual([]);
  },
  gmPage: async ({ context, consoleServer, problems }, use) => {
    const page = await context.newPage();
    await watch(page, problems, 'GM page');
    await page.goto(`${consoleServer.gm}&e2e=1`);
    await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    expect(await page.evaluate(() => crossOriginIsolated), 'the GM page is cross-origin isolated').toBe(true);
    await use(page);
  },
  // The player display is a window of its own, as the TV is: a tab behind the GM page in one window
  // gets an animation frame only now and then (about one a second in headless Chromium).
  playerPage: async ({ browser, viewport, deviceScaleFactor, consoleServer, problems }, use) => {
    const ownWindow = await browser.newContext({ viewport, ...(deviceScaleFactor ? { deviceScaleFactor } : {}) });
    const page = await ownWindow.newPage();
    await watch(page, problems, 'player page');
    await page.goto(`${consoleServer.player}&e2e=1`);
    await expect(page.getByTestId('player-status')).toContainText('Ambush at the Ford');
    expect(await page.evaluate(() => crossOriginIsolated), 'the player page is cross-origin isolated').toBe(true);
    await use(page);
    await ownWindow.close();
  },
});

export { expect };

/** The running console's GM token: the player page's helpers ask main for a figure's name with it. */
let gmToken: string | null = null;

/** What a channel answers, from the contract; `unknown` for a name the contract lacks (a test of refusals). */
export type ResultOf<C extends string> = C extends ChannelName ? ChannelResult<C> : unknown;

/**
 * A channel's reply as a test reads it: `value` when `ok`, `error` when not. The contract's
 * `Envelope` with its two cases side by side, so that a test may read `value` once it has
 * asserted `ok` (reading it from a refusal gives undefined, and the test fails there).
 */
export interface Reply<T> {
  readonly ok: boolean;
  readonly value: T;
  readonly error?: AppErrorShape;
}

/** One call over a fresh socket from `page`, with `token` (the page's own unless given). */
async function callFrom<C extends string>(page: Page, channel: C, args: unknown, token?: string): Promise<Reply<ResultOf<C>>> {
  return page.evaluate(
    async ({ channel, args, token }) => {
      const t = token ?? new URLSearchParams(location.search).get('token');
      const ws = new WebSocket(`ws://${location.host}/ws?token=${t}`);
      await new Promise((r) => (ws.onopen = r));
      const reply = new Promise<unknown>(
        (r) =>
          (ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data));
            if (m.id === 1) r(m.result);
          }),
      );
      ws.send(JSON.stringify({ id: 1, channel, args }));
      const result = await reply;
      ws.close();
      return result;
    },
    { channel, args, token },
  ) as Promise<Reply<ResultOf<C>>>;
}

/** GM figure id → name, per player page: asked of main once, so a poll costs one evaluate. */
const namesSeen = new WeakMap<Page, Map<string, string | null>>();

async function gmNameOf(page: Page, id: string): Promise<string | null> {
  let names = namesSeen.get(page);
  if (!names) namesSeen.set(page, (names = new Map()));
  if (!names.has(id)) {
    if (gmToken === null) throw new Error('figureOnMap: no console is running');
    const gm = await callFrom(page, 'getGmView', {}, gmToken);
    for (const f of gm.value.encounter.figures) names.set(f.id, f.name);
    if (!names.has(id)) return null;
  }
  return names.get(id) ?? null;
}

/**
 * The id of a figure's token on a page's battlemap. `id` is the GM's id; the player page knows
 * figures by opaque ids (session/playerIds.ts), so there it is the token whose label is the GM
 * figure's name, or null when the player page shows none.
 */
export async function figureNodeId(page: Page, id: string): Promise<string | null> {
  if (!page.url().includes('/player.html')) return id;
  const name = await gmNameOf(page, id);
  if (name === null) return null;
  return page.evaluate((figureName) => {
    const map = window.__battleMap;
    const byName = (n: Konva.Node) =>
      n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === figureName;
    return map?.stage.findOne(byName)?.id() ?? null;
  }, name);
}

/**
 * How to find a figure's token on a page's map: by its id on the GM page, by its name on the player
 * page, where figures carry the players' own ids (design-notes §Secrecy at the player boundary).
 */
export async function tokenKey(page: Page, id: string): Promise<{ id: string; name: string | null }> {
  return { id, name: page.url().includes('/player.html') ? ((await gmNameOf(page, id)) ?? `(no figure ${id})`) : null };
}

/** Where a figure is on a page's battlemap: its hex (from the token's pixel position) and screen point. */
export async function figureOnMap(page: Page, id: string): Promise<{ q: number; r: number; x: number; y: number } | null> {
  const onPlayerPage = page.url().includes('/player.html');
  const name = onPlayerPage ? await gmNameOf(page, id) : null;
  if (onPlayerPage && name === null) return null;
  return page.evaluate(
    ({ figureId, figureName }) => {
      const map = window.__battleMap;
      const byName = (n: Konva.Node) =>
        n.getType() === 'Group' && n.id() !== '' && (n as Konva.Group).findOne<Konva.Text>('.name')?.text().split(' · ')[0] === figureName;
      const node = figureName === null ? map?.stage.findOne<Konva.Group>(`#${figureId}`) : map?.stage.findOne(byName);
      if (!node) return null;
      const screen = node.getAbsolutePosition();
      const hex = map.screenToHex(screen);
      return { q: hex.q, r: hex.r, x: screen.x, y: screen.y };
    },
    { figureId: id, figureName: name },
  );
}

/**
 * The hex a page's map holds a figure at: where main's last push put it. A dropped token is drawn
 * on its new hex before main has answered, so `figureOnMap` may show it there while the page
 * still holds the old hex: a drag that starts from the new hex must wait for this instead.
 */
export async function figureHeldAt(page: Page, id: string): Promise<{ q: number; r: number } | null> {
  return page.evaluate((figureId) => {
    const held = window.__battleMap?.tokens.find(figureId)?.position;
    return held ? { q: held.q, r: held.r } : null;
  }, id);
}

/** Screen point (page coordinates) of a hex centre on a page's battlemap. */
export async function hexOnScreen(page: Page, hex: { q: number; r: number }): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((h) => {
    const map = window.__battleMap;
    return map.hexToScreen(h);
  }, hex);
  const box = (await page.getByRole('application').boundingBox())!;
  return { x: box.x + point.x, y: box.y + point.y };
}

/** A mouse drag on a page's battlemap from one hex centre to another, through the midpoint in small steps. */
export async function dragHex(page: Page, from: { q: number; r: number }, to: { q: number; r: number }): Promise<void> {
  const a = await hexOnScreen(page, from);
  const b = await hexOnScreen(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/**
 * Sends a raw message over a fresh socket with the page's token and returns the first reply (a
 * push that arrives first, such as the projector's or the table's frame, is skipped); `T` is what
 * the caller expects a successful reply's value to be.
 */
export async function rawSocketCall<T = unknown>(page: Page, message: string): Promise<{ id: number | null; result: Reply<T> }> {
  return page.evaluate(async (text) => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const reply = new Promise<WsReply>((r) =>
      ws.addEventListener('message', (e) => {
        const m = JSON.parse(String(e.data)) as WsReply | { event: string };
        if (!('event' in m)) r(m);
      }),
    );
    ws.send(text);
    const result = await reply;
    ws.close();
    return result;
  }, message) as Promise<{ id: number | null; result: Reply<T> }>;
}

let socketCallId = 1000;

/**
 * Calls a channel over a fresh socket with the page's token and resolves to the reply to this
 * call (pushes that arrive first are skipped): `{ ok, value } | { ok: false, error }`.
 */
export async function socketCall<C extends string>(page: Page, channel: C, args: unknown): Promise<Reply<ResultOf<C>>> {
  const id = ++socketCallId;
  const { result } = await page.evaluate(
    async ({ text, id }) => {
      const token = new URLSearchParams(location.search).get('token');
      const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      const reply = new Promise<WsReply>((r) =>
        ws.addEventListener('message', (e) => {
          const m = JSON.parse(String(e.data)) as WsReply;
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
  return result as Reply<ResultOf<C>>;
}

/** A channel call that must succeed: fails the test with the error otherwise; resolves to its value. */
export async function mustCall<C extends string>(page: Page, channel: C, args: unknown): Promise<ResultOf<C>> {
  const result = await socketCall(page, channel, args);
  expect(result.ok, `${channel}: ${JSON.stringify(result.error ?? null)}`).toBe(true);
  return result.value;
}

/** One GM command that must succeed (with typed dice faces, if given); asked without `seen`, main answers with the whole new view. */
export async function command(page: Page, c: Record<string, unknown>, entered?: number[][]): Promise<ResultOf<'getGmView'>> {
  return (await mustCall(page, 'sendCommand', { command: c, ...(entered ? { entered } : {}) })) as ResultOf<'getGmView'>;
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

/**
 * Placing by click (design-notes §The map under the GM's hand), after "Place on the map": the
 * pointer goes to `at` (or, without it, over the hexes round the map's centre until main's verdict
 * on one is yes), clicks it, waits for the figure and stops placing with Escape (a player
 * character's placing ends by itself). Returns the hex placed on.
 */
export async function placeByClick(page: Page, at?: { q: number; r: number }): Promise<{ q: number; r: number }> {
  await expect(page.getByTestId('placing-hint')).toBeVisible();
  const ghostAt = (h: { q: number; r: number }) =>
    page.evaluate((hex) => {
      const g = window.__battleMap.marks.handState.ghost;
      return g && g.hex.q === hex.q && g.hex.r === hex.r ? g.ok : null;
    }, h);
  const candidates: { q: number; r: number }[] = [];
  if (at) candidates.push(at);
  else {
    const box = (await page.getByRole('application').boundingBox())!;
    const centre = await page.evaluate((p) => window.__battleMap.screenToHex(p), { x: box.width / 2, y: box.height / 2 });
    const dirs = [
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ];
    candidates.push(centre);
    for (let radius = 1; radius <= 6; radius++) {
      let h = { q: centre.q - radius, r: centre.r + radius };
      for (const [dq, dr] of dirs) for (let i = 0; i < radius; i++) candidates.push((h = { q: h.q + dq!, r: h.r + dr! }));
    }
  }
  const before = Number(
    (
      await page
        .getByTestId('placing-count')
        .textContent({ timeout: 200 })
        .catch(() => '0')
    )?.split(' ')[0] ?? 0,
  );
  for (const hex of candidates) {
    const p = await hexOnScreen(page, hex);
    await page.mouse.move(p.x, p.y, { steps: 2 });
    await expect.poll(() => ghostAt(hex)).not.toBeNull();
    if (!(await ghostAt(hex))) continue;
    await page.mouse.click(p.x, p.y);
    // A player character is placed once and placing ends by itself; copies go on until Escape.
    const hint = page.getByTestId('placing-hint');
    await expect
      .poll(
        async () =>
          !(await hint.isVisible()) ||
          (await page
            .getByTestId('placing-count')
            .textContent({ timeout: 200 })
            .catch(() => '')) === `${before + 1} placed`,
      )
      .toBe(true);
    if (await hint.isVisible()) await page.keyboard.press('Escape');
    await expect(hint).toBeHidden();
    return hex;
  }
  throw new Error('placeByClick: no hex near the centre would take the figure');
}

/** What a page says while a test has the server stopped on purpose: its socket, and any image it was fetching, are refused. */
const STOPPED_SERVER = /(WebSocket connection to .* failed: Error in connection establishment|Failed to load resource): net::ERR_CONNECTION_REFUSED/;

const stopsExpected = new WeakSet<string[]>();

/**
 * The test stops the server on purpose: the pages' refused reconnects (`STOPPED_SERVER`) are not
 * problems, up to the end of the test, whenever they arrive (the pages stay open, and go on
 * reconnecting, until the fixtures close them).
 */
export function serverStopsExpected(problems: string[]): void {
  stopsExpected.add(problems);
}

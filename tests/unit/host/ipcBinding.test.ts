/**
 * The ipcMain binding with a fake ipcMain and the real Core: every call is checked for its
 * sender before the dispatcher sees it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindIpc, type InvokeEventLike, type IpcMainLike } from '../../../src/main/host/electron/ipcBinding';
import { Core } from '../../../src/main/host/core';
import { CHANNELS, ipcChannel, type ChannelName, type Envelope, type PageRole } from '../../../src/shared/contract';
import { GmViewSchema, PlayerViewSchema, type GmView } from '../../../src/shared/contract/views';
import { SAMPLE_CAMPAIGN_DIR, readEncounterFile, recordingSink, samplePlayerId, tempDirs } from '../../support/tempCampaign';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  async invoke(event: InvokeEventLike, channel: ChannelName, args?: unknown): Promise<Envelope<unknown>> {
    const h = this.handlers.get(ipcChannel(channel));
    if (!h) throw new Error(`no handler for ${channel}`);
    return (await h(event, args)) as Envelope<unknown>;
  }
}

/** A window's web contents as Electron shows it to ipcMain. */
function windowEvent(id: number, url: string, frame: 'main' | 'sub' | 'none' = 'main'): InvokeEventLike {
  const mainFrame = { url };
  const senderFrame = frame === 'main' ? mainFrame : frame === 'sub' ? { url } : null;
  return { sender: { id, mainFrame }, senderFrame };
}

const GM_ID = 11;
const PLAYER_ID = 12;
const roles = new Map<number, PageRole>([
  [GM_ID, 'gm'],
  [PLAYER_ID, 'player'],
]);
const roleOf = (id: number): PageRole | null => roles.get(id) ?? null;

const dirs = tempDirs();
let ipc: FakeIpcMain;
let core: Core;

beforeEach(async () => {
  core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  ipc = new FakeIpcMain();
  bindIpc(ipc, core.dispatcher, roleOf);
});
afterEach(async () => {
  await core.close();
  await dirs.cleanup();
});

const move = { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } };

function expectForbidden(result: Envelope<unknown>, reason: RegExp): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe('forbidden');
  expect(result.error.message).toMatch(/^Refused: /);
  expect(result.error.message).toMatch(reason);
}

describe('bindIpc', () => {
  it('binds every channel of the contract, once, under its ipc name', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual((Object.keys(CHANNELS) as ChannelName[]).map(ipcChannel).sort());
  });

  it('a GM window on the GM page gets the GM view', async () => {
    const result = await ipc.invoke(windowEvent(GM_ID, 'app://console/index.html'), 'getGmView', {});
    expect(result.ok).toBe(true);
    const view = GmViewSchema.parse(result.ok && result.value);
    expect(view.encounter.figures.map((f) => f.id)).toContain('sella');
  });

  it('a GM window can move a figure, and the move reaches the file', async () => {
    const result = await ipc.invoke(windowEvent(GM_ID, 'app://console/index.html'), 'sendCommand', move);
    if (!result.ok) throw new Error(result.error.message);
    expect((result.value as GmView).encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 10, r: 5 });
    expect((await readEncounterFile(core.campaigns.campaignDir)).log.map((e) => e.command)).toEqual([move.command]);
  });

  it('a player window gets the player view but may not send a command', async () => {
    const player = windowEvent(PLAYER_ID, 'app://console/player.html');
    const view = await ipc.invoke(player, 'getPlayerView', {});
    expect(view.ok).toBe(true);
    expect(PlayerViewSchema.parse(view.ok && view.value).encounter.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak'].map(samplePlayerId));

    const refused = await ipc.invoke(player, 'sendCommand', move);
    expect(refused).toEqual({ ok: false, error: { code: 'forbidden', message: 'A player window may not call sendCommand.' } });
    for (const ch of ['getGmView', 'undo', 'redo'] as const) {
      expect(await ipc.invoke(player, ch, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(core.session.gmView().encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 9, r: 5 });
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toEqual([]);
  });

  it('a sub-frame of the GM window is refused', async () => {
    expectForbidden(await ipc.invoke(windowEvent(GM_ID, 'app://console/index.html', 'sub'), 'sendCommand', move), /sub-frame/);
    expectForbidden(await ipc.invoke(windowEvent(GM_ID, 'app://console/index.html', 'none'), 'getGmView', {}), /sub-frame/);
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toEqual([]);
  });

  it.each(['https://evil.example/index.html', 'file:///tmp/index.html', 'app://evil/index.html'])(
    'a GM window that navigated to %s is refused',
    async (url) => {
      expectForbidden(await ipc.invoke(windowEvent(GM_ID, url), 'getGmView', {}), /is not the app/);
      expectForbidden(await ipc.invoke(windowEvent(GM_ID, url), 'sendCommand', move), /is not the app/);
    },
  );

  it('a window main did not create is refused even on the GM page', async () => {
    expectForbidden(await ipc.invoke(windowEvent(99, 'app://console/index.html'), 'sendCommand', move), /not a window of this app/);
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toEqual([]);
  });

  it('a player window that shows the GM page is refused', async () => {
    expectForbidden(await ipc.invoke(windowEvent(PLAYER_ID, 'app://console/index.html'), 'getPlayerView', {}), /wrong page/);
  });

  it('the role comes from the window, not from anything the renderer sends', async () => {
    const result = await ipc.invoke(windowEvent(PLAYER_ID, 'app://console/player.html'), 'sendCommand', { ...move, role: 'gm' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('malformed arguments from a GM window come back as invalid-args', async () => {
    const result = await ipc.invoke(windowEvent(GM_ID, 'app://console/index.html'), 'sendCommand', { command: 'rm -rf' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
  });

  it('args: null is malformed: after a move, an undo sent with null leaves the move in place', async () => {
    const gmWindow = windowEvent(GM_ID, 'app://console/index.html');
    expect((await ipc.invoke(gmWindow, 'sendCommand', move)).ok).toBe(true);
    expect(await ipc.invoke(gmWindow, 'undo', null)).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect((await readEncounterFile(core.campaigns.campaignDir)).log.map((e) => e.command)).toEqual([move.command]);
  });
});

/**
 * The players' socket, not only the screen (DESIGN §The player projection): a Core on a temp data
 * folder with the sample campaign, the web host on 127.0.0.1 wired as serve.ts wires it, and `ws`
 * clients of the GM page and the player page. Every frame the player socket receives is read:
 * an illusion, an unseen attacker's blow, a spell into fog, the line while it is off, the count of
 * commands the players could not see, and the GM's camera in the dark must never reach it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Core } from '../../../src/main/host/core';
import { pushProjector } from '../../../src/main/host/blackout';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { DEFAULT_LEGIBILITY, type ProjectorState } from '../../../src/shared/contract/channels/display';
import type { Envelope } from '../../../src/shared/contract';
import { PlayerViewSchema, type PlayerView } from '../../../src/shared/contract/views';
import { SAMPLE_CAMPAIGN_DIR, tempDirs } from '../../support/tempCampaign';
import { connectWs, type WsClient } from '../../support/wsClient';

const dirs = tempDirs();
let host: WebHost;
let core: Core;
const opened: WebSocket[] = [];

beforeEach(async () => {
  const root = await dirs.make();
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>');
  const to: { host?: WebHost } = {};
  core = await Core.start(
    { dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR },
    { gm: (v) => to.host?.push('gmView', v), player: (v) => to.host?.push('playerView', v) },
  );
  host = to.host = await startWebHost({ rendererDir, dispatcher: core.dispatcher, port: 0 });
  core.projector.subscribe(pushProjector(host, core.table));
});

afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  await host.close();
  await core.close();
  await dirs.cleanup();
});

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
const client = (url: string) => connectWs(`ws://127.0.0.1:${host.port}/ws?token=${tokenOf(url)}`, opened);
const valueOf = <T>(e: Envelope<unknown>): T => {
  if (!e.ok) throw new Error(e.error.message);
  return e.value as T;
};
const send = async (gm: WsClient, command: unknown, entered?: number[][]): Promise<void> =>
  void valueOf(await gm.call('sendCommand', { command, ...(entered ? { entered } : {}) }));
/** A round trip on the player's socket: every push sent to it before has arrived. */
const settled = async (player: WsClient): Promise<void> => void (await player.call('getProjector', {}));
const framesOf = (player: WsClient): PlayerView[] => player.pushes('playerView').map((p) => PlayerViewSchema.parse(p));

async function pages(lineOn = true): Promise<{ gm: WsClient; player: WsClient }> {
  const gm = await client(host.urls.gm);
  const player = await client(host.urls.player);
  if (lineOn) valueOf(await gm.call('setProjector', { legibility: { ...DEFAULT_LEGIBILITY, latestLine: true } }));
  return { gm, player };
}

/** The sample to its actions phase, the party moving first. */
async function toActions(gm: WsClient): Promise<void> {
  await send(gm, { type: 'rollInitiative' }, [[5], [2]]);
  await send(gm, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  await send(gm, { type: 'advancePhase' });
  await send(gm, { type: 'advancePhase' });
  await send(gm, { type: 'advancePhase', override: true });
  await send(gm, { type: 'advancePhase', override: true });
}

describe('the players’ line on the players’ socket', () => {
  it('an illusion is never named: Ilsa’s Blur (a Minor Illusion) reaches no frame, line nor magic', async () => {
    const { gm, player } = await pages();
    await toActions(gm);
    await send(gm, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-blur', targetId: 'ilsa', override: true }, [[3, 3, 3]]);
    await settled(player);
    const text = player.frames.join('\n');
    expect(text).not.toMatch(/Blur|Illusion/);
    expect(framesOf(player).at(-1)?.encounter.latest).toEqual(['The Party chose to move first.']);
  });

  it('a hidden figure’s blow on Bram: neither Sella nor her roll; the wound reads "Bram was hurt."', async () => {
    const { gm, player } = await pages();
    await toActions(gm);
    await send(gm, { type: 'attack', figureId: 'sella', targetId: 'bram', weaponId: 'small-bow', override: true }, [[1, 2, 2], [6]]);
    await settled(player);
    const text = player.frames.join('\n');
    expect(text).not.toMatch(/Sella|rolled|armour|small bow|took/i);
    expect(framesOf(player).at(-1)?.encounter.latest).toEqual(['Bram was hurt.']);
  });

  it('a spell aimed into fog shows neither itself nor its hex', async () => {
    const { gm, player } = await pages();
    await toActions(gm);
    await send(gm, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 22, r: -5 }, override: true }, [[3, 3, 3]]);
    await settled(player);
    const text = player.frames.join('\n');
    expect(text).not.toMatch(/Light|\(22, -5\)|"q":22/);
  });

  it('while the line is switched off (the default) no frame carries it; switching it on sends it, off takes it back', async () => {
    const { gm, player } = await pages(false);
    await toActions(gm);
    await send(gm, { type: 'pass', figureId: 'bram', override: true });
    await send(gm, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-detect-magic', override: true }, [[4, 4, 4]]);
    await settled(player);
    expect(framesOf(player).length).toBeGreaterThan(3);
    for (const frame of player.frames) expect(frame).not.toMatch(/"latest"|Detect Magic|Initiative:/);
    expect(PlayerViewSchema.parse(valueOf(await player.call('getPlayerView', {}))).encounter.latest).toBeUndefined();

    valueOf(await gm.call('setProjector', { legibility: { ...DEFAULT_LEGIBILITY, latestLine: true } }));
    const lit = await player.waitFor<{ payload: PlayerView }>((m) => m.event === 'playerView' && m.payload.encounter.latest !== undefined);
    expect(lit.payload.encounter.latest).toEqual(['Ilsa cast Detect Magic.']);
    const count = framesOf(player).length;
    valueOf(await gm.call('setProjector', { legibility: DEFAULT_LEGIBILITY }));
    await player.waitFor(() => framesOf(player).length > count);
    expect(framesOf(player).at(-1)?.encounter.latest).toBeUndefined();
  });
});

describe('the players’ revision counts their own frames', () => {
  it('five turns of a hidden figure push nothing and move no number; the next visible change is the next number', async () => {
    const { gm, player } = await pages();
    await send(gm, { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    await settled(player);
    const first = framesOf(player).at(-1)!;
    const pushed = framesOf(player).length;
    for (const facing of [1, 2, 3, 4, 5]) await send(gm, { type: 'turnFigure', figureId: 'sella', facing });
    await send(gm, { type: 'updateFigure', figureId: 'bram', changes: { gmNotes: 'owes the Duke' } });
    await settled(player);
    expect(framesOf(player)).toHaveLength(pushed);
    expect(PlayerViewSchema.parse(valueOf(await player.call('getPlayerView', {}))).revision).toBe(first.revision);
    await send(gm, { type: 'moveFigure', figureId: 'bram', to: { q: 9, r: 5 } });
    await settled(player);
    expect(framesOf(player).at(-1)!.revision).toBe(first.revision + 1);
    // Undoing the move goes on counting the table's frames; undoing the GM's note and Sella's turns shows nothing.
    valueOf(await gm.call('undo', {}));
    await settled(player);
    expect(framesOf(player).at(-1)!.revision).toBe(first.revision + 2);
    const shown = framesOf(player).length;
    for (let i = 0; i < 6; i++) valueOf(await gm.call('undo', {}));
    await settled(player);
    expect(framesOf(player)).toHaveLength(shown);
  });

  it('the GM’s camera moved in the dark reaches the player as nothing at all, not even a new number', async () => {
    const { gm, player } = await pages(false);
    valueOf(await gm.call('setProjector', { blackout: true }));
    await player.waitFor((m) => m.event === 'projector' && (m.payload as ProjectorState).blackout === true);
    const before = player.pushes('projector').length;
    const asked = valueOf<ProjectorState>(await player.call('getProjector', {}));
    for (const x of [3, 4, 5]) valueOf(await gm.call('setProjector', { frame: { x, y: 4, width: 5, height: 6 } }));
    valueOf(await gm.call('setProjector', { mode: 'hold' }));
    valueOf(await gm.call('setProjector', { mode: 'follow' }));
    await settled(player);
    expect(player.pushes('projector')).toHaveLength(before);
    expect(valueOf<ProjectorState>(await player.call('getProjector', {})).revision).toBe(asked.revision);
    valueOf(await gm.call('setProjector', { blackout: false }));
    const lit = await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.blackout === false);
    expect(lit.payload.revision).toBe(asked.revision + 1);
    expect(lit.payload.frame).toEqual({ x: 5, y: 4, width: 5, height: 6 });
  });
});

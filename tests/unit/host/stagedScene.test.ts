/**
 * A staged scene, for real: a Core on the sample campaign, the web host and the sockets of a GM
 * page and a player page. While the GM stages, the table keeps the scene it has — its frame, its
 * map image, its camera — and nothing of what the GM prepares reaches it, not a figure, a ping, a
 * ruler or a number; ending the staging shows the prepared scene whole.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEGIBILITY, type ProjectorState } from '../../../src/shared/contract/channels/display';
import { GmViewSchema, PlayerViewSchema, type GmView, type PlayerView } from '../../../src/shared/contract/views';
import { valueOf as value, webCoreForTests } from '../../support/webCore';
import type { WsClient } from '../../support/wsClient';

const web = webCoreForTests();
const socket = (role: 'gm' | 'player') => web.socket(role);
const seenOf = (v: GmView) => ({ encounterId: v.encounter.id, session: v.session, revision: v.revision });
const tableView = async (player: WsClient) => PlayerViewSchema.parse(value(await player.call('getPlayerView', {})));
/** A round trip on the player's socket: every push sent before it has arrived. */
const settle = (player: WsClient) => player.call('getProjector', {});

describe('a staged scene', () => {
  it('keeps the table on its scene while the GM opens and builds another, then shows that one whole', async () => {
    const gm = await socket('gm');
    const player = await socket('player');
    const ford = await tableView(player);
    value(await gm.call('setProjector', { mode: 'follow', frame: { x: 12, y: 9, width: 20, height: 12 } }));
    const staged = value<ProjectorState>(await gm.call('setProjector', { staged: true }));
    // Staging holds the TV's camera where it was.
    expect(staged).toMatchObject({ staged: true, mode: 'hold', frame: { x: 12, y: 9, width: 20, height: 12 } });
    await settle(player);
    const pushesBefore = player.pushes('playerView').length;

    // The GM opens a new encounter and builds it: the table hears nothing of it.
    const made = value<{ id: string }>(await gm.call('createEncounter', { name: 'Bridge at night' }));
    const view = GmViewSchema.parse(value(await gm.call('openEncounter', { id: made.id })));
    value(await gm.call('sendCommand', { command: { type: 'paintTerrain', hexes: [{ q: 2, r: 2 }], terrain: 'wall' }, seen: seenOf(view) }));
    value(await gm.call('pingHex', { hex: { q: 2, r: 2 } }));
    value(await gm.call('showRuler', { ends: { from: { q: 1, r: 1 }, to: { q: 3, r: 3 } } }));
    // The GM pans the new scene: the TV's camera stays.
    value(await gm.call('setProjector', { mode: 'follow', frame: { x: 2, y: 2, width: 8, height: 6 } }));
    await settle(player);
    expect(player.pushes('playerView')).toHaveLength(pushesBefore);
    const held = await tableView(player);
    expect(held).toEqual(ford);
    const tableProjector = value<ProjectorState>(await player.call('getProjector', {}));
    expect(tableProjector).toMatchObject({ staged: false, ping: null, ruler: null, mode: 'hold', frame: { x: 12, y: 9, width: 20, height: 12 } });
    expect(JSON.stringify(player.messages)).not.toContain('Bridge at night');
    // The ford's map image is still served to the table while it holds the scene.
    const image = held.encounter.map.image?.asset;
    if (image) expect(web.core.table.grant(image)).not.toBeNull();

    // Showing the staged scene: the table gets the new encounter whole, framed as the GM frames it.
    value(await gm.call('setProjector', { staged: false, mode: 'follow', frame: { x: 2, y: 2, width: 8, height: 6 } }));
    await settle(player);
    const shown = await tableView(player);
    expect(shown.encounter.name).toBe('Bridge at night');
    expect(shown.session).not.toBe(ford.session);
    expect(shown.encounter.latest ?? []).toEqual([]);
    const last = PlayerViewSchema.parse(player.pushes('playerView').at(-1)) as PlayerView;
    expect(last.encounter.name).toBe('Bridge at night');
    expect(value<ProjectorState>(await player.call('getProjector', {}))).toMatchObject({ mode: 'follow', frame: { x: 2, y: 2, width: 8, height: 6 } });

    // Back: the table holds the ford again, framed as it was; the bridge waits; K shows it again.
    const back = value<ProjectorState>(await gm.call('stageBack', {}));
    expect(back).toMatchObject({ staged: true, mode: 'hold', frame: { x: 12, y: 9, width: 20, height: 12 } });
    await settle(player);
    const again = await tableView(player);
    expect(again.encounter).toEqual(ford.encounter);
    expect(again.session).toBe(ford.session);
    expect(web.core.session.gmView().encounter.name).toBe('Bridge at night');
    // Once back, there is nothing further back.
    expect(await gm.call('stageBack', {})).toMatchObject({ ok: false, error: { code: 'rule' } });
    value(await gm.call('setProjector', { staged: false, mode: 'follow', frame: null }));
    await settle(player);
    expect((await tableView(player)).encounter.name).toBe('Bridge at night');
  });

  it('has nothing to go back to before a staged scene was shown, and says so', async () => {
    const gm = await socket('gm');
    const player = await socket('player');
    const before = await tableView(player);
    expect(await gm.call('stageBack', {})).toMatchObject({ ok: false, error: { code: 'rule', message: expect.stringContaining('nothing to go back to') } });
    // Staged and shown with nothing prepared: still nothing to go back to.
    value(await gm.call('setProjector', { staged: true }));
    value(await gm.call('setProjector', { staged: false }));
    expect(await gm.call('stageBack', {})).toMatchObject({ ok: false, error: { code: 'rule' } });
    expect(await tableView(player)).toEqual(before);
    expect((await player.call('stageBack', {})).ok).toBe(false);
  });

  it('back on the same encounter: a reveal prepared while staged reaches the table only when shown', async () => {
    const gm = await socket('gm');
    const player = await socket('player');
    const before = await tableView(player);
    value(await gm.call('setProjector', { staged: true }));
    const view = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    value(await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } }, seen: seenOf(view) }));
    await settle(player);
    expect(await tableView(player)).toEqual(before);
    value(await gm.call('setProjector', { staged: false }));
    await settle(player);
    const after = await tableView(player);
    expect(after.session).toBe(before.session);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.encounter.figures.find((f) => f.name === 'Bram')!.position).toEqual({ q: 10, r: 5 });
  });

  it('a change the table cannot see, made while staged, shows them nothing when the staging ends: not even a line dropped', async () => {
    const gm = await socket('gm');
    const player = await socket('player');
    value(await gm.call('setProjector', { legibility: { ...DEFAULT_LEGIBILITY, latestLine: true } }));
    const send = async (command: unknown, entered?: number[][]) => {
      const view = GmViewSchema.parse(value(await gm.call('getGmView', {})));
      value(await gm.call('sendCommand', { command, seen: seenOf(view), ...(entered ? { entered } : {}) }));
    };
    await send({ type: 'rollInitiative' }, [[5], [2]]);
    await settle(player);
    const before = await tableView(player);
    expect(before.encounter.latest?.length).toBeGreaterThan(0);
    const pushesBefore = player.pushes('playerView').length;

    // Staged: a condition only the GM sees, and the hidden archer turned and the turn undone.
    value(await gm.call('setProjector', { staged: true }));
    await send({ type: 'markFigure', figureId: 'bram', label: 'Watched', turns: 2, shown: false });
    await send({ type: 'turnFigure', figureId: 'sella', facing: 3 });
    value(await gm.call('undo', {}));
    value(await gm.call('setProjector', { staged: false }));
    await settle(player);
    expect(player.pushes('playerView')).toHaveLength(pushesBefore);
    expect(await tableView(player)).toEqual(before);
    // Nothing new was shown, so there is no scene to go back to.
    expect(await gm.call('stageBack', {})).toMatchObject({ ok: false, error: { code: 'rule' } });
  });
});

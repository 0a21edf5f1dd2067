/**
 * Secrecy side channels (design-notes §Secrecy at the player boundary) over real sockets: a Core
 * on a temp data folder with the sample campaign, the web host on 127.0.0.1, `ws` clients for the
 * GM and the player page.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectorState } from '../../../src/shared/contract/channels/display';
import type { FigureSheetInput } from '../../../src/shared/contract/commands';
import { PlayerViewSchema, type GmView, type PlayerView } from '../../../src/shared/contract/views';
import { valueOf, webCoreForTests } from '../../support/webCore';
import type { WsClient } from '../../support/wsClient';

const web = webCoreForTests();
const client = (role: 'gm' | 'player') => web.socket(role);
const sheet = (name: string): FigureSheetInput => ({
  name,
  sideId: 'foes',
  kind: 'npc',
  attributes: { method: 'set', values: { STR: 12, DEX: 12, INT: 10, WIS: 10, CON: 12, CHR: 8 } },
  mana: null,
  equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
});
const command = async (gm: WsClient, c: unknown): Promise<GmView> => valueOf<GmView>(await gm.call('sendCommand', { command: c }));
/** The player page's latest view: pushed, or asked for. */
const latestView = async (player: WsClient): Promise<PlayerView> => PlayerViewSchema.parse(valueOf(await player.call('getPlayerView', {})));

describe('opaque figure ids at the player boundary', () => {
  it('renaming "Duke Orlan Traitor" to "Hooded Stranger" sends nothing of the old name in any player frame', async () => {
    const gm = await client('gm');
    const player = await client('player');
    const view = await command(gm, { type: 'addFigure', figure: { ...sheet('Duke Orlan Traitor'), hidden: true }, position: { q: 12, r: 3 } });
    const duke = view.encounter.figures.find((f) => f.name === 'Duke Orlan Traitor')!;
    expect(duke.id).toBe('duke-orlan-traitor'); // inside the console the id keeps its name: the log names it so
    await command(gm, { type: 'updateFigure', figureId: duke.id, changes: { name: 'Hooded Stranger' } });
    await command(gm, { type: 'updateFigure', figureId: duke.id, changes: { hidden: false } });
    const shown = await player.waitFor<{ payload: PlayerView }>(
      (m) => m.event === 'playerView' && m.payload.encounter.figures.some((f: { name: string }) => f.name === 'Hooded Stranger'),
    );
    const stranger = shown.payload.encounter.figures.find((f) => f.name === 'Hooded Stranger')!;
    expect(stranger.id).toMatch(/^f[0-9a-f]{24}$/);
    await latestView(player);
    // Players hear nothing while the figure is hidden: the reveal's push and the reply.
    expect(player.frames.length).toBeGreaterThanOrEqual(2);
    for (const frame of player.frames) {
      expect(frame.toLowerCase()).not.toMatch(/duke|orlan|traitor/);
    }
  });

  it('a visible Goblin made after a hidden one carries no count in its id', async () => {
    const gm = await client('gm');
    const player = await client('player');
    await command(gm, { type: 'addFigure', figure: { ...sheet('Goblin'), hidden: true }, position: { q: 12, r: 3 } });
    const view = await command(gm, { type: 'addFigure', figure: sheet('Goblin'), position: { q: 13, r: 3 } });
    expect(view.encounter.figures.filter((f) => f.name === 'Goblin').map((f) => f.id)).toEqual(['goblin', 'goblin-2']);
    const pv = await latestView(player);
    const goblins = pv.encounter.figures.filter((f) => f.name === 'Goblin');
    expect(goblins).toHaveLength(1);
    expect(goblins[0]!.id).toMatch(/^f[0-9a-f]{24}$/);
    for (const frame of player.frames) expect(frame).not.toMatch(/goblin-|"goblin"/);
    // Every id a player sees is opaque: figures, who is to act, spells and their casters.
    const ids = [...pv.encounter.figures.map((f) => f.id), ...pv.encounter.acting, ...pv.encounter.magic.active.flatMap((a) => [a.id, a.casterId])];
    for (const id of ids) expect(id).toMatch(/^[fs][0-9a-f]{24}$/);
  });
});

describe('blackout sends nothing of the map', () => {
  it('neither the camera nor figures reach the player while dark; both come back after', async () => {
    const gm = await client('gm');
    const player = await client('player');
    const frame = { x: 12.5, y: 7.25, width: 9.5, height: 6.75 };
    valueOf(await gm.call('setProjector', { mode: 'follow', frame }));
    await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.frame?.x === 12.5);

    const dark = valueOf<ProjectorState>(await gm.call('setProjector', { blackout: true }));
    expect(dark.frame).toEqual(frame); // the GM keeps the framing
    const darkPush = await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.blackout === true);
    expect(darkPush.payload.frame).toBeNull();
    expect(valueOf<ProjectorState>(await player.call('getProjector', {})).frame).toBeNull();
    expect(valueOf<ProjectorState>(await gm.call('getProjector', {})).frame).toEqual(frame);
    const emptied = await player.waitFor<{ payload: PlayerView }>((m) => m.event === 'playerView' && m.payload.encounter.figures.length === 0);
    expect(emptied.payload.encounter.map).toEqual({
      cols: 1,
      rows: 1,
      orientation: emptied.payload.encounter.map.orientation,
      terrain: {},
      fogged: [],
      dimmed: [],
    });

    const start = player.frames.length;
    // The GM moves the camera and a figure in the dark: the player hears of neither.
    valueOf(await gm.call('setProjector', { frame: { x: 3, y: 4, width: 5, height: 6 } }));
    await command(gm, { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const asked = await latestView(player);
    expect(asked.encounter.figures).toEqual([]);
    expect(
      valueOf<ProjectorState>(await player.call('reportPlayerDisplay', { screen: { widthPx: 1920, heightPx: 1080 }, map: { widthPx: 1920, heightPx: 1000 } }))
        .frame,
    ).toBeNull();
    const during = player.frames.slice(start).join('\n');
    expect(during).not.toMatch(/"frame":\{/);
    expect(during).not.toMatch(/Bram|"q":10/);

    valueOf(await gm.call('setProjector', { blackout: false }));
    const back = await player.waitFor<{ payload: PlayerView }>(
      (m) => m.event === 'playerView' && m.payload.encounter.figures.some((f: { name: string }) => f.name === 'Bram'),
    );
    expect(back.payload.encounter.figures.find((f) => f.name === 'Bram')?.position).toEqual({ q: 10, r: 5 });
    const lit = await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.blackout === false && m.payload.frame?.x === 3);
    expect(lit.payload.frame).toEqual({ x: 3, y: 4, width: 5, height: 6 });
  });
});

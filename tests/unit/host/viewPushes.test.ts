/**
 * Which views go where, for real: a Core on a temp data folder holding the sample campaign, the
 * web host on 127.0.0.1 and `ws` sockets of a GM page and a player page.
 *  - views name their opening; a command made on another encounter's view is refused;
 *  - players get a new view only when what they see changed;
 *  - a GM page that names its view gets that view once (the push), the reply is an ack.
 */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../../../src/shared/contract';
import { CommandAckSchema, GmViewSchema, PlayerViewSchema, type GmView } from '../../../src/shared/contract/views';
import type { WsPush, WsReply } from '../../../src/shared/contract/wsProtocol';
import { readEncounterFile } from '../../support/tempCampaign';
import { webCoreForTests } from '../../support/webCore';

const web = webCoreForTests();

/** A page's socket: every message kept in order, calls answered by id. */
class Page {
  readonly messages: (WsPush | WsReply)[] = [];
  private nextId = 1;
  private waiters: { match: (m: WsPush | WsReply) => boolean; resolve: (m: WsPush | WsReply) => void }[] = [];
  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as WsPush | WsReply;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.match(m) ? (w.resolve(m), false) : true));
    });
  }
  static async open(url: string): Promise<Page> {
    const ws = new WebSocket(url.replace(/^http/, 'ws').replace(/\/(player\.html)?\?/, '/ws?'));
    web.keep(ws);
    const page = new Page(ws);
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    return page;
  }
  async call(channel: string, args: unknown): Promise<Envelope<unknown>> {
    const id = this.nextId++;
    const replied = new Promise<WsPush | WsReply>((resolve) => this.waiters.push({ match: (m) => 'id' in m && m.id === id, resolve }));
    this.ws.send(JSON.stringify({ id, channel, args }));
    return ((await replied) as WsReply).result;
  }
  pushes(event: string): unknown[] {
    return this.messages.filter((m): m is WsPush => 'event' in m && m.event === event).map((m) => m.payload);
  }
  /** Every message that carries a whole GM view (a push, or a reply with the view in it). */
  gmViewsReceived(): number {
    return this.messages.filter((m) => ('event' in m ? m.event === 'gmView' : m.result.ok && 'encounter' in (m.result.value as object))).length;
  }
}

const seenOf = (v: GmView) => ({ encounterId: v.encounter.id, session: v.session, revision: v.revision });
const value = <T>(r: Envelope<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};
/** A round trip on the player's socket: every push sent before it has arrived. */
const settle = (player: Page) => player.call('getProjector', {});

describe('players get a new view only when what they see changed', () => {
  it('a hidden figure moving sends the player page nothing; a visible one moving sends one push', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const player = await Page.open(web.host.urls.player);
    const before = PlayerViewSchema.parse(value(await player.call('getPlayerView', {})));
    expect(before.encounter.figures.map((f) => f.name)).not.toContain('Sella');
    let view = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    const sella = view.encounter.figures.find((f) => f.id === 'sella')!;
    expect(sella.hidden).toBe(true);

    value(
      await gm.call('sendCommand', {
        command: { type: 'moveFigure', figureId: 'sella', to: { q: sella.position.q + 1, r: sella.position.r } },
        seen: seenOf(view),
      }),
    );
    await settle(player);
    expect(player.pushes('playerView')).toEqual([]);
    expect(PlayerViewSchema.parse(value(await player.call('getPlayerView', {})))).toEqual(before);
    // The GM saw it move.
    view = GmViewSchema.parse(gm.pushes('gmView').at(-1));
    expect(view.encounter.figures.find((f) => f.id === 'sella')!.position).toEqual({ q: sella.position.q + 1, r: sella.position.r });

    value(await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } }, seen: seenOf(view) }));
    await settle(player);
    const pushed = player.pushes('playerView').map((p) => PlayerViewSchema.parse(p));
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.revision).toBeGreaterThan(before.revision);
    // Players know Bram by their own id for him, so find him by name.
    expect(pushed[0]!.encounter.figures.find((f) => f.name === 'Bram')!.position).toEqual({ q: 10, r: 5 });
  });
});

describe('the GM view is sent once per command', () => {
  it('a GM page that names its view gets the view by the push and an ack as the reply', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const view = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    const before = gm.gmViewsReceived();
    const ack = CommandAckSchema.parse(
      value(await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: 2 }, seen: seenOf(view) })),
    );
    expect(gm.gmViewsReceived() - before).toBe(1);
    const pushed = GmViewSchema.parse(gm.pushes('gmView').at(-1));
    expect(ack).toEqual({ encounterId: view.encounter.id, session: view.session, revision: pushed.revision });
    // The push came before the reply on the same socket: the page holds the view when the ack lands.
    const order = gm.messages.map((m) => ('event' in m ? m.event : 'reply'));
    expect(order.slice(-2)).toEqual(['gmView', 'reply']);

    const undone = CommandAckSchema.parse(value(await gm.call('undo', { seen: seenOf(pushed) })));
    expect(gm.gmViewsReceived() - before).toBe(2);
    expect(undone.revision).toBe(pushed.revision + 1);
  });
});

describe('views name their opening: one encounter, one truth', () => {
  it('after another encounter is opened, a command made on the old view is refused and changes nothing', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const player = await Page.open(web.host.urls.player);
    const ford = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    const fordPlayer = PlayerViewSchema.parse(value(await player.call('getPlayerView', {})));
    const made = value<{ id: string }>(await gm.call('createEncounter', { name: 'Bridge' }));
    const bridge = GmViewSchema.parse(value(await gm.call('openEncounter', { id: made.id })));
    expect(bridge.session).not.toBe(ford.session);
    expect(bridge.encounter.name).toBe('Bridge');
    // Both pages were told, and the player's view names its opening (revisions start again).
    await settle(player);
    const pushed = PlayerViewSchema.parse(player.pushes('playerView').at(-1));
    expect(pushed.encounter.name).toBe('Bridge');
    expect(pushed.session).toBe(bridge.session);
    expect(pushed.session).not.toBe(fordPlayer.session);

    const stale = await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: 3 }, seen: seenOf(ford) });
    expect(stale).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'The console now shows "Bridge" (campaign "Sample Campaign"); this was asked on the encounter shown before, and nothing was changed.',
      },
    });
    for (const channel of ['undo', 'redo', 'undoToTurnStart']) {
      expect(await gm.call(channel, { seen: seenOf(ford) })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    }
    expect(web.core.session.gmView().revision).toBe(bridge.revision);
    expect((await readEncounterFile(web.core.campaigns.campaignDir, made.id)).log).toEqual([]);
  });

  it('a command made on an older revision of the same opening is normal; one this opening never reached is refused', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const first = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    value(await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: 1 }, seen: seenOf(first) }));
    // Made while the push of the first command was still on its way: applied.
    value(await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'grak', facing: 1 }, seen: seenOf(first) }));
    expect(web.core.session.gmView().revision).toBe(first.revision + 2);
    const ahead = await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'grak', facing: 2 }, seen: { ...seenOf(first), revision: 99 } });
    expect(ahead).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('a copy of the campaign has the same ids, yet a command made on the original is refused in the copy', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const original = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    value(await gm.call('duplicateCampaign', { name: 'Copy' }));
    value(await gm.call('openCampaign', { folder: 'Copy' }));
    const copy = web.core.session.gmView();
    expect(copy.encounter.id).toBe(original.encounter.id);
    expect(copy.session).not.toBe(original.session);
    const r = await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } }, seen: seenOf(original) });
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(web.core.session.gmView().encounter.figures.find((f) => f.id === 'bram')!.position).toEqual({ q: 9, r: 5 });
  });

  it('renaming the open encounter reopens it under the same key, with revisions going on', async () => {
    const gm = await Page.open(web.host.urls.gm);
    const before = GmViewSchema.parse(value(await gm.call('getGmView', {})));
    value(await gm.call('renameEncounter', { id: before.encounter.id, name: 'Ford at dusk' }));
    const after = GmViewSchema.parse(gm.pushes('gmView').at(-1));
    expect(after.encounter.name).toBe('Ford at dusk');
    expect(after.session).toBe(before.session);
    expect(after.revision).toBeGreaterThan(before.revision);
    value(await gm.call('sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: 4 }, seen: seenOf(before) }));
  });
});

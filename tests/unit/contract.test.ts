/**
 * The contract (DESIGN §The contract): every channel names its roles and schemas, the player
 * role reaches only what it must, and the view schemas fit the real views of the sample.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHANNELS,
  ERROR_CODES,
  EVENTS,
  EnvelopeErrorSchema,
  ROLES,
  channelNamesFor,
  eventNamesFor,
  ipcChannel,
  ipcEvent,
  isChannelName,
  type ChannelName,
  type EventName,
} from '../../src/shared/contract';
import { GmViewSchema, PlayerViewDeltaSchema, PlayerViewPushSchema, PlayerViewSchema } from '../../src/shared/contract/views';
import { openCampaignFolder } from '../../src/main/store/campaignFolder';
import { Session } from '../../src/main/session/session';
import { copySample, recordingSink, samplePlayerId, tempDirs } from '../support/tempCampaign';

const channelNames = Object.keys(CHANNELS) as ChannelName[];
const eventNames = Object.keys(EVENTS) as EventName[];
const dirs = tempDirs();
afterEach(() => dirs.cleanup());

async function sampleSession(): Promise<Session> {
  const dir = await copySample(await dirs.make());
  return Session.open(await openCampaignFolder(dir), recordingSink(), () => new Date('2026-01-01T00:00:00Z'));
}

describe('channels', () => {
  it('lists the encounter and player channels', () => {
    expect(channelNames).toEqual(expect.arrayContaining(['getGmView', 'getPlayerView', 'redo', 'sendCommand', 'undo']));
  });

  it.each(channelNames)('%s has at least one known role, zod schemas for args and result, and a summary', (name) => {
    const def = CHANNELS[name];
    expect(def.roles.length).toBeGreaterThan(0);
    for (const role of def.roles) expect(ROLES).toContain(role);
    expect(new Set(def.roles).size).toBe(def.roles.length);
    expect(def.args).toBeInstanceOf(z.ZodType);
    expect(def.result).toBeInstanceOf(z.ZodType);
    expect(def.summary.trim().length).toBeGreaterThan(10);
  });

  it('channels without arguments accept {} and refuse extra keys', () => {
    for (const name of ['getGmView', 'undo', 'redo', 'getPlayerView'] as const) {
      expect(CHANNELS[name].args.safeParse({}).success).toBe(true);
      expect(CHANNELS[name].args.safeParse({ sneaky: 1 }).success).toBe(false);
    }
  });

  it('sendCommand args are strict and need a valid command', () => {
    const args = CHANNELS.sendCommand.args;
    expect(args.safeParse({ command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } }).success).toBe(true);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', facing: 5 } }).success).toBe(true);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', facing: 6 } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', by: -1 } }).success).toBe(true);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', by: 2 } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', facing: 1, by: 1 } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram' } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'moveFigure', figureId: 'bram', to: { q: 1.5, r: 5 } } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'teleport', figureId: 'bram' } }).success).toBe(false);
    expect(args.safeParse({ command: { type: 'moveFigure', figureId: '../x', to: { q: 1, r: 1 } } }).success).toBe(false);
    expect(args.safeParse({}).success).toBe(false);
    expect(args.safeParse({ command: { type: 'turnFigure', figureId: 'bram', facing: 1 }, extra: true }).success).toBe(false);
  });

  it('the player role may call exactly the player view and the projector (and report its own size), and hear only those', () => {
    expect(channelNamesFor('player').sort()).toEqual(['getPlayerView', 'getProjector', 'reportPlayerDisplay']);
    expect(eventNamesFor('player').sort()).toEqual(['playerView', 'projector']);
  });

  it("the GM role may call the encounter channels, and reads the table's own frame and projector for its mirror", () => {
    expect(channelNamesFor('gm')).toEqual(expect.arrayContaining(['getGmView', 'redo', 'sendCommand', 'undo', 'getPlayerView', 'getTableProjector']));
    expect(eventNamesFor('gm').sort()).toEqual([
      'autopilot',
      'gmView',
      'importProgress',
      'playerView',
      'projector',
      'seatRolls',
      'simulation',
      'tableProjector',
      'transferProgress',
    ]);
    // What the tactics are doing names hidden figures; players never hear it.
    expect(eventNamesFor('player')).not.toContain('autopilot');
    expect(eventNamesFor('player')).not.toContain('simulation');
  });

  it('a seat may read the table’s own frame and projector, its own view, and send dice: nothing more', () => {
    expect(channelNamesFor('seat').sort()).toEqual(['getPlayerView', 'getSeatView', 'getTableProjector', 'offerSeatDice']);
    expect(eventNamesFor('seat').sort()).toEqual(['playerView', 'seatView', 'tableProjector']);
  });

  it('no channel that returns a GM view is open to the player role or a seat', () => {
    for (const name of channelNames) {
      if (CHANNELS[name].result === GmViewSchema) expect(CHANNELS[name].roles).not.toContain('player');
      if (CHANNELS[name].result === GmViewSchema) expect(CHANNELS[name].roles).not.toContain('seat');
    }
    expect(EVENTS.gmView.roles).not.toContain('player');
    expect(EVENTS.gmView.roles).not.toContain('seat');
    // A player push is the player view or its change, never a GM view.
    expect(EVENTS.playerView.payload).toBe(PlayerViewPushSchema);
    expect(PlayerViewPushSchema.options).toEqual([PlayerViewDeltaSchema, PlayerViewSchema]);
  });

  it('ipc channel and event names are unique and namespaced', () => {
    const names = [...channelNames.map(ipcChannel), ...eventNames.map(ipcEvent)];
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^pillars:/);
    expect(ipcChannel('sendCommand')).toBe('pillars:sendCommand');
    expect(ipcEvent('playerView')).toBe('pillars:event:playerView');
  });

  it('isChannelName accepts only own channel names', () => {
    for (const name of channelNames) expect(isChannelName(name)).toBe(true);
    for (const bad of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '', 'GETGMVIEW', 42, null, undefined, {}]) {
      expect(isChannelName(bad)).toBe(false);
    }
  });

  it('the error envelope schema knows every error code and nothing else', () => {
    for (const code of ERROR_CODES) {
      expect(EnvelopeErrorSchema.safeParse({ ok: false, error: { code, message: 'x' } }).success).toBe(true);
    }
    expect(EnvelopeErrorSchema.safeParse({ ok: false, error: { code: 'teapot', message: 'x' } }).success).toBe(false);
  });
});

describe('view schemas against the real sample campaign', () => {
  it('GmViewSchema accepts the GM view, secrets included', async () => {
    const session = await sampleSession();
    const view = session.gmView();
    expect(GmViewSchema.parse(view)).toEqual(view);
    expect(view.encounter.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak', 'sella']);
    expect(view.encounter.figures.find((f) => f.id === 'ilsa')?.mana).toEqual({ pool: 12, current: 12, debt: 0 });
    expect(view.encounter.figures.find((f) => f.id === 'ilsa')?.spells).toEqual([{ spellId: 'passage-blur', name: 'Blur', targetId: 'bram', renewalCost: 1 }]);
  });

  it('PlayerViewSchema accepts the player view', async () => {
    const session = await sampleSession();
    const view = session.playerView();
    expect(PlayerViewSchema.parse(view)).toEqual(view);
    expect(view.encounter.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak'].map(samplePlayerId));
  });

  it('PlayerViewSchema is strict: an extra mana field on a figure is rejected', async () => {
    const view = (await sampleSession()).playerView();
    const leaked = structuredClone(view) as unknown as { encounter: { figures: Record<string, unknown>[] } };
    leaked.encounter.figures[0]!.mana = { pool: 12, current: 12, debt: 0 };
    const result = PlayerViewSchema.safeParse(leaked);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('mana');
  });

  it('PlayerViewSchema rejects other leaks too: gmNotes, hidden, map.hidden, a top-level campaign', async () => {
    /** The view as plain JSON, open to the fields a leak would add. */
    type PlayerViewJson = { campaign?: unknown; encounter: { id?: unknown; map: Record<string, unknown>; figures: Record<string, unknown>[] } };
    const view = (await sampleSession()).playerView();
    const variants: ((v: PlayerViewJson) => void)[] = [
      (v) => (v.encounter.figures[0]!.gmNotes = 'secret'),
      (v) => (v.encounter.figures[0]!.hidden = false),
      (v) => (v.encounter.map.hidden = []),
      (v) => (v.campaign = { id: 'x', name: 'y' }),
      (v) => (v.encounter.id = 'ford-ambush'),
    ];
    for (const mutate of variants) {
      const copy = structuredClone(view) as unknown as PlayerViewJson;
      mutate(copy);
      expect(PlayerViewSchema.safeParse(copy).success).toBe(false);
    }
  });

  it('GmViewSchema is strict too: a GM view is not a player view and vice versa', async () => {
    const session = await sampleSession();
    expect(PlayerViewSchema.safeParse(session.gmView()).success).toBe(false);
    expect(GmViewSchema.safeParse(session.playerView()).success).toBe(false);
  });
});

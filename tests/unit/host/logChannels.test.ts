/**
 * The dice log's channel `getLog` and the map's `figureZones` query, through the real dispatcher on
 * a copy of the sample campaign: every roll with its faces, total, modifier and whether it was
 * entered (RULINGS G3), grouped by turn; zones by 001 §Facing.
 */
import { describe, expect, it } from 'vitest';
import type { LogResult } from '../../../src/shared/contract/channels/log';
import { gmCoreForTests } from '../../support/gmCore';

const gm = gmCoreForTests();
const { call, ok } = gm;
const send = (command: unknown, entered?: number[][]) => ok(call('sendCommand', entered ? { command, entered } : { command }));
const getLog = (args: unknown = {}) => ok<LogResult>(call('getLog', args));

describe('getLog', () => {
  it('starts empty, then keeps each command with its events and every roll, entered or rolled', async () => {
    expect(await getLog()).toEqual({ entries: [], total: 0, turnStart: 0 });
    // RULINGS T2, G4: both sides roll 3, so both roll again: the party 5, the raiders 2.
    await send({ type: 'rollInitiative' }, [[3], [3], [5], [2]]);
    const log = await getLog();
    expect(log.total).toBe(1);
    const [entry] = log.entries;
    expect(entry).toMatchObject({ seq: 1, turn: 1, phase: 'initiative', entered: true, command: { type: 'rollInitiative' } });
    expect(entry!.rolls.map((r) => [r.label, r.notation, r.faces, r.total, r.modifier, r.kind])).toEqual([
      ['initiative: party', '1d6', [3], 3, 0, 'entered'],
      ['initiative: foes', '1d6', [3], 3, 0, 'entered'],
      ['initiative: party (re-roll 1)', '1d6', [5], 5, 0, 'entered'],
      ['initiative: foes (re-roll 1)', '1d6', [2], 2, 0, 'entered'],
    ]);
    expect(entry!.events).toEqual([
      {
        type: 'initiativeRolled',
        rolls: [
          { sideId: 'party', total: 3 },
          { sideId: 'foes', total: 3 },
        ],
        rollOrder: ['party', 'foes'],
        source: '001 §Turn Sequence; RULINGS T2, G4',
      },
    ]);
  });

  it('pages by sinceSeq and limit, and says where the current turn starts', async () => {
    await send({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
    await send({ type: 'advancePhase' });
    const all = await getLog();
    expect(all.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await getLog({ sinceSeq: 1 })).entries.map((e) => e.seq)).toEqual([2, 3]);
    expect((await getLog({ limit: 1 })).entries.map((e) => e.seq)).toEqual([3]);
    expect((await getLog({ sinceSeq: 3 })).entries).toEqual([]);
    // Nothing of turn 1 is kept when going back to its start.
    expect(all.turnStart).toBe(0);
    expect(all.entries[2]!.rolls).toEqual([]);
    expect(all.entries[2]!.entered).toBe(false);
    expect(all.entries[2]!.events.map((e) => e.type)).toEqual(['phaseChanged', 'orderSet']);
  });

  it('rolls by the console are marked seeded; a new turn moves turnStart; undo shortens the log', async () => {
    // Through to turn 2 with overrides: every phase change is an entry in turn 1.
    for (let i = 0; i < 5; i++) await send({ type: 'advancePhase', override: true });
    const afterTurn = await getLog();
    expect(afterTurn.total).toBe(8);
    expect(afterTurn.entries.at(-1)!.events.map((e) => e.type)).toContain('turnEnded');
    expect(gm.core.session.gmView().encounter.turn).toBe(2);
    // Still nothing done in turn 2: back to start goes to the start of turn 1.
    expect(afterTurn.turnStart).toBe(0);
    await send({ type: 'rollInitiative' });
    const seeded = await getLog({ sinceSeq: 8 });
    expect(seeded.entries).toHaveLength(1);
    expect(seeded.entries[0]!.turn).toBe(2);
    expect(seeded.entries[0]!.entered).toBe(false);
    expect(seeded.entries[0]!.rolls.length).toBeGreaterThanOrEqual(2);
    for (const r of seeded.entries[0]!.rolls) {
      expect(r.kind).toBe('seeded');
      expect(r.faces).toHaveLength(1);
      expect(r.total).toBe(r.faces[0]);
    }
    expect(seeded.turnStart).toBe(8);
    await ok(call('undo', {}));
    expect((await getLog()).total).toBe(8);
  });

  it('refuses malformed arguments and player windows', async () => {
    expect(await call('getLog', { sinceSeq: -1 })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await call('getLog', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await call('getLog', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await gm.core.dispatcher.dispatch('player', 'getLog', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('figureZones', () => {
  const zonesOf = async (figureId: string) => {
    const r = await ok<{ zones: { hex: { q: number; r: number }; zone: string }[] }>(call('figureZones', { figureId }));
    return Object.fromEntries(r.zones.map((z) => [`${z.hex.q},${z.hex.r}`, z.zone]));
  };

  it('splits the six hexes around a one-hex figure 3 front, 2 side, 1 rear (001 §Facing)', async () => {
    // Bram stands at (9,5) facing direction 0 = (+1,0).
    const bram = gm.core.session.gmView().encounter.figures.find((f) => f.id === 'bram')!;
    expect([bram.position, bram.facing]).toEqual([{ q: 9, r: 5 }, 0]);
    expect(await zonesOf('bram')).toEqual({
      '10,5': 'front',
      '10,4': 'front',
      '9,6': 'front',
      '9,4': 'side',
      '8,6': 'side',
      '8,5': 'rear',
    });
  });

  it('follows the facing: Grak at (16,1) faces direction 3 = (−1,0)', async () => {
    expect(await zonesOf('grak')).toEqual({
      // Directions 3, 2 and 4 are the front; 1 and 5 the sides; 0 the rear.
      '15,1': 'front',
      '15,2': 'front',
      '16,0': 'front',
      '16,2': 'side',
      '17,0': 'side',
      '17,1': 'rear',
    });
  });

  it('a prone figure has only rear hexes', async () => {
    await send({ type: 'setPosture', figureId: 'ilsa', posture: 'prone', override: true });
    expect(Object.values(await zonesOf('ilsa'))).toEqual(['rear', 'rear', 'rear', 'rear', 'rear', 'rear']);
  });

  it('names an unknown figure', async () => {
    expect(await call('figureZones', { figureId: 'nobody' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

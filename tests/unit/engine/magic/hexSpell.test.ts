/**
 * Spells aimed at a bare hex (001 §Facing: "Spells: your hex, adjacent hexes, or any hex in
 * front"; RULINGS S1, S2, S9): the cast records the hex on the continuing spell, the facing check
 * refuses side and rear hexes, files and logs from before `at` load and replay to the same state,
 * and the views carry the hex (the player view only where the players may see it).
 */
import { describe, expect, it } from 'vitest';
import { withHexAim } from '../../../../src/main/engine/encounter/magic/castSpell';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { magicOf } from '../../../../src/main/engine/encounter/magic/magicBridge';
import { encounterCastPreview } from '../../../../src/main/engine/encounter/magic/magicQueries';
import { EncounterStateSchema, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import { replay } from '../../../../src/main/session/session';
import { gmView } from '../../../../src/main/session/gmView';
import { frameOf } from '../../../../src/main/projection/frame';
import { playerIdsFor } from '../../../../src/main/projection/ids';
import { LogEntrySchema, type LogEntry } from '../../../../src/main/store/schema';
import type { Command } from '../../../../src/shared/contract/commands';
import { GmViewSchema, PlayerViewSchema } from '../../../../src/shared/contract/views';
import { encounter, fig, refusal, step, withActionOrder } from '../encounter/fixtures';

const MAGE = { INT: 15, WIS: 14, DEX: 11, CON: 9 };

/** Ilsa at 5,5 facing direction 0 (+1, 0): her front is towards 6,5, 7,5 … (001 §Facing). */
function ilsa(extra: Parameters<typeof fig>[4] = {}): FigureState {
  return fig('ilsa', 'a', 5, 5, {
    attributes: MAGE,
    mana: { pool: 12, current: 12, debt: 0 },
    mastery: { 'passage-light': 1, 'passage-blur': 2, 'elemental-missile': 1 },
    ...extra,
  });
}
const foe = (q = 12, r = 5, extra: Parameters<typeof fig>[4] = {}): FigureState => fig('foe', 'b', q, r, { facing: 3, ...extra });

function inActions(figures: FigureState[], opts: Parameters<typeof encounter>[1] = {}): EncounterState {
  return withActionOrder(
    encounter(figures, { phase: 'actions', ...opts }),
    figures.map((f) => f.id),
  );
}

const light = (at: { q: number; r: number }, extra: Partial<Extract<Command, { type: 'castSpell' }>> = {}): Command => ({
  type: 'castSpell',
  figureId: 'ilsa',
  spellId: 'passage-light',
  targetHex: at,
  ...extra,
});

describe('a continuing spell cast at a bare hex (001 §Facing; RULINGS S1, S2)', () => {
  it('Light at 7,5, two hexes in front: 9 against INT 15, 1 mana, the spell in effect at 7,5', () => {
    const r = step(inActions([ilsa(), foe()]), light({ q: 7, r: 5 }), [[2, 3, 4]]);
    expect(r.state.spells).toEqual([
      {
        id: 'spell-2',
        castingId: 'cast-1',
        spellId: 'passage-light',
        name: 'Light',
        variant: null,
        casterId: 'ilsa',
        targetId: null,
        at: { q: 7, r: 5 },
        level: 1,
        renewalCost: 1,
        turnsActive: 0,
        castTurn: 1,
        renewedTurn: null,
      },
    ]);
    expect(r.state.figures.find((f) => f.id === 'ilsa')?.mana).toEqual({ pool: 12, current: 11, debt: 0 });
    expect(r.events.find((e) => e.type === 'castingRoll')).toMatchObject({ roll: 9, success: true, target: { value: 15 } });
    // Every magic event that names the target names the hex.
    expect(r.events.find((e) => e.type === 'spellCast')).toEqual({
      type: 'spellCast',
      castingId: 'cast-1',
      casterId: 'ilsa',
      spellId: 'passage-light',
      targetId: null,
      at: { q: 7, r: 5 },
      outcome: 'succeeded',
      source: '001 §Casting Spells; RULINGS S1',
    });
    expect(r.events.find((e) => e.type === 'spellActive')).toMatchObject({ spell: { id: 'spell-2', targetId: null, at: { q: 7, r: 5 } } });
    expect(r.state.magic?.castings[0]).toMatchObject({ id: 'cast-1', targetId: null, at: { q: 7, r: 5 }, outcome: 'succeeded' });
    expect(magicOf(r.state).active[0]?.at).toEqual({ q: 7, r: 5 });
  });

  it('the invariants refuse a spell on a figure and a hex at once, or at a hex off the map', () => {
    const cast = step(inActions([ilsa(), foe()]), light({ q: 7, r: 5 }), [[2, 3, 4]]).state;
    expect(checkInvariants(cast)).toEqual([]);
    const both = { ...cast, spells: cast.spells.map((x) => ({ ...x, targetId: 'foe' })) };
    expect(checkInvariants(both)).toContain('Continuing spell spell-2 has both a target figure and a hex.');
    const off = { ...cast, spells: cast.spells.map((x) => ({ ...x, at: { q: 40, r: 5 } })) };
    expect(checkInvariants(off)).toContain('Continuing spell spell-2 is at a hex off the map.');
  });

  it('the caster’s own hex and an adjacent hex behind are allowed (001 §Facing)', () => {
    const own = step(inActions([ilsa(), foe()]), light({ q: 5, r: 5 }), [[3, 3, 3]]);
    expect(own.state.spells[0]?.at).toEqual({ q: 5, r: 5 });
    const behind = step(inActions([ilsa(), foe()]), light({ q: 4, r: 5 }), [[3, 3, 3]]);
    expect(behind.state.spells[0]?.at).toEqual({ q: 4, r: 5 });
  });

  it('refuses a rear hex and a side hex with the facing reason, before any die', () => {
    expect(refusal(inActions([ilsa(), foe()]), light({ q: 3, r: 5 }))).toBe(
      "3,5 is in Ilsa's rear hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing).",
    );
    expect(refusal(inActions([ilsa(), foe()]), light({ q: 5, r: 3 }))).toBe(
      "5,3 is in Ilsa's side hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing).",
    );
  });

  it('refuses a hex off the map, a figure and a hex at once, and a must-hit spell at a bare hex (RULINGS S1)', () => {
    expect(refusal(inActions([ilsa(), foe()], { cols: 20, rows: 20 }), light({ q: 25, r: 5 }))).toBe('Hex 25,5 is not on the map.');
    expect(refusal(inActions([ilsa(), foe()]), light({ q: 7, r: 5 }, { targetId: 'foe' }))).toBe('Aim Light at a figure or at a hex, not both.');
    const missile: Command = { type: 'castSpell', figureId: 'ilsa', spellId: 'elemental-missile', variant: 'fire', targetHex: { q: 7, r: 5 } };
    expect(refusal(inActions([ilsa(), foe()]), missile)).toBe('Missile must hit: choose the figure it is aimed at (RULINGS S1).');
  });

  it('a spell on a figure keeps `targetId` and has no hex', () => {
    const r = step(inActions([ilsa(), foe()]), { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-blur', targetId: 'ilsa' }, [[3, 3, 3]]);
    expect(r.state.spells[0]?.targetId).toBe('ilsa');
    expect('at' in r.state.spells[0]!).toBe(false);
    expect(magicOf(r.state).active[0]?.at).toBeNull();
    expect('at' in r.events.find((e) => e.type === 'spellCast')!).toBe(false);
  });

  it('ends like any continuing spell: an unconscious caster’s hex spell is gone in phase 2 (RULINGS S2)', () => {
    let s = step(inActions([ilsa(), foe()]), light({ q: 7, r: 5 }), [[2, 3, 4]]).state;
    s = { ...s, figures: s.figures.map((f) => (f.id === 'ilsa' ? { ...f, posture: 'unconscious' as const, fatigue: { starting: 50, current: 0 } } : f)) };
    s = step(s, { type: 'advancePhase', override: true }).state; // forced retreat
    s = step(s, { type: 'advancePhase', override: true }).state; // turn 2, initiative
    s = step(s, { type: 'rollInitiative' }, [[5], [2]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    const renew = step(s, { type: 'advancePhase' });
    expect(renew.state.phase).toBe('renewSpells');
    expect(renew.state.spells).toEqual([]);
    expect(renew.events.find((e) => e.type === 'spellEnded')).toMatchObject({ activeId: 'spell-2', reason: 'caster unconscious' });
  });
});

describe('files and logs from before `at` (no migration)', () => {
  const entry = (seq: number, command: Command, entered: number[][], events: Record<string, unknown>[] = []): LogEntry =>
    LogEntrySchema.parse(JSON.parse(JSON.stringify({ seq, at: '2025-01-01T00:00:00.000Z', command, entered, events, rolls: [] })));

  it('an old state (a spell with no `at`) loads, and writes back byte for byte', () => {
    const old = {
      ...encounter([ilsa(), foe()]),
      spells: [
        {
          id: 'blur-old',
          spellId: 'passage-blur',
          name: 'Blur',
          variant: null,
          casterId: 'ilsa',
          targetId: 'foe',
          level: 2,
          renewalCost: 1,
          turnsActive: 1,
          castTurn: 0,
          renewedTurn: null,
        },
      ],
    };
    const text = JSON.stringify(old);
    const loaded = EncounterStateSchema.parse(JSON.parse(text));
    expect(JSON.stringify(loaded)).toBe(text);
    expect(magicOf(loaded).active[0]?.at).toBeNull();
  });

  it('an old log line (no targetHex, no `at` in its events) replays to the same state as before', () => {
    const initial = inActions([ilsa(), foe()]);
    const oldLine = entry(
      1,
      { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-blur', targetId: 'ilsa' },
      [[3, 3, 3]],
      [
        {
          type: 'spellCast',
          castingId: 'cast-1',
          casterId: 'ilsa',
          spellId: 'passage-blur',
          targetId: 'ilsa',
          outcome: 'succeeded',
          source: '001 §Casting Spells; RULINGS S1',
        },
      ],
    );
    const file = { initial, seed: 7, rules: DEFAULT_RULES };
    const a = replay(file, [oldLine]).state;
    expect(JSON.stringify(a.spells)).toBe(
      '[{"id":"spell-2","castingId":"cast-1","spellId":"passage-blur","name":"Blur","variant":null,"casterId":"ilsa","targetId":"ilsa","level":2,"renewalCost":1,"turnsActive":0,"castTurn":1,"renewedTurn":null}]',
    );
    expect(JSON.stringify(a.magic?.castings[0])).not.toContain('"at"');
    // The state round-trips through the schema unchanged, and a second replay is identical.
    expect(EncounterStateSchema.parse(JSON.parse(JSON.stringify(a)))).toEqual(a);
    expect(JSON.stringify(replay(file, [oldLine]).state)).toBe(JSON.stringify(a));
  });

  it('a new log line with targetHex round-trips through the log schema and replays with its hex', () => {
    const initial = inActions([ilsa(), foe()]);
    const line = entry(1, light({ q: 7, r: 5 }), [[2, 3, 4]]);
    expect(line.command).toEqual({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 7, r: 5 } });
    const s = replay({ initial, seed: 7, rules: DEFAULT_RULES }, [line]).state;
    expect(s.spells[0]?.at).toEqual({ q: 7, r: 5 });
    const reloaded = EncounterStateSchema.parse(JSON.parse(JSON.stringify(s)));
    expect(reloaded).toEqual(s);
    expect(reloaded.magic?.castings[0]?.at).toEqual({ q: 7, r: 5 });
  });
});

describe('the views carry the hex (DESIGN §Secrets never cross to the player)', () => {
  const HISTORY = { canUndo: true, canRedo: false, logLength: 1 };
  const cast = (state: EncounterState): EncounterState => step(state, light({ q: 7, r: 5 }), [[2, 3, 4]]).state;

  it('GM view: the caster’s spell with its hex and school', () => {
    const s = cast(inActions([ilsa(), foe()]));
    const v = GmViewSchema.parse(gmView({ id: 'c', name: 'C' }, s, HISTORY, 1));
    expect(v.encounter.figures.find((f) => f.id === 'ilsa')?.spells).toEqual([
      { spellId: 'passage-light', name: 'Light', targetId: null, renewalCost: 1, at: { q: 7, r: 5 }, school: 'passage' },
    ]);
  });

  it('player view: the hex and school, never mana or costs', () => {
    const s = cast(inActions([ilsa(), foe()]));
    const asPlayer = playerIdsFor(s.id);
    const v = PlayerViewSchema.parse(frameOf(s));
    expect(v.encounter.magic.active).toEqual([
      {
        id: asPlayer('spell', 'spell-2'),
        name: 'Light',
        variant: null,
        casterId: asPlayer('figure', 'ilsa'),
        targetId: null,
        at: { q: 7, r: 5 },
        school: 'passage',
      },
    ]);
  });

  it('player view: no marker on a hex under the GM’s fog, nor for a caster hidden from the players', () => {
    const s = cast(inActions([ilsa(), foe()]));
    const fogged = { ...s, map: { ...s.map, hidden: ['7,5'] } };
    expect(frameOf(fogged).encounter.magic.active).toEqual([]);
    const hidden = { ...s, figures: s.figures.map((f) => (f.id === 'ilsa' ? { ...f, hidden: true } : f)) };
    expect(frameOf(hidden).encounter.magic.active).toEqual([]);
    // The GM still sees it in both cases.
    expect(gmView({ id: 'c', name: 'C' }, fogged, HISTORY, 1).encounter.figures.find((f) => f.id === 'ilsa')?.spells[0]?.at).toEqual({ q: 7, r: 5 });
  });

  it('a spell on a figure has no hex in either view', () => {
    const s = step(inActions([ilsa(), foe()]), { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetId: 'ilsa' }, [[3, 3, 3]]).state;
    const asPlayer = playerIdsFor(s.id);
    expect(gmView({ id: 'c', name: 'C' }, s, HISTORY, 1).encounter.figures.find((f) => f.id === 'ilsa')?.spells).toEqual([
      { spellId: 'passage-light', name: 'Light', targetId: 'ilsa', renewalCost: 1 },
    ]);
    expect(frameOf(s).encounter.magic.active).toEqual([
      { id: asPlayer('spell', 'spell-2'), name: 'Light', variant: null, casterId: asPlayer('figure', 'ilsa'), targetId: asPlayer('figure', 'ilsa') },
    ]);
  });
});

describe('the cast preview with a hex (castPreview query)', () => {
  const preview = (state: EncounterState, spellId: string, hex: { q: number; r: number }, targetId?: string) =>
    withHexAim(encounterCastPreview(state, DEFAULT_RULES, 'ilsa', spellId, 0, targetId), state, DEFAULT_RULES, 'ilsa', spellId, targetId, hex);

  it('a hex in front: aim "front", nothing in the way', () => {
    const p = preview(inActions([ilsa(), foe()]), 'passage-light', { q: 7, r: 5 });
    expect([p.targetHex, p.aim, p.problems, p.cost.value, p.casting.value]).toEqual([{ q: 7, r: 5 }, 'front', [], 1, 15]);
  });

  it('own hex, adjacent, side and rear: the refusal the cast would give', () => {
    const s = inActions([ilsa(), foe()]);
    expect(preview(s, 'passage-light', { q: 5, r: 5 }).aim).toBe('caster');
    expect(preview(s, 'passage-light', { q: 4, r: 5 }).aim).toBe('adjacent');
    const side = preview(s, 'passage-light', { q: 5, r: 3 });
    expect([side.aim, side.problems]).toEqual([
      'side',
      ["5,3 is in Ilsa's side hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing)."],
    ]);
    const rear = preview(s, 'passage-light', { q: 3, r: 5 });
    expect([rear.aim, rear.problems]).toEqual([
      'rear',
      ["3,5 is in Ilsa's rear hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing)."],
    ]);
  });

  it('a must-hit spell at a hex, and no hex at all', () => {
    const s = inActions([ilsa(), foe()]);
    expect(preview(s, 'elemental-missile', { q: 7, r: 5 }).problems).toEqual(['Missile must hit: choose the figure it is aimed at (RULINGS S1).']);
    const none = withHexAim(
      encounterCastPreview(s, DEFAULT_RULES, 'ilsa', 'passage-light', 0),
      s,
      DEFAULT_RULES,
      'ilsa',
      'passage-light',
      undefined,
      undefined,
    );
    expect([none.targetHex, none.aim, none.problems]).toEqual([null, null, []]);
  });
});

/**
 * The GM's hand commands: moveFigure (GM placement: one step to an adjacent free hex on the map
 * that is not a wall, RULINGS M7, at any phase) and turnFigure (001 §Facing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../../src/main/engine/encounter/apply';
import { EncounterStateSchema, FigureStateSchema, type EncounterState, type FigureState } from '../../../../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../../../../src/main/engine/dice/seeded';
import type { Command } from '../../../../../src/shared/contract/commands';
import { AppError } from '../../../../../src/shared/errors';
import { hexDistance, hexKey, hexNeighbor, type Hex } from '../../../../../src/shared/hex';
import { isOnMap } from '../../../../../src/shared/mapGrid';

function figure(id: string, position: Hex, extra: Partial<FigureState> = {}): FigureState {
  return FigureStateSchema.parse({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    sideId: 'a',
    position,
    facing: 0,
    size: 1,
    posture: 'standing',
    hidden: false,
    gmNotes: '',
    attributes: { STR: 10, DEX: 10, INT: 10, WIS: 10, CON: 10, CHR: 10 },
    fatigue: { starting: 50, current: 50 },
    body: { starting: 34, current: 34 },
    mana: null,
    equipment: { weaponIds: [], armorId: null, shieldId: null },
    ...extra,
  });
}

/** A 10×10 flat map: hero at (4,2), a wall east of it, a friend south-east, a corpse south-west. */
function state(): EncounterState {
  return EncounterStateSchema.parse({
    id: 'test',
    name: 'Test',
    map: { cols: 10, rows: 10, orientation: 'flat', terrain: { '5,2': 'wall', '4,1': 'fire', '3,2': 'broken' }, hidden: ['3,3'] },
    sides: [{ id: 'a', name: 'A', color: '#000000' }],
    figures: [
      figure('hero', { q: 4, r: 2 }),
      figure('friend', { q: 4, r: 3 }),
      figure('corpse', { q: 3, r: 3 }, { posture: 'dead' }),
      figure('edge', { q: 0, r: 0 }),
    ],
    spells: [],
    turn: 1,
    phase: 'initialMovement',
  });
}

const dice = () => createSeededDice(1);
const move = (figureId: string, q: number, r: number): Command => ({ type: 'moveFigure', figureId, to: { q, r } });

function refusal(s: EncounterState, c: Command): { code: string; message: string } {
  try {
    apply(s, c, dice());
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, message: (e as AppError).message };
  }
  throw new Error('expected apply to throw');
}

describe('moveFigure', () => {
  it('lands turned to the facing the GM gave it while dragging (001 §Facing), in one step', () => {
    const s = state();
    const hero = s.figures.find((f) => f.id === 'hero')!;
    const result = apply(s, { type: 'moveFigure', figureId: 'hero', to: { q: 4, r: 1 }, facing: (hero.facing + 2) % 6 }, dice());
    expect(result.state.figures.find((f) => f.id === 'hero')).toMatchObject({ position: { q: 4, r: 1 }, facing: (hero.facing + 2) % 6 });
    expect(result.events).toEqual([
      { type: 'figureMoved', figureId: 'hero', from: { q: 4, r: 2 }, to: { q: 4, r: 1 }, source: 'RULINGS M7' },
      { type: 'figureTurned', figureId: 'hero', from: hero.facing, to: (hero.facing + 2) % 6, source: '001 §Facing' },
    ]);
  });

  it('moves to an adjacent free open hex and emits figureMoved citing RULINGS M7', () => {
    const s = state();
    const result = apply(s, move('hero', 4, 1), dice());
    expect(result.state.figures.find((f) => f.id === 'hero')?.position).toEqual({ q: 4, r: 1 });
    expect(result.events).toEqual([{ type: 'figureMoved', figureId: 'hero', from: { q: 4, r: 2 }, to: { q: 4, r: 1 }, source: 'RULINGS M7' }]);
    expect(result.rolls).toEqual([]);
    // Everything else is unchanged, and the input state is not mutated.
    expect(result.state.figures.filter((f) => f.id !== 'hero')).toEqual(s.figures.filter((f) => f.id !== 'hero'));
    expect(s).toEqual(state());
    expect(EncounterStateSchema.parse(result.state)).toEqual(result.state);
  });

  it('may enter fire, broken ground and fogged hexes (only walls block here)', () => {
    expect(apply(state(), move('hero', 4, 1), dice()).state.figures[0]!.position).toEqual({ q: 4, r: 1 });
    expect(apply(state(), move('hero', 3, 2), dice()).state.figures[0]!.position).toEqual({ q: 3, r: 2 });
    const s = state();
    const unfogged = { ...s, figures: s.figures.filter((f) => f.id !== 'corpse') };
    expect(apply(unfogged, move('hero', 3, 3), dice()).state.figures[0]!.position).toEqual({ q: 3, r: 3 });
  });

  it('may enter a hex where only a dead figure lies', () => {
    const result = apply(state(), move('hero', 3, 3), dice());
    expect(result.state.figures.find((f) => f.id === 'hero')?.position).toEqual({ q: 3, r: 3 });
  });

  it('refuses a wall with rule', () => {
    expect(refusal(state(), move('hero', 5, 2))).toEqual({ code: 'rule', message: 'A wall blocks that hex.' });
  });

  it('refuses a hex with a living figure in it with rule, naming the occupant', () => {
    expect(refusal(state(), move('hero', 4, 3))).toEqual({ code: 'rule', message: 'Friend is already in that hex.' });
    for (const posture of ['prone', 'kneeling', 'unconscious', 'knockedDown'] as const) {
      const s = state();
      const s2 = { ...s, figures: s.figures.map((f) => (f.id === 'friend' ? { ...f, posture } : f)) };
      expect(refusal(s2, move('hero', 4, 3)).code).toBe('rule');
    }
  });

  it('refuses a hex that is not adjacent, and the hex it stands on, with rule', () => {
    expect(refusal(state(), move('hero', 6, 2))).toEqual({ code: 'rule', message: 'Hero can only step to an adjacent hex here.' });
    expect(refusal(state(), move('hero', 4, 2))).toEqual({ code: 'rule', message: 'Hero can only step to an adjacent hex here.' });
    expect(refusal(state(), move('hero', 9, 9)).code).toBe('rule');
  });

  it('refuses to leave the map with rule', () => {
    expect(refusal(state(), move('edge', -1, 0))).toEqual({ code: 'rule', message: 'Edge cannot leave the map.' });
    expect(refusal(state(), move('edge', 0, -1))).toEqual({ code: 'rule', message: 'Edge cannot leave the map.' });
    expect(refusal(state(), move('edge', 1, -1))).toEqual({ code: 'rule', message: 'Edge cannot leave the map.' });
    // (1,0) is on the map.
    expect(apply(state(), move('edge', 1, 0), dice()).state.figures.find((f) => f.id === 'edge')?.position).toEqual({ q: 1, r: 0 });
  });

  it('refuses an unknown figure with not-found, quoting the id', () => {
    expect(refusal(state(), move('ghost', 4, 1))).toEqual({ code: 'not-found', message: 'There is no figure with id "ghost" in this encounter.' });
  });

  it('property: a move succeeds exactly when the target is adjacent, on the map, not a wall and free of the living', () => {
    const s = state();
    fc.assert(
      fc.property(fc.constantFrom('hero', 'friend', 'edge', 'corpse'), fc.integer({ min: -2, max: 11 }), fc.integer({ min: -7, max: 11 }), (id, q, r) => {
        const me = s.figures.find((f) => f.id === id)!;
        const to = { q, r };
        const legal =
          hexDistance(me.position, to) === 1 &&
          isOnMap(s.map, to) &&
          s.map.terrain[hexKey(to)] !== 'wall' &&
          !s.figures.some((f) => f.id !== id && f.posture !== 'dead' && hexKey(f.position) === hexKey(to));
        let ok = true;
        try {
          const r2 = apply(s, move(id, q, r), dice());
          expect(r2.state.figures.find((f) => f.id === id)?.position).toEqual(to);
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect((e as AppError).code).toBe('rule');
          ok = false;
        }
        expect(ok).toBe(legal);
      }),
    );
  });

  it('every neighbour direction of the hero is judged by its hex', () => {
    const verdicts = [0, 1, 2, 3, 4, 5].map((d) => {
      const to = hexNeighbor({ q: 4, r: 2 }, d);
      try {
        apply(state(), move('hero', to.q, to.r), dice());
        return 'ok';
      } catch (e) {
        return (e as AppError).message;
      }
    });
    expect(verdicts).toEqual([
      'A wall blocks that hex.', // d0 → (5,2)
      'Friend is already in that hex.', // d1 → (4,3)
      'ok', // d2 → (3,3), only a corpse there
      'ok', // d3 → (3,2)
      'ok', // d4 → (4,1)
      'ok', // d5 → (5,1)
    ]);
  });
});

describe('turnFigure', () => {
  it('sets the facing and emits figureTurned citing 001 §Facing', () => {
    const result = apply(state(), { type: 'turnFigure', figureId: 'hero', facing: 4 }, dice());
    expect(result.state.figures.find((f) => f.id === 'hero')?.facing).toBe(4);
    expect(result.state.figures.find((f) => f.id === 'hero')?.position).toEqual({ q: 4, r: 2 });
    expect(result.events).toEqual([{ type: 'figureTurned', figureId: 'hero', from: 0, to: 4, source: '001 §Facing' }]);
    expect(result.rolls).toEqual([]);
  });

  it('turns by one notch from the facing it has now, either way round the six', () => {
    const once = apply(state(), { type: 'turnFigure', figureId: 'hero', by: 1 }, dice()).state;
    const twice = apply(once, { type: 'turnFigure', figureId: 'hero', by: 1 }, dice());
    expect(twice.state.figures.find((f) => f.id === 'hero')?.facing).toBe(2);
    expect(twice.events).toEqual([{ type: 'figureTurned', figureId: 'hero', from: 1, to: 2, source: '001 §Facing' }]);
    const back = apply(state(), { type: 'turnFigure', figureId: 'hero', by: -1 }, dice());
    expect(back.state.figures.find((f) => f.id === 'hero')?.facing).toBe(5);
  });

  it('refuses an unknown figure with not-found', () => {
    expect(refusal(state(), { type: 'turnFigure', figureId: 'ghost', facing: 1 }).code).toBe('not-found');
  });

  it('does not touch the dice', () => {
    const d = dice();
    const before = d.saveState();
    apply(state(), { type: 'turnFigure', figureId: 'hero', facing: 2 }, d);
    apply(state(), move('hero', 4, 1), d);
    expect(d.saveState()).toEqual(before);
  });
});

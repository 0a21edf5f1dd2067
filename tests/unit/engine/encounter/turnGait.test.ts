/**
 * RULINGS T5 (amended): the turn's gait is the slowest gait whose distance covers the hexes the
 * figure moved, whatever gait it set out at; its options (001 §Action Options) and its movement
 * fatigue (RULINGS M3) follow that gait.
 */
import { describe, expect, it } from 'vitest';
import { legalOptions, optionRefusal } from '../../../../src/main/engine/encounter/turn/options';
import { turnGait } from '../../../../src/main/engine/encounter/movement/turnGait';
import type { EncounterState, FigureState } from '../../../../src/main/engine/encounter/schema';
import type { MoveMode } from '../../../../src/shared/contract/schemas';
import { encounter, fig, figOf, step, withActionOrder, withMoveOrder } from './fixtures';

/** The figure after moving `spent` hexes having set out at `mode`. */
const moved = (f: FigureState, mode: MoveMode, spent: number): FigureState => ({ ...f, turn: { ...f.turn, mode, spent } });
const acting = (figures: FigureState[]): EncounterState =>
  withActionOrder(
    encounter(figures, { phase: 'actions' }),
    figures.map((f) => f.id),
  );

describe('options follow the hexes moved, not the gait label (RULINGS T5 amended)', () => {
  // DEX, STR, CON 10: modifier 0 — Walk (slow) 2, Walk 4, Jog 7, Run 12, Sprint 18.
  const archer = fig('bow', 'a', 2, 5, { equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } });
  const foe = fig('foe', 'b', 12, 5);

  it('two hexes "at walk" is a Walk (slow): the missile attack (f, at most Walk (slow)) stays open', () => {
    const s = acting([moved(archer, 'walk', 2), foe]);
    expect(turnGait(figOf(s, 'bow'))).toBe('walk-slow');
    expect(optionRefusal(s, figOf(s, 'bow'), 'f')).toBeNull();
  });

  it('three hexes "at walk" is a Walk: the missile attack is closed, and the reason says why', () => {
    const s = acting([moved(archer, 'walk', 3), foe]);
    expect(turnGait(figOf(s, 'bow'))).toBe('walk');
    expect(optionRefusal(s, figOf(s, 'bow'), 'f')).toBe('Bow moved at walk; Missile attack (f) allows at most walk-slow (001 §Action Options).');
    const far = acting([moved(archer, 'run', 3), foe]);
    expect(optionRefusal(far, figOf(far, 'bow'), 'f')).toBe(
      'Bow moved 3 hexes, a walk (RULINGS T5); Missile attack (f) allows at most walk-slow (001 §Action Options).',
    );
  });

  it('five hexes "at run" with a Jog of 8 (CON 14: modifier +1) is a Walk (5): the charge attack (b, at most Jog) stays open', () => {
    const charger = fig('ann', 'a', 5, 5, { attributes: { CON: 14 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } });
    const s = acting([moved(charger, 'run', 5), fig('ben', 'b', 6, 5, { facing: 3 })]);
    expect(turnGait(figOf(s, 'ann'))).toBe('walk');
    expect(optionRefusal(s, figOf(s, 'ann'), 'b')).toBeNull();
    // Nine hexes need the Run (Jog 8 < 9 ≤ Run 13): the charge is closed.
    const nine = acting([moved(charger, 'run', 9), fig('ben', 'b', 6, 5, { facing: 3 })]);
    expect(turnGait(figOf(nine, 'ann'))).toBe('run');
    expect(optionRefusal(nine, figOf(nine, 'ann'), 'b')).toBe('Ann moved at run; Charge attack (b) allows at most jog (001 §Action Options).');
  });

  it("legalOptions gives the turn's gait with the options that follow it: one answer for the tracker's badge and the reasons", () => {
    const far = acting([moved(archer, 'run', 3), foe]);
    const answer = legalOptions(far, 'bow');
    expect(answer.moved).toEqual({ mode: 'run', gait: 'walk', spent: 3 });
    expect(answer.options.find((o) => o.option === 'f')?.reason).toContain('a walk (RULINGS T5)');
    expect(legalOptions(acting([archer, foe]), 'bow').moved).toEqual({ mode: null, gait: null, spent: 0 });
  });

  it('shift, crawl and standing still keep their own names', () => {
    const s = acting([moved(archer, 'shift', 1), moved(fig('c', 'a', 0, 0), 'crawl', 2), foe]);
    expect(turnGait(figOf(s, 'bow'))).toBe('shift');
    expect(turnGait(figOf(s, 'c'))).toBe('crawl');
    expect(turnGait(fig('x', 'a', 0, 0))).toBeNull();
  });
});

describe('movement fatigue follows the turn’s gait (RULINGS T5 amended, M3)', () => {
  const moving = (): EncounterState => withMoveOrder(encounter([fig('me', 'a', 1, 5)], { phase: 'initialMovement' }), ['me']);

  it('set out to sprint but moved 5 hexes: a Jog, no Fatigue (M3: Jog none in combat)', () => {
    const r = step(moving(), { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 6, r: 5 } });
    expect(r.events.map((e) => e.type)).toEqual(['moved']);
    expect(figOf(r.state, 'me').fatigue.current).toBe(50);
  });

  it('set out to sprint and moved 13 hexes (Run 12 < 13): a Sprint, 6 Fatigue', () => {
    const r = step(moving(), { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 14, r: 5 } });
    expect(r.events[1]).toMatchObject({ type: 'fatigueSpent', amount: 6, fatigue: 44 });
  });

  it('set out to sprint and moved 8 hexes (Jog 7 < 8 ≤ Run 12): a Run, 1 Fatigue', () => {
    const r = step(moving(), { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 9, r: 5 } });
    expect(r.events[1]).toMatchObject({ type: 'fatigueSpent', amount: 1, fatigue: 49 });
  });
});

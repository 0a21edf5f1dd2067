/**
 * The tracker's picture of an encounter's own rules (engine/encounter/turn/turnRules.ts,
 * RULINGS O1–O4), read from the rules passed in.
 */
import { describe, expect, it } from 'vitest';
import { turnRulesOf } from '../../../../../src/main/engine/encounter/turn/turnRules';
import { DEFAULT_RULES, type Rules } from '../../../../../src/main/engine/rules';
import { encounter, fig } from '../fixtures';

const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });
const state = encounter([fig('ann', 'a', 2, 2), fig('bob', 'b', 5, 2)]);

describe('turnRulesOf', () => {
  it('Pillars: six phases, 1d6 per side, every option off with its ruling, no strides', () => {
    const r = turnRulesOf(state, DEFAULT_RULES);
    expect(r.encounterId).toBe('test');
    expect(r.phases.map((p) => [p.id, p.movement])).toEqual([
      ['initiative', false],
      ['renewSpells', false],
      ['initialMovement', true],
      ['finalMovement', true],
      ['actions', false],
      ['forcedRetreat', false],
    ]);
    expect(r.initiative).toMatchObject({ id: 'pillars', rollText: '1d6 per side', by: 'side' });
    expect(r.options.map((o) => [o.key, o.on, o.ruling])).toEqual([
      ['classic', false, 'RULINGS O1'],
      ['perCharacterInitiative', false, 'RULINGS O2'],
      ['strideMomentum', false, 'RULINGS O3'],
      ['declaredIntent', false, 'RULINGS O4'],
    ]);
    expect([r.strides, r.strideModes]).toEqual([[], []]);
    expect(r.stats.attributes.map((a) => a.id)).toEqual(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']);
  });

  it('Per-character initiative (O2) rolls per figure', () => {
    expect(turnRulesOf(state, withOption('perCharacterInitiative')).initiative.by).toBe('figure');
  });

  it('Stride & momentum (O3): each figure’s stride, momentum and AP left, and the eight stride modes', () => {
    const moved = { ...state, figures: [{ ...state.figures[0]!, momentum: 6, turn: { ...state.figures[0]!.turn, stride: 7, apSpent: 3 } }, state.figures[1]!] };
    const r = turnRulesOf(moved, withOption('strideMomentum'));
    expect(r.strideModes).toHaveLength(8);
    expect(r.strides).toEqual([
      { figureId: 'ann', stride: 7, band: 'sprinting', momentum: 6, apLeft: 2, text: 'stride-7 (sprinting) · momentum 6 · 2 AP left' },
      { figureId: 'bob', stride: 0, band: 'standing', momentum: 0, apLeft: 5, text: 'standing · momentum 0 · 5 AP left' },
    ]);
  });
});

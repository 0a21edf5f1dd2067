/**
 * RULINGS T1 (amended): bleeding, survival saves and the runaway drain close phase 6; under O2
 * they come before Cleanup, so Cleanup flips a figure they killed or knocked out that same turn.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { DEFAULT_RULES, type Rules } from '../../../../src/main/engine/rules';
import { encounter, fig, figOf } from './fixtures';

const O2: Rules = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, perCharacterInitiative: true } };

/** Ann bleeds from Body −16 (of 34) to −17, where a survival save (C5) is due; Ben bleeds from 10. */
const lastPhase = (): EncounterState =>
  encounter(
    [
      fig('ann', 'a', 2, 5, { conditions: ['bleeding'], body: { starting: 34, current: -16 } }),
      fig('ben', 'b', 8, 5, { conditions: ['bleeding'], body: { starting: 34, current: 10 } }),
    ],
    { phase: 'forcedRetreat' },
  );

function advance(state: EncounterState, rules: Rules, faces: number[][] = []) {
  const dice = createEnteredDice(faces);
  const r = apply(state, { type: 'advancePhase' }, dice, rules);
  expect(dice.remaining()).toBe(0);
  expect(checkInvariants(r.state)).toEqual([]);
  return r;
}
const kinds = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);

describe('end-of-turn effects come before O2’s Cleanup (RULINGS T1 amended, O2)', () => {
  it('leaving Forced Retreat: both bleed 1, Ann’s save (3d6 = 18) fails, then Cleanup flips her as slain', () => {
    const r = advance(lastPhase(), O2, [[6, 6, 6]]);
    expect(kinds(r.events)).toEqual(['bled', 'bled', 'check', 'postureChanged', 'phaseChanged', 'figureFlipped']);
    expect(r.events[0]).toMatchObject({ figureId: 'ann', amount: 1, bodyAfter: -17, source: 'RULINGS A5' });
    expect(r.events[1]).toMatchObject({ figureId: 'ben', bodyAfter: 9 });
    expect(r.events[2]).toMatchObject({ figureId: 'ann', purpose: 'survival save', roll: 18, success: false });
    expect(r.events[4]).toMatchObject({ from: 'forcedRetreat', to: 'cleanup' });
    expect(r.events[5]).toMatchObject({ type: 'figureFlipped', figureId: 'ann' });
    expect(r.state.phase).toBe('cleanup');
    expect(figOf(r.state, 'ann')).toMatchObject({ posture: 'dead', flipped: true });
  });

  it('ending Cleanup only starts the next turn: nobody bleeds twice', () => {
    const cleanup = advance(lastPhase(), O2, [[6, 6, 6]]).state;
    const r = advance(cleanup, O2);
    expect(kinds(r.events)).toEqual(['turnEnded', 'phaseChanged']);
    expect(r.state).toMatchObject({ turn: 2, phase: 'initiative' });
    expect(figOf(r.state, 'ben').body.current).toBe(9);
  });

  it('Pillars (no Cleanup): the same effects close phase 6 and the turn ends', () => {
    const r = advance(lastPhase(), DEFAULT_RULES, [[6, 6, 6]]);
    expect(kinds(r.events)).toEqual(['bled', 'bled', 'check', 'postureChanged', 'turnEnded', 'phaseChanged']);
    expect(r.state).toMatchObject({ turn: 2, phase: 'initiative' });
  });
});

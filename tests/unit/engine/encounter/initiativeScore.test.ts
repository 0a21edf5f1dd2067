/**
 * RULINGS O4 (amended): declared intent's initiative score is a per-figure number the GM types;
 * until then it is the figure's DEX modifier, and the total's breakdown says which.
 */
import { describe, expect, it } from 'vitest';
import { initiativeScoreOf } from '../../../../src/main/engine/encounter/turn/initiative';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { turnStateOf } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { CommandSchema } from '../../../../src/shared/contract/commands';
import { underRules } from '../options/underRules';
import { encounter, fig, figOf } from './fixtures';

const O4: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, declaredIntent: true } });
const { run, refused } = underRules(O4);

/** Ann (DEX 14: modifier +1) and Ben (DEX 10: +0), declaring. */
const declaring = (): EncounterState => encounter([fig('ann', 'a', 2, 5, { attributes: { DEX: 14 } }), fig('ben', 'b', 8, 5)], { phase: 'declarations' });

describe('the initiative score the GM types (RULINGS O4 amended)', () => {
  it('setInitiativeScore keeps the score on the figure; null returns it to the DEX modifier', () => {
    const set = run(declaring(), { type: 'setInitiativeScore', figureId: 'ben', score: 5 });
    expect(set.events).toEqual([{ type: 'initiativeScoreSet', figureId: 'ben', score: 5, source: 'RULINGS O4' }]);
    expect(figOf(set.state, 'ben').initiativeScore).toBe(5);
    expect(initiativeScoreOf(figOf(set.state, 'ben'))).toEqual({ value: 5, typed: true, text: '+5 (typed by the GM)' });
    const cleared = run(set.state, { type: 'setInitiativeScore', figureId: 'ben', score: null });
    expect(figOf(cleared.state, 'ben').initiativeScore).toBeUndefined();
    expect(initiativeScoreOf(figOf(cleared.state, 'ann'))).toEqual({ value: 1, typed: false, text: '+1: DEX 14 modifier until the GM types a score' });
  });

  it('the roll: stress d10 + score; Ann 4 + 1 (DEX) = 5, Ben 3 + 5 (typed) = 8, and each total keeps its breakdown', () => {
    let s = run(declaring(), { type: 'setInitiativeScore', figureId: 'ben', score: 5 }).state;
    s = run(s, { type: 'advancePhase' }).state;
    const r = run(s, { type: 'rollInitiative' }, [[4], [3]]);
    const ini = turnStateOf(r.state).initiative!;
    expect(ini.order).toEqual(['ben', 'ann']);
    expect(ini.rolls).toEqual([
      {
        sideId: 'ann',
        total: 5,
        breakdown: [
          { label: 'Stress die d10: 4', value: 4, source: expect.stringContaining('RULINGS O4') },
          { label: 'Initiative score: DEX 14 modifier (none typed)', value: 1, source: '003 §1 Movement; RULINGS O4' },
        ],
      },
      {
        sideId: 'ben',
        total: 8,
        breakdown: [
          { label: 'Stress die d10: 3', value: 3, source: expect.stringContaining('RULINGS O4') },
          { label: 'Initiative score (typed by the GM)', value: 5, source: '003 §1 Movement; RULINGS O4' },
        ],
      },
    ]);
  });

  it('refused where declared intent is off; out-of-range scores never reach the engine', () => {
    expect(refused(declaring(), { type: 'setInitiativeScore', figureId: 'ben', score: 2 }, rulesFor(DEFAULT_RULES))).toBe(
      'Side initiative (Pillars) has no initiative score: declared intent is off for this encounter (RULINGS O4).',
    );
    expect(CommandSchema.safeParse({ type: 'setInitiativeScore', figureId: 'ben', score: 41 }).success).toBe(false);
    expect(CommandSchema.safeParse({ type: 'setInitiativeScore', figureId: 'ben', score: 2.5 }).success).toBe(false);
    expect(refused(declaring(), { type: 'setInitiativeScore', figureId: 'nobody', score: 2 })).toMatch(/nobody/);
  });
});

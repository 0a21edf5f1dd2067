/**
 * Property: over random encounters under every rule set (RULINGS O1–O4 through the one
 * `RuleSet` seam), every proposal is a command the engine accepts, and a whole fight played by the
 * tactics is the same fight again from the same seed, and replays from its command list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import { encounter, fig } from '../encounter/fixtures';
import { accepts } from './helpers';
import { build, figureArb, RULE_SETS } from './randomEncounter';

describe('every proposal is legal', () => {
  for (const [name, rules] of RULE_SETS) {
    it(`${name}: random encounters, 120 steps each, every proposal applies and keeps the invariants`, () => {
      fc.assert(
        fc.property(fc.array(figureArb, { minLength: 2, maxLength: 7 }), fc.integer({ min: 1, max: 1_000_000 }), (specs, seed) => {
          let s = build(specs);
          const dice = createSeededDice(seed);
          for (let i = 0; i < 120; i++) {
            const p = propose(s, rules);
            if (p === null) {
              s = apply(s, { type: 'advancePhase', override: true }, dice, rules).state;
              continue;
            }
            expect(accepts(s, p.command, rules), JSON.stringify(p.command)).toBeNull();
            s = apply(s, p.command, dice, rules).state;
            expect(checkInvariants(s, rules)).toEqual([]);
          }
        }),
        { numRuns: 12, seed: 2026 },
      );
    });
  }
});

describe('simulated fights are deterministic and replayable', () => {
  const duel = () =>
    encounter([
      fig('ada', 'a', 3, 5, { attributes: { STR: 13, DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
      fig('bob', 'b', 9, 2, { facing: 3, attributes: { STR: 13, DEX: 12 }, equipment: { weaponIds: ['war-ax'], readyWeaponId: 'war-ax' } }),
    ]);

  it('the same seed gives the same fight; its commands replay to the same end', () => {
    const rules = rulesFor(DEFAULT_RULES);
    const a = playFight(duel(), rules, { seed: 77, keepCommands: true });
    const b = playFight(duel(), rules, { seed: 77, keepCommands: true });
    expect(b).toEqual(a);
    const dice = createSeededDice(77);
    let s = duel();
    for (const c of a.commands!) s = apply(s, c, dice, rules).state;
    expect(s.figures.map((f) => f.body.starting - f.body.current)).toEqual(a.fates.map((f) => f.bodyLost));
    expect(s.figures.map((f) => f.posture === 'dead')).toEqual(a.fates.map((f) => f.dead));
    expect(a.winner === null || ['a', 'b'].includes(a.winner)).toBe(true);
  });
});

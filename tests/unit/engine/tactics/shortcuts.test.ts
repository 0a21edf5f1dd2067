/**
 * The tactics' shortcuts (bounds that skip a gait's search, attacks ruled out before the engine's
 * preview) may only skip work, never change a proposal: over random encounters under every rule
 * set, the candidates with them are exactly the candidates worked out the long way; and each
 * shortcut's premise about the engine holds on every state met.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../../src/shared/hex';
import type { MoveMode } from '../../../../src/shared/contract/schemas';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { figureAllowance, reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { canAct, mountOf } from '../../../../src/main/engine/encounter/state';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { weaponById } from '../../../../src/main/engine/equipment';
import type { RuleSet } from '../../../../src/main/engine/rules';
import { proposalCandidates, propose } from '../../../../src/main/engine/tactics/propose';
import { surelyRefused } from '../../../../src/main/engine/tactics/refusals';
import { build, figureArb, RULE_SETS } from './randomEncounter';

/** Every state a fight played by the tactics passes through, from a random encounter. */
function walk(rules: RuleSet, check: (s: EncounterState) => void, runs: number, every = 1): void {
  fc.assert(
    fc.property(fc.array(figureArb, { minLength: 2, maxLength: 7 }), fc.integer({ min: 1, max: 1_000_000 }), (specs, seed) => {
      let s = build(specs);
      const dice = createSeededDice(seed);
      for (let i = 0; i < 120; i++) {
        if (i % every === 0) check(s);
        const p = propose(s, rules);
        s = apply(s, p?.command ?? { type: 'advancePhase', override: true }, dice, rules).state;
      }
    }),
    { numRuns: runs, seed: 4242 },
  );
}

describe('the tactics propose the same with their shortcuts as without', () => {
  for (const [name, rules] of RULE_SETS) {
    it(`${name}: every candidate, in order, on every state of random fights`, () => {
      let compared = 0;
      walk(
        rules,
        (s) => {
          const quick = [...proposalCandidates(s, rules)];
          const long = [...proposalCandidates(s, rules, { exhaustive: true })];
          expect(quick).toEqual(long);
          if (s.phase === 'actions' || s.phase.endsWith('Movement')) compared++;
        },
        10,
      );
      expect(compared).toBeGreaterThan(100);
    });
  }
});

describe("the shortcuts' premises hold on every state met", () => {
  for (const [name, rules] of RULE_SETS) {
    it(`${name}: an attack ruled out is one the engine refuses; no gait reaches farther than its budget`, () => {
      let ruledOut = 0;
      walk(
        rules,
        (s) => {
          for (const a of s.figures.filter(canAct)) {
            for (const weaponId of [null, ...a.equipment.weaponIds]) {
              const weapon = weaponId === null ? null : weaponById(weaponId)!;
              for (const t of s.figures) {
                if (t.id === a.id || !surelyRefused(a, t, weapon)) continue;
                ruledOut++;
                expect(attackPreview(s, a.id, t.id, weaponId, {}, { rules }).allowed, `${a.id} at ${t.id} with ${weaponId}`).toBe(false);
              }
            }
            if (mountOf(s, a) !== undefined) continue;
            const budgets = new Map<MoveMode, number>([['shift', 1]]);
            for (const g of figureAllowance(a, rules))
              if (g.mode !== 'crawl' && !budgets.has(g.mode as MoveMode)) budgets.set(g.mode as MoveMode, g.hexes.value);
            for (const [mode, budget] of budgets) {
              const reach = reachable(s, a.id, mode, { rules });
              if (reach.allowed) for (const h of reach.hexes) expect(hexDistance(a.position, h.hex)).toBeLessThanOrEqual(budget);
            }
          }
        },
        4,
        3,
      );
      expect(ruledOut).toBeGreaterThan(100);
    });
  }
});

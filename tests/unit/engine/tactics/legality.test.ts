/**
 * Property (issue 16): over random encounters under every rule set (RULINGS O1–O4 through the one
 * `RuleSet` seam), every proposal is a command the engine accepts, and a whole fight played by the
 * tactics is the same fight again from the same seed, and replays from its command list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import type { FigureState } from '../../../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { DEFAULT_RULES, rulesFor, type Rules } from '../../../../src/main/engine/rules';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import { encounter, fig } from '../encounter/fixtures';
import { accepts } from './helpers';

const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });
const RULE_SETS = [
  ['Pillars', rulesFor(DEFAULT_RULES)],
  ['O1 Classic', rulesFor(withOption('classic'))],
  ['O2 per-character initiative', rulesFor(withOption('perCharacterInitiative'))],
  ['O3 stride & momentum', rulesFor(withOption('strideMomentum'))],
  ['O4 declared intent', rulesFor(withOption('declaredIntent'))],
] as const;

const KITS = [
  { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: 'leather-armor', shieldId: 'small-shield' },
  { weaponIds: ['spear', 'dagger'], readyWeaponId: 'spear', armorId: null, shieldId: null },
  { weaponIds: ['small-bow', 'dagger'], readyWeaponId: 'small-bow', armorId: null, shieldId: null },
  { weaponIds: ['war-ax'], readyWeaponId: 'war-ax', armorId: 'chainmail', shieldId: null },
  { weaponIds: ['dagger'], readyWeaponId: null, armorId: null, shieldId: null },
] as const;

const figureArb = fc.record({
  kit: fc.integer({ min: 0, max: KITS.length - 1 }),
  side: fc.integer({ min: 0, max: 2 }),
  q: fc.integer({ min: 1, max: 12 }),
  r: fc.integer({ min: 0, max: 7 }),
  facing: fc.integer({ min: 0, max: 5 }),
  dex: fc.integer({ min: 8, max: 16 }),
  hurt: fc.integer({ min: 0, max: 30 }),
  mage: fc.boolean(),
  posture: fc.constantFrom('standing', 'standing', 'standing', 'prone', 'kneeling'),
});

type FigureSpec = typeof figureArb extends fc.Arbitrary<infer T> ? T : never;

function build(specs: FigureSpec[]) {
  const taken = new Set<string>();
  const figures: FigureState[] = [];
  specs.forEach((s, i) => {
    const key = `${s.q},${s.r}`;
    if (taken.has(key)) return;
    taken.add(key);
    const kit = KITS[s.kit]!;
    figures.push(
      fig(`f${i}`, ['a', 'b', 'c'][s.side]!, s.q, s.r - Math.floor(s.q / 2), {
        facing: s.facing,
        posture: s.posture as FigureState['posture'],
        attributes: { STR: 13, DEX: s.dex, CON: 11, INT: s.mage ? 14 : 10 },
        body: { starting: 34, current: 34 - s.hurt },
        equipment: { ...kit, weaponIds: [...kit.weaponIds], shieldReady: kit.shieldId !== null },
        ...(s.mage ? { mana: { pool: 8, current: 8, debt: 0 }, mastery: { 'elemental-missile': 1, 'passage-light': 1 } } : {}),
      }),
    );
  });
  return encounter(figures, { cols: 14, rows: 9, sides: ['a', 'b', 'c'], terrain: { '6,3': 'wall', '7,3': 'wall' } });
}

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

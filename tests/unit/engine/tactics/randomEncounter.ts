/**
 * Random encounters for the tactics' property tests: two to seven figures of three sides on a
 * small walled map, kits in turn (sword and shield, spear, bow, axe, a dagger not ready), some
 * hurt, some on the ground, some casters; and the rule sets to try them under (RULINGS O1–O4).
 */
import fc from 'fast-check';
import type { FigureState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor, type Rules } from '../../../../src/main/engine/rules';
import { encounter, fig } from '../encounter/fixtures';

const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });
export const RULE_SETS = [
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

export const figureArb = fc.record({
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

export function build(specs: FigureSpec[]) {
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

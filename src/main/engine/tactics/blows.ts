/**
 * What a blow is worth: the hits it is expected to put through the target's protection, from
 * the attack roll the engine reads (001 §Attack Rolls, its automatic results by the rule set's
 * `criticals`; RULINGS A3, A6), the weapon's damage dice (001 §Equipment, §Hand-to-Hand Combat)
 * and the target's armour and shield stops, taken off once per blow after the multiplier and
 * never below 0 (001 §Protection; RULINGS A4). A blow that armour always stops is worth nothing.
 */
import type { AttackKind } from '../combat/kinds';
import { damageSpec, protectionFor, type AttackPreview } from '../encounter/actions/attack';
import type { FigureState } from '../encounter/schema';
import { baseAdjDex, readyWeapon } from '../encounter/state';
import type { Weapon } from '../equipment';
import type { DiceSpec, Roll } from '../dice/types';
import type { RuleSet } from '../rules';

/** `ways[sum]`: the number of ways `count` d6 make `sum` (of 6^count). */
export function d6Ways(count: number): readonly number[] {
  const ways = WAYS.get(count);
  if (ways !== undefined) return ways;
  let w = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(w.length + 6).fill(0);
    w.forEach((n, sum) => {
      for (let face = 1; face <= 6; face++) next[sum + face]! += n;
    });
    w = next;
  }
  WAYS.set(count, w);
  return w;
}
const WAYS = new Map<number, number[]>();

export interface BlowWorth {
  /** The chance the roll hits (automatic results included). */
  readonly chance: number;
  /** Hits expected to get through protection, per blow struck. */
  readonly hits: number;
}

/**
 * The worth of a blow rolled on `count` dice at `adjDex`, doing `damage` plus `bonus`, against
 * `stops` hits of protection. Each total of the attack dice is read as the engine reads it.
 */
export function blowWorth(rules: RuleSet, count: number, adjDex: number, damage: DiceSpec, bonus: number, stops: number): BlowWorth {
  let byKey = WORTH.get(rules.criticals);
  if (byKey === undefined) WORTH.set(rules.criticals, (byKey = new Map()));
  const key = worthKey(count, adjDex, damage, bonus, stops);
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const attack = d6Ways(count);
  const total = 6 ** count;
  let chance = 0;
  let hits = 0;
  for (let sum = count; sum < attack.length; sum++) {
    const p = attack[sum]! / total;
    const reading = rules.criticals.read(rollOf(count, sum), adjDex);
    if (!reading.hit) continue;
    chance += p;
    hits += p * throughProtection(damage, bonus, reading.multiplier, stops);
  }
  const worth = { chance, hits };
  byKey.set(key, worth);
  return worth;
}
const WORTH = new Map<object, Map<number | string, BlowWorth>>();

/** One number for the usual ranges (asked on every proposal), a string past them. */
function worthKey(count: number, adjDex: number, damage: DiceSpec, bonus: number, stops: number): number | string {
  let key = field(0, count);
  key = field(key, adjDex + 64);
  key = field(key, damage.count);
  key = field(key, damage.sides);
  key = field(key, damage.modifier + 64);
  key = field(key, bonus + 64);
  key = field(key, stops);
  return key >= 0 ? key : `${count}|${adjDex}|${damage.count}d${damage.sides}${damage.modifier}|${bonus}|${stops}`;
}

/** Seven fields of 7 bits stay below 2^53; -1 once any is out of range. */
function field(key: number, v: number): number {
  return key < 0 || !Number.isInteger(v) || v < 0 || v >= 128 ? -1 : key * 128 + v;
}

/** Expected hits after protection of one damage roll (RULINGS A4: multiply, then stop, never below 0). */
function throughProtection(damage: DiceSpec, bonus: number, multiplier: number, stops: number): number {
  if (damage.sides !== 6) return Math.max(0, ((damage.count * (damage.sides + 1)) / 2 + damage.modifier + bonus) * multiplier - stops);
  const ways = d6Ways(damage.count);
  const total = 6 ** damage.count;
  let out = 0;
  for (let sum = damage.count; sum < ways.length; sum++) {
    const rolled = Math.max(0, sum + damage.modifier + bonus);
    out += (ways[sum]! / total) * Math.max(0, rolled * multiplier - stops);
  }
  return out;
}

function rollOf(count: number, total: number): Roll {
  return { notation: `${count}d6`, count, sides: 6, modifier: 0, faces: [], total, kind: 'seeded', label: 'tactics: what this total would mean' };
}

/** The damage a figure does with `weapon` (null: bare hands) in an attack of `kind`; null when the GM sets it (001: `Varies`, `—`). */
export function damageOf(attacker: FigureState, weapon: Weapon | null, kind: AttackKind): { dice: DiceSpec; bonus: number } | null {
  if (weapon !== null && kind !== 'hth' && weapon.damage.kind !== 'dice' && weapon.damage.kind !== 'by-str') return null;
  const spec = damageSpec(attacker, weapon, kind);
  if (typeof spec.dice === 'string') return null;
  return { dice: spec.dice, bonus: spec.bonus?.value ?? 0 };
}

/** A damage the GM sets (001: `Varies`) counts as 1d6 here (the console's choice). */
const GM_SET_DAMAGE: DiceSpec = { count: 1, sides: 6, modifier: 0, notation: '1d6' };

/** The worth of the blow an attack preview describes, struck with `weapon`. */
export function previewWorth(
  rules: RuleSet,
  attacker: FigureState,
  weapon: Weapon | null,
  preview: Pick<AttackPreview, 'kind' | 'dice' | 'adjDex' | 'protection'>,
): BlowWorth {
  const damage = damageOf(attacker, weapon, preview.kind) ?? { dice: GM_SET_DAMAGE, bonus: 0 };
  return blowWorth(rules, preview.dice.count, preview.adjDex.value, damage.dice, damage.bonus, preview.protection.value);
}

/**
 * The worth of a blow with the weapon in hand against `target`, from where neither stands yet:
 * the attacker's own adjDEX (001 §DEX Adjustments: armour, shield, injury) and the target's
 * protection, on 3 dice. For choosing whom to close on; the strike itself asks the engine's preview.
 */
export function heldWorth(rules: RuleSet, attacker: FigureState, target: FigureState): BlowWorth {
  const weapon = readyWeapon(attacker);
  const kind: AttackKind = weapon === null ? 'melee' : weapon.use === 'missile' ? 'missile' : 'melee';
  const damage = damageOf(attacker, weapon, kind) ?? { dice: GM_SET_DAMAGE, bonus: 0 };
  return blowWorth(rules, 3, baseAdjDex(attacker, rules.stats).value, damage.dice, damage.bonus, protectionFor(target).value);
}

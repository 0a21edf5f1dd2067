/**
 * The to-hit roll (001 §Attack Rolls; RULINGS A3, A6): how many dice, and what the total means.
 */
import type { Dice, Roll } from '../dice/types';
import { checkWhole } from './check';
import type { AttackKind, DefenceChoice } from './kinds';

export interface AttackDice {
  readonly count: 3 | 4;
  readonly reason: string;
  readonly source: string;
}

const DEFEND_STOPS: readonly AttackKind[] = ['melee', 'thrown', 'hth'];
const DODGE_STOPS: readonly AttackKind[] = ['missile', 'thrown', 'missile-spell'];

/**
 * RULINGS A6 (001 §Defending and Dodging, §Action Options c and k): Defend makes melee and
 * thrown attackers roll 4 dice, Dodge makes missile, thrown and missile-spell attackers roll 4.
 * HTH counts with melee under Defend: 001's table says Defend works against "melee and
 * non-missile" attacks, and a hand-to-hand blow is not a missile.
 */
export function attackDice(defence: DefenceChoice, kind: AttackKind): AttackDice {
  if (defence === 'defend' && DEFEND_STOPS.includes(kind)) {
    return {
      count: 4,
      reason: `The target is defending: a ${kind} attacker rolls 4 dice.`,
      source: '001 §Defending and Dodging; RULINGS A6',
    };
  }
  if (defence === 'dodge' && DODGE_STOPS.includes(kind)) {
    return {
      count: 4,
      reason: `The target is dodging: a ${kind} attacker rolls 4 dice.`,
      source: '001 §Defending and Dodging; RULINGS A6',
    };
  }
  const why =
    defence === 'none' ? 'The target neither defends nor dodges' : `${defence === 'defend' ? 'Defending' : 'Dodging'} does not hinder a ${kind} attack`;
  return { count: 3, reason: `${why}: 3 dice.`, source: '001 §Attack Rolls; RULINGS A6' };
}

export type AttackCritical = 'triple' | 'double-bleed' | 'auto-hit-fatigue-only' | 'miss' | 'drop' | 'break';

export interface AttackOutcome {
  readonly hit: boolean;
  /** The automatic result the total gave, or null when it was an ordinary roll against adjDEX. */
  readonly critical: AttackCritical | null;
  /** Damage multiplier on a hit (1, 2 or 3); 0 on a miss. */
  readonly multiplier: 0 | 1 | 2 | 3;
  /** Whether the damage also comes off Body (only the 3d6 rolls of 3 and 4). */
  readonly toBody: boolean;
  readonly bleeding: boolean;
  /** The attacker drops the weapon (17 on 3 dice; 21–22 on 4). */
  readonly dropWeapon: boolean;
  /** The attacker's weapon breaks (18 on 3 dice; 23–24 on 4). */
  readonly breakWeapon: boolean;
  readonly total: number;
  readonly adjDex: number;
  readonly reason: string;
  readonly source: string;
}

const AUTO_3 = '001 §Attack Rolls: Automatic Results (3d6); RULINGS A3';
const AUTO_4 = '001 §Attack Rolls: 4-Dice Results (vs Defending/Dodging); RULINGS A3';
const ORDINARY = '001 §Attack Rolls; 001 §Fatigue Points (normal hits reduce Fatigue only)';

function outcome(total: number, adjDex: number, critical: AttackCritical | null, hit: boolean, reason: string, source: string): AttackOutcome {
  const multiplier = !hit ? 0 : critical === 'triple' ? 3 : critical === 'double-bleed' ? 2 : 1;
  return {
    hit,
    critical,
    multiplier,
    toBody: critical === 'triple' || critical === 'double-bleed',
    bleeding: critical === 'double-bleed',
    dropWeapon: critical === 'drop',
    breakWeapon: critical === 'break',
    total,
    adjDex,
    reason,
    source,
  };
}

/**
 * What an attack roll's total means (001 §Attack Rolls; RULINGS A3).
 *
 * 3 dice: 3 triple damage to Fatigue and Body; 4 double damage to Fatigue and Body and bleeding;
 * 5 a hit whatever adjDEX, Fatigue only; 16 a miss whatever adjDEX; 17 a miss and the weapon is
 * dropped; 18 a miss and it breaks. 4 dice: 4–5 a hit; 20 a miss; 21–22 drop; 23–24 break.
 * Anything else hits when it is at or under adjDEX. An ordinary hit takes Fatigue only
 * (001 §Fatigue Points: normal hits reduce Fatigue only; §Body Points: only 3 and 4 reach Body).
 */
export function attackOutcome(roll: Roll, adjDex: number): AttackOutcome {
  checkWhole(adjDex, 'adjDEX');
  if (roll.sides !== 6 || (roll.count !== 3 && roll.count !== 4) || roll.modifier !== 0) {
    throw new RangeError(`An attack roll is 3d6 or 4d6 with nothing added (got ${roll.notation}).`);
  }
  const t = roll.total;
  if (roll.count === 3) {
    if (t === 3) return outcome(t, adjDex, 'triple', true, 'Rolled 3: triple damage to Fatigue and Body.', AUTO_3);
    if (t === 4) return outcome(t, adjDex, 'double-bleed', true, 'Rolled 4: double damage to Fatigue and Body, and bleeding.', AUTO_3);
    if (t === 5) return outcome(t, adjDex, 'auto-hit-fatigue-only', true, 'Rolled 5: an automatic hit, Fatigue only.', AUTO_3);
    if (t === 16) return outcome(t, adjDex, 'miss', false, 'Rolled 16: an automatic miss.', AUTO_3);
    if (t === 17) return outcome(t, adjDex, 'drop', false, 'Rolled 17: an automatic miss, and the weapon is dropped.', AUTO_3);
    if (t === 18) return outcome(t, adjDex, 'break', false, 'Rolled 18: an automatic miss, and the weapon breaks.', AUTO_3);
  } else {
    if (t === 4 || t === 5) return outcome(t, adjDex, 'auto-hit-fatigue-only', true, `Rolled ${t} on 4 dice: an automatic hit.`, AUTO_4);
    if (t === 20) return outcome(t, adjDex, 'miss', false, 'Rolled 20 on 4 dice: an automatic miss.', AUTO_4);
    if (t === 21 || t === 22) return outcome(t, adjDex, 'drop', false, `Rolled ${t} on 4 dice: an automatic miss, and the weapon is dropped.`, AUTO_4);
    if (t === 23 || t === 24) return outcome(t, adjDex, 'break', false, `Rolled ${t} on 4 dice: an automatic miss, and the weapon breaks.`, AUTO_4);
  }
  const hit = t <= adjDex;
  return outcome(t, adjDex, null, hit, hit ? `Rolled ${t} ≤ adjDEX ${adjDex}: a hit, Fatigue only.` : `Rolled ${t} > adjDEX ${adjDex}: a miss.`, ORDINARY);
}

export interface AttackRollResult {
  readonly dice: AttackDice;
  readonly roll: Roll;
  readonly outcome: AttackOutcome;
}

/** Rolls the attack: 3 or 4 dice by the target's defence (RULINGS A6), read by `attackOutcome`. */
export function rollAttack(
  dice: Dice,
  input: { readonly defence: DefenceChoice; readonly kind: AttackKind; readonly adjDex: number },
  label = 'attack roll',
): AttackRollResult {
  const count = attackDice(input.defence, input.kind);
  const roll = dice.roll({ count: count.count, sides: 6, modifier: 0, notation: `${count.count}d6` }, label);
  return { dice: count, roll, outcome: attackOutcome(roll, input.adjDex) };
}

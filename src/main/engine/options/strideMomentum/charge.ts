/**
 * Charges and attacks of opportunity under stride & momentum (RULINGS O3; 002 §Charging,
 * §Attacks of Opportunity, §Assigning Movement).
 *
 * Decisions where 002 is silent:
 * - The opportunity shot's range is half the distance, rounded down, at least 1 hex.
 * - Who strikes first in a pass-by is a roll-off between the two (RULINGS G4's 1d6, re-rolled
 *   while tied).
 * - "+1 to hit from opportunity" against an ambling monster is read as a +1 on the opportunity
 *   attack itself; an ambling monster triggers one only at stride 3 (the rule's threshold).
 */
import { rollOff } from '../../dice/rollOff';
import type { Dice, Roll } from '../../dice/types';
import { line, type BreakdownLine } from '../../explain';
import { STRIDE, type MonsterPace } from './tables';
import { strideBand } from './stride';

const SRC_CHARGE = '002 §Charging; RULINGS O3';
const SRC_OPP = '002 §Attacks of Opportunity; RULINGS O3';

/** 002 §Charging: the bonuses of any charge, as adjDEX lines. */
export function chargeBonuses(): { readonly attacker: BreakdownLine; readonly defender: BreakdownLine } {
  return {
    attacker: line('Charging', STRIDE.chargeAttackerBonus, SRC_CHARGE),
    defender: line('Meeting a charge', STRIDE.chargeDefenderBonus, SRC_CHARGE),
  };
}

export interface PassByCharge {
  readonly allowed: boolean;
  readonly reason: string;
  /** Who swings first; empty when not allowed. */
  readonly strikeOrder: readonly string[];
  readonly rolls: readonly Roll[];
  /** The same rolls, each with whose die it was. */
  readonly rollsBy: readonly { readonly figureId: string; readonly roll: Roll }[];
  readonly attackerBonus: BreakdownLine | null;
  readonly defenderBonus: BreakdownLine | null;
  /** Leaving the defender's hex costs no extra movement at stride 4+. */
  readonly freeExit: boolean;
  readonly source: string;
}

/** 002 §Charging: a pass-by charge at stride 4 or more; a roll decides who strikes first. */
export function passByCharge(dice: Dice, attackerId: string, defenderId: string, stride: number): PassByCharge {
  if (stride < STRIDE.passByMinStride) {
    return {
      allowed: false,
      reason: `A pass-by charge needs stride-${STRIDE.passByMinStride} or more (stride-${stride}).`,
      strikeOrder: [],
      rolls: [],
      rollsBy: [],
      attackerBonus: null,
      defenderBonus: null,
      freeExit: false,
      source: SRC_CHARGE,
    };
  }
  const off = rollOff([attackerId, defenderId], dice, 'pass-by charge: who strikes first');
  const b = chargeBonuses();
  return {
    allowed: true,
    reason: `${off.order[0]} strikes first.`,
    strikeOrder: off.order,
    rolls: off.rolls.map((r) => r.roll),
    rollsBy: off.rolls.map((r) => ({ figureId: r.participant, roll: r.roll })),
    attackerBonus: b.attacker,
    defenderBonus: b.defender,
    freeExit: true,
    source: `${SRC_CHARGE}; RULINGS G4`,
  };
}

export type DefenderWeapon = 'loaded-missile' | 'throwable-in-hand' | 'none';

export type MoverKind = { readonly kind: 'humanoid' } | { readonly kind: 'monster'; readonly pace: MonsterPace };

export interface OpportunityInput {
  readonly stride: number;
  /** The move ends with the two engaged in melee. */
  readonly engages: boolean;
  readonly defenderWeapon: DefenderWeapon;
  /** Hexes from the mover's starting hex to the defender. */
  readonly startDistance: number;
  readonly mover?: MoverKind;
}

export interface OpportunityAttack {
  readonly allowed: boolean;
  readonly reason: string;
  /** The range the defender shoots or throws at; null when there is no attack. */
  readonly rangeHexes: number | null;
  readonly bonus: BreakdownLine | null;
  readonly source: string;
}

/**
 * 002 §Attacks of Opportunity: a mover that engages a defender at stride 3+ gives a defender with
 * a loaded weapon, or a throwable one in hand, a shot first, at half the starting distance.
 * Monsters at their top speed give none; ambling monsters give it at +1 (002 §Assigning Movement).
 */
export function opportunityAttack(input: OpportunityInput): OpportunityAttack {
  const none = (reason: string, source = SRC_OPP): OpportunityAttack => ({ allowed: false, reason, rangeHexes: null, bonus: null, source });
  if (!input.engages) return none('The move does not end in melee: the defender acts in its own turn instead.');
  if (input.defenderWeapon === 'none') return none('The defender has no loaded weapon and nothing to throw in hand.');
  if (input.stride < STRIDE.opportunityMinStride)
    return none(`The mover comes on at stride-${input.stride}; only stride-${STRIDE.opportunityMinStride} or more gives an opening.`);
  const mover = input.mover ?? { kind: 'humanoid' };
  if (mover.kind === 'monster' && mover.pace === 'strike') {
    return none('A monster at its top speed (strike/flee) gives no attack of opportunity.', '002 §Assigning Movement; RULINGS O3');
  }
  strideBand(input.stride);
  const rangeHexes = Math.max(1, Math.floor(input.startDistance / 2));
  const bonus =
    mover.kind === 'monster' && mover.pace === 'ambling'
      ? line('Ambling monster', STRIDE.amblingOpportunityBonus, '002 §Assigning Movement; RULINGS O3')
      : null;
  return {
    allowed: true,
    reason: `Stride-${input.stride} into melee: the defender attacks first, at ${rangeHexes} hex${rangeHexes === 1 ? '' : 'es'} (half of ${input.startDistance}).`,
    rangeHexes,
    bonus,
    source: SRC_OPP,
  };
}

/**
 * 002 §Assigning Movement: the pace a monster is going at, read from the stride it came on at.
 * Feeding conforms to wary (1), ambling to walking (2–3). Decision where 002 is silent (a figure
 * keeps no per-monster top speed): any running or sprinting stride (4+) reads as strike/flee,
 * its top speed.
 */
export function monsterPace(stride: number): MonsterPace {
  const band = strideBand(stride);
  return band === 'wary' ? 'feeding' : band === 'walking' ? 'ambling' : 'strike';
}

export interface MonsterStrides {
  readonly attacks: number;
  readonly feeding: number;
  readonly ambling: number;
  readonly strike: number;
}

/** 002 §Assigning Movement: a monster's three strides, checked against the bands they conform to. */
export function checkMonsterStrides(m: MonsterStrides): string[] {
  const problems: string[] = [];
  if (strideBand(m.feeding) !== 'wary') problems.push(`Feeding is a wary stride (1), not ${m.feeding}.`);
  if (strideBand(m.ambling) !== 'walking') problems.push(`Ambling is a walking stride (2–3), not ${m.ambling}.`);
  strideBand(m.strike);
  if (m.strike < m.ambling) problems.push(`Strike/flee is the top speed: at least the ambling stride ${m.ambling}.`);
  if (!Number.isInteger(m.attacks) || m.attacks < 1) problems.push('A monster needs 1 attack or more (its AP).');
  return problems;
}

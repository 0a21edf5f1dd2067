/**
 * Damage: from the rolled hits to what comes off Fatigue and Body (001 §Protection; RULINGS A3,
 * A4), and the pools after it with their injury state (001 §Injury Thresholds & Death; RULINGS
 * C4, C5).
 */
import { line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { Roll } from '../dice/types';
import type { ProtectionItem } from '../equipment';
import { checkPoolLevel, injuryPenalty } from '../characters/injury';
import type { InjuryState, PoolsNow } from '../characters/injury';
import { poolSurvival, survivalThresholds } from '../characters/survival';
import type { PoolSurvival, SurvivalThresholds } from '../characters/survival';
import { checkWhole } from './check';

const PROTECTION_SOURCE = '001 §Protection; 001 §Armor and Shields (Stops); RULINGS A4';

export interface ProtectionInput {
  readonly armor?: ProtectionItem | null;
  readonly shield?: ProtectionItem | null;
  /** Natural protection of a creature (001 §Protection: "natural protection"), in hits. */
  readonly natural?: number;
}

/** The hits the target's armour, shield and natural protection stop from each attack (001 §Protection). */
export function protectionOf(input: ProtectionInput): Explained {
  const lines: BreakdownLine[] = [];
  if (input.armor) {
    if (input.armor.kind !== 'armor') throw new RangeError(`${input.armor.name} is not armour.`);
    lines.push(line(`${input.armor.name} stops`, input.armor.stops, PROTECTION_SOURCE));
  }
  if (input.shield) {
    if (input.shield.kind !== 'shield') throw new RangeError(`${input.shield.name} is not a shield.`);
    lines.push(line(`${input.shield.name} stops`, input.shield.stops, PROTECTION_SOURCE));
  }
  if (input.natural !== undefined && input.natural !== 0) {
    checkWhole(input.natural, 'Natural protection', 0);
    lines.push(line('Natural protection', input.natural, '001 §Protection'));
  }
  return { value: lines.reduce((t, l) => t + l.value, 0), breakdown: lines };
}

export interface DamageInput {
  /** The damage roll (its total), or a number of hits already known. */
  readonly damageRoll: Roll | number;
  /** Hits added to the roll before multiplying (e.g. `hthDamageBonus`), if any. */
  readonly bonus?: number | Explained;
  /** 1, 2 or 3 from `attackOutcome` (RULINGS A3). */
  readonly multiplier: number;
  /** Hits stopped per attack: a number or `protectionOf(...)`. */
  readonly protection: number | Explained;
  /** From `attackOutcome`: the damage also comes off Body (RULINGS A3). */
  readonly toBody: boolean;
}

export interface DamageResult {
  /** Hits after the multiplier, before protection. */
  readonly hits: number;
  /** Hits that get through (never below 0). */
  readonly afterProtection: number;
  readonly fatigueLoss: number;
  readonly bodyLoss: number;
  /** Lines summing to `afterProtection`. */
  readonly breakdown: readonly BreakdownLine[];
}

/**
 * RULINGS A4: multiply the rolled damage, then take the protection off once for the attack,
 * never below 0. Decisions: a damage roll below 0 (1d6−4 rolling 2) does no hits, so the
 * multiplier never makes a negative roll worse; a bonus to hits (HTH weapons) is part of the
 * damage and is multiplied with it. Hits come off Fatigue; off Body as well when `toBody`
 * (RULINGS A3: the 3d6 rolls of 3 and 4).
 */
export function resolveDamage(input: DamageInput): DamageResult {
  const { multiplier } = input;
  if (multiplier !== 1 && multiplier !== 2 && multiplier !== 3) {
    throw new RangeError(`The damage multiplier is 1, 2 or 3 (got ${multiplier}).`);
  }
  const lines: BreakdownLine[] = [];
  const roll = input.damageRoll;
  if (typeof roll === 'number') {
    checkWhole(roll, 'Damage');
    lines.push(line('Damage', roll, '001 §Attack Rolls'));
  } else {
    lines.push(line(`${roll.label}: ${roll.notation} [${roll.faces.join(', ')}]`, roll.total, '001 §Equipment (Damage column); 001 §Attack Rolls'));
  }
  const bonus = input.bonus;
  if (typeof bonus === 'number') {
    checkWhole(bonus, 'Damage bonus');
    if (bonus !== 0) lines.push(line('Bonus hits', bonus, '001 §Attack Rolls'));
  } else if (bonus !== undefined) {
    lines.push(...bonus.breakdown);
  }
  const rolled = lines.reduce((t, l) => t + l.value, 0);
  if (rolled < 0) lines.push(line('No negative damage', -rolled, 'RULINGS A4 (never below 0)'));
  const base = Math.max(0, rolled);
  if (multiplier > 1) {
    const name = multiplier === 3 ? 'Triple damage' : 'Double damage';
    lines.push(line(`${name} (×${multiplier})`, base * (multiplier - 1), '001 §Attack Rolls: Automatic Results (3d6); RULINGS A3, A4'));
  }
  const hits = base * multiplier;
  const protection = typeof input.protection === 'number' ? input.protection : input.protection.value;
  checkWhole(protection, 'Protection', 0);
  const stopped = Math.min(protection, hits);
  if (protection > 0) {
    const what =
      typeof input.protection === 'number' ? 'Protection' : input.protection.breakdown.map((l) => `${l.label} ${l.value}`).join(' + ') || 'Protection';
    lines.push(line(protection > hits ? `${what} (${protection}; only ${hits} to stop)` : `${what}`, -stopped + 0, PROTECTION_SOURCE));
  }
  const afterProtection = hits - stopped;
  return {
    hits,
    afterProtection,
    fatigueLoss: afterProtection,
    bodyLoss: input.toBody ? afterProtection : 0,
    breakdown: lines,
  };
}

export interface PoolLoss {
  readonly fatigueLoss: number;
  readonly bodyLoss: number;
}

export interface DamageApplied {
  readonly pools: PoolsNow;
  /** Injury penalty and states after the loss (RULINGS C4). */
  readonly injury: InjuryState;
  /** Survival save due and its penalty, per pool (RULINGS C5); making the save is the turn's business. */
  readonly survival: { readonly fatigue: PoolSurvival; readonly body: PoolSurvival };
  readonly thresholds: { readonly fatigue: SurvivalThresholds; readonly body: SurvivalThresholds };
  /** Fatigue reached 0 or less with this loss (001 §Fatigue Points: unconscious). */
  readonly becameUnconscious: boolean;
  /** Body reached 0 or less with this loss (001 §Body Points: semi-conscious). */
  readonly becameSemiConscious: boolean;
  /** A pool reached −½ its starting value with this loss: saves start (RULINGS C5). */
  readonly survivalSavesStart: boolean;
}

/**
 * Takes the loss off the pools and reports the injury state (001 §Injury Thresholds & Death;
 * RULINGS C4) and the survival thresholds (RULINGS C5). Death only follows a failed save, which
 * the turn rolls; this reports when saves are due.
 */
export function applyDamage(pools: PoolsNow, loss: PoolLoss): DamageApplied {
  checkPoolLevel('Fatigue', pools.fatigue);
  checkPoolLevel('Body', pools.body);
  checkWhole(loss.fatigueLoss, 'Fatigue loss', 0);
  checkWhole(loss.bodyLoss, 'Body loss', 0);
  const after: PoolsNow = {
    fatigue: { starting: pools.fatigue.starting, current: pools.fatigue.current - loss.fatigueLoss },
    body: { starting: pools.body.starting, current: pools.body.current - loss.bodyLoss },
  };
  const before = { fatigue: poolSurvival(pools.fatigue), body: poolSurvival(pools.body) };
  const survival = { fatigue: poolSurvival(after.fatigue), body: poolSurvival(after.body) };
  return {
    pools: after,
    injury: injuryPenalty(after),
    survival,
    thresholds: { fatigue: survivalThresholds(pools.fatigue.starting), body: survivalThresholds(pools.body.starting) },
    becameUnconscious: pools.fatigue.current > 0 && after.fatigue.current <= 0,
    becameSemiConscious: pools.body.current > 0 && after.body.current <= 0,
    survivalSavesStart: (!before.fatigue.due && survival.fatigue.due) || (!before.body.due && survival.body.due),
  };
}

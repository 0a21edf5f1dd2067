/**
 * Classic combat (RULINGS O1, A8; 004 §Rolling to Hit, §Roll to Miss, §Injury Effects,
 * §Defending and Dodging): the automatic results, rolling to miss a friend, heavy blows, the
 * injury rows that read ST, and the DX a Classic figure rolls against.
 *
 * Classic has one pool, ST (004 §Attributes), so a Classic result never says "to Body" and a
 * double hit does not bleed: 004 has neither.
 */
import type { AttackOutcome } from '../../combat/attackRoll';
import type { Dice, Roll } from '../../dice/types';
import { explainSum, line, type BreakdownLine, type Explained } from '../../explain';
import { armorById, shieldById } from '../../equipment';
import {
  CLASSIC_CRITICALS,
  CLASSIC_CRITICALS_SOURCE,
  CLASSIC_EXHAUSTION,
  CLASSIC_INJURY,
  CLASSIC_ROLL_TO_MISS,
  HEAVY_BLOW_BANDS,
  HEAVY_BLOW_DX_PENALTY,
  HEAVY_BLOW_SOURCE,
  type ClassicCritical,
  type HeavyBlowBand,
} from './tables';

export type ClassicAttackOutcome = Omit<AttackOutcome, 'critical' | 'toBody' | 'bleeding'> & { readonly critical: ClassicCritical | null };

/** Reads a 3d6 or 4d6 to-hit roll by 004's automatic results, else against adjDX. */
export function classicAttackOutcome(roll: Roll, adjDex: number): ClassicAttackOutcome {
  if (!Number.isInteger(adjDex)) throw new RangeError(`adjDX must be a whole number (got ${adjDex}).`);
  if (roll.sides !== 6 || (roll.count !== 3 && roll.count !== 4) || roll.modifier !== 0) {
    throw new RangeError(`A Classic to-hit roll is 3d6 or 4d6 with nothing added (got ${roll.notation}).`);
  }
  const t = roll.total;
  const row = CLASSIC_CRITICALS.find((r) => r.dice === roll.count && t >= r.from && t <= r.to);
  if (row !== undefined) {
    const hit = row.critical === 'triple' || row.critical === 'double' || row.critical === 'auto-hit';
    return {
      hit,
      critical: row.critical,
      multiplier: !hit ? 0 : row.critical === 'triple' ? 3 : row.critical === 'double' ? 2 : 1,
      dropWeapon: row.critical === 'drop',
      breakWeapon: row.critical === 'break',
      total: t,
      adjDex,
      reason: `Rolled ${t} on ${roll.count} dice: ${row.resultText.toLowerCase()}.`,
      source: CLASSIC_CRITICALS_SOURCE[roll.count],
    };
  }
  const hit = t <= adjDex;
  return {
    hit,
    critical: null,
    multiplier: hit ? 1 : 0,
    dropWeapon: false,
    breakWeapon: false,
    total: t,
    adjDex,
    reason: hit ? `Rolled ${t} ≤ adjDX ${adjDex}: a hit.` : `Rolled ${t} > adjDX ${adjDex}: a miss.`,
    source: '004 §Rolling to Hit; RULINGS O1',
  };
}

export interface ClassicRollToMiss {
  readonly roll: Roll;
  readonly missed: boolean;
  readonly multiplier: 0 | 1 | 2 | 3;
  readonly reason: string;
  readonly source: string;
}

/**
 * 004 §Roll to Miss: 3 dice per friend the missile passes. 14 and over are the table's fixed hits
 * (read first, whatever the adjDX); otherwise at or under adjDX the missile passes, over it the
 * friend takes an ordinary hit.
 */
export function classicRollToMiss(dice: Dice, adjDex: number, label = 'roll to miss a friend in the path'): ClassicRollToMiss {
  if (!Number.isInteger(adjDex)) throw new RangeError(`adjDX must be a whole number (got ${adjDex}).`);
  const roll = dice.roll('3d6', label);
  const t = roll.total;
  const source = '004 §Roll to Miss; RULINGS O1, H4';
  const row = CLASSIC_ROLL_TO_MISS.find((r) => t >= r.from && t <= r.to);
  if (row !== undefined)
    return { roll, missed: false, multiplier: row.multiplier, reason: `Rolled ${t}: ${row.resultText.toLowerCase()} on the friend.`, source };
  if (t <= adjDex) return { roll, missed: true, multiplier: 0, reason: `Rolled ${t} ≤ adjDX ${adjDex}: the missile passes.`, source };
  return { roll, missed: false, multiplier: 1, reason: `Rolled ${t} > adjDX ${adjDex}: the friend is hit.`, source };
}

// ---------------------------------------------------------------------------------------------
// Heavy blows — 004 §Injury Effects; RULINGS A8

export function heavyBlowBand(st: number): HeavyBlowBand {
  const band = HEAVY_BLOW_BANDS.find((b) => st >= b.fromSt && (b.toSt === null || st <= b.toSt));
  if (band === undefined) throw new RangeError(`No heavy-blow row for ST ${st}.`);
  return band;
}

export interface HeavyBlowEffect {
  readonly band: HeavyBlowBand;
  readonly hits: number;
  /** −2 DX on the next turn, explained; null when under the threshold. */
  readonly dxPenaltyNextTurn: Explained<number> | null;
  /** Falls down at once and loses this turn's action if it has not acted. */
  readonly fallsDown: boolean;
  readonly source: string;
}

/** What the hits a figure has taken this turn do to it (004 §Injury Effects; RULINGS A8). */
export function heavyBlowEffect(hitsThisTurn: number, st: number): HeavyBlowEffect {
  if (!Number.isInteger(hitsThisTurn) || hitsThisTurn < 0) throw new RangeError(`Hits are a whole number of 0 or more (got ${hitsThisTurn}).`);
  const band = heavyBlowBand(st);
  const penalised = hitsThisTurn >= band.dxPenaltyAt;
  return {
    band,
    hits: hitsThisTurn,
    dxPenaltyNextTurn: penalised
      ? explainSum([line(`Took ${hitsThisTurn} hits last turn (${band.dxPenaltyAt}+ at ${band.text})`, HEAVY_BLOW_DX_PENALTY, HEAVY_BLOW_SOURCE)])
      : null,
    fallsDown: hitsThisTurn >= band.fallDownAt,
    source: HEAVY_BLOW_SOURCE,
  };
}

export type HeavyBlowEvent =
  | { readonly type: 'heavyBlowDxPenalty'; readonly figureId: string; readonly hits: number; readonly penalty: number; readonly source: string }
  | { readonly type: 'heavyBlowFallsDown'; readonly figureId: string; readonly hits: number; readonly losesAction: boolean; readonly source: string };

/**
 * A step for the damage code: the figure's hits this turn went from `before` to `after`; the
 * events are the thresholds crossed now (each fires once a turn).
 */
export function heavyBlowStep(figureId: string, st: number, before: number, after: number, hasActed: boolean): HeavyBlowEvent[] {
  const was = heavyBlowEffect(before, st);
  const now = heavyBlowEffect(after, st);
  const events: HeavyBlowEvent[] = [];
  if (now.dxPenaltyNextTurn !== null && was.dxPenaltyNextTurn === null) {
    events.push({ type: 'heavyBlowDxPenalty', figureId, hits: after, penalty: HEAVY_BLOW_DX_PENALTY, source: HEAVY_BLOW_SOURCE });
  }
  if (now.fallsDown && !was.fallsDown) events.push({ type: 'heavyBlowFallsDown', figureId, hits: after, losesAction: !hasActed, source: HEAVY_BLOW_SOURCE });
  return events;
}

// ---------------------------------------------------------------------------------------------
// Injury and adjusted DX

export type ClassicCondition = 'fighting' | 'unconscious' | 'dead';

export interface ClassicInjury {
  /** ST left after the hits taken. */
  readonly stLeft: number;
  readonly condition: ClassicCondition;
  /** −3 DX once ST is down to 3 or less (for the rest of the combat). */
  readonly dxPenalty: number;
  readonly source: string;
}

/** 004 §Injury Effects: ST left after hits; 3 or less −3 DX, 1 unconscious, 0 dead. */
export function classicInjury(st: number, hitsTaken: number): ClassicInjury {
  const stLeft = st - hitsTaken;
  const condition: ClassicCondition = stLeft <= CLASSIC_INJURY.deadAtMost ? 'dead' : stLeft === CLASSIC_INJURY.unconsciousAt ? 'unconscious' : 'fighting';
  return { stLeft, condition, dxPenalty: stLeft <= CLASSIC_INJURY.lowStAtMost ? CLASSIC_INJURY.lowStDxPenalty : 0, source: CLASSIC_INJURY.source };
}

export interface ClassicDexInput {
  readonly dx: number;
  readonly st: number;
  readonly hitsTaken: number;
  readonly armorId?: string | null;
  /** A ready shield's id. */
  readonly shieldId?: string | null;
  readonly exhausted?: boolean;
  /** Hits the figure took last turn (heavy blows, RULINGS A8). */
  readonly hitsLastTurn?: number;
}

/**
 * The DX a Classic figure rolls against before the situation's rows: DX, armour and shield
 * (004 §Armor and Shield Adjustments — the same values as 001's DEX column), ST 3 or less,
 * exhaustion, and a heavy blow last turn.
 */
export function classicAdjustedDx(input: ClassicDexInput): Explained<number> {
  const lines: BreakdownLine[] = [line(`DX ${input.dx}`, input.dx, '004 §Rolling to Hit')];
  const src = '004 §Armor and Shield Adjustments; RULINGS O1';
  const armor = input.armorId ? armorById(input.armorId) : undefined;
  if (armor && armor.dex !== 0) lines.push(line(armor.name, armor.dex, src));
  const shield = input.shieldId ? shieldById(input.shieldId) : undefined;
  if (shield && shield.dex !== 0) lines.push(line(shield.name, shield.dex, src));
  const injury = classicInjury(input.st, input.hitsTaken);
  if (injury.dxPenalty !== 0) lines.push(line(`ST down to ${injury.stLeft}`, injury.dxPenalty, injury.source));
  if (input.exhausted === true) lines.push(line('Exhausted', CLASSIC_EXHAUSTION.dxPenalty, CLASSIC_EXHAUSTION.source));
  const heavy = heavyBlowEffect(input.hitsLastTurn ?? 0, input.st);
  if (heavy.dxPenaltyNextTurn !== null) lines.push(...heavy.dxPenaltyNextTurn.breakdown);
  return explainSum(lines);
}

export interface ClassicCollapseSave {
  readonly roll: Roll;
  readonly target: number;
  readonly unconscious: boolean;
  readonly source: string;
}

/** 004 §Fatigue (Collapse): fatigue spent beyond ST — 3 dice against ST or fall unconscious. */
export function classicCollapseSave(dice: Dice, st: number, label = 'collapse save'): ClassicCollapseSave {
  const roll = dice.roll('3d6', label);
  return { roll, target: st, unconscious: roll.total > st, source: '004 §Fatigue (Collapse); RULINGS O1' };
}

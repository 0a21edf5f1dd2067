/**
 * Adjusted DEX for one attack (RULINGS A1; 001 §DEX Adjustments, "all adjustments are
 * cumulative"): DEX + armour and shield DEX + injury penalty + every row of 001's tables that the
 * situation shows. The situation is plain data the caller (the encounter) derives from the map and
 * the GM's ticks; this module never looks at an encounter.
 */
import { line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { ProtectionItem } from '../equipment';
import type { Zone } from '../facing';
import { missileRangeModifier, thrownRangeModifier } from '../range';
import { asRuleSet, DEFAULT_RULES } from '../rules';
import type { Rules, RuleSet } from '../rules';
import { CLASSIC_YOUR_CONDITIONS, DEX_ROW_FOR_PROTECTION, MISSILE_RANGE_SOURCE, THROWN_RANGE_ROW, dexRow } from './dexTables';
import type { DexRowId } from './dexTables';
import { checkWhole } from './check';
import type { AttackKind } from './kinds';

export interface AttackSituation {
  readonly kind: AttackKind;
  /** The attacker's DEX. */
  readonly dex: number;
  /** Worn armour row (001 §Armor and Shields), if any. */
  readonly armor?: ProtectionItem | null;
  /** Carried shield row (001 §Armor and Shields; Main-Gauche counts), if any. */
  readonly shield?: ProtectionItem | null;
  /** Injury penalty (RULINGS C4): a number, or `injuryPenalty(...).explained` to keep its lines. */
  readonly injury?: number | Explained;
  /**
   * The zone of the target that the attacker strikes from (`zoneOf(target, attackerHex)` from
   * facing.ts; a prone target's hexes are all rear). Default front.
   */
  readonly zone?: Zone;
  /** Thrown attacks: hexes from thrower to target (required for `thrown`). */
  readonly rangeHexes?: number;
  /** Missile weapons and missile spells: megahexes on the tiling (RULINGS A2; required for them). */
  readonly rangeMegahexes?: number;
  // Target Conditions (the map shows them)
  readonly targetInvisible?: boolean;
  readonly targetInShadow?: boolean;
  /** A flying target: one-hex or multi-hex figure. */
  readonly targetInFlight?: 'one-hex' | 'multi-hex' | null;
  readonly targetIsGiantSnake?: boolean;
  // Your Conditions (the map shows them)
  /** The attacker is in a shadow hex or fires through one. */
  readonly inShadow?: boolean;
  readonly standingInFire?: boolean;
  readonly standingOnBody?: boolean;
  readonly movedOverBrokenGround?: boolean;
  // Positional Advantage the map shows
  /** A pole weapon that stood still against an opponent charging it (melee). */
  readonly poleVsCharge?: boolean;
  /** A crossbow fired by a prone figure (missile). */
  readonly crossbowFromProne?: boolean;
  // Ticked by the GM (RULINGS A1)
  /** Turns spent waiting for an opening: 0, 1, or 2 and more. */
  readonly waitedTurns?: number;
  readonly twoWeapons?: boolean;
  readonly sweepingBlow?: boolean;
  // Rows of 004 that only count under their rule set
  /** Took 5+ hits last turn: counts only when the rules' heavy blows are on (RULINGS A8). */
  readonly tookHeavyBlowLastTurn?: boolean;
  /** Exhausted: counts only when the rules' stats count exhaustion (Classic, RULINGS O1). */
  readonly exhausted?: boolean;
}

function rowLine(id: DexRowId, kind: AttackKind, detail?: string): BreakdownLine {
  const r = dexRow(id);
  if (!r.appliesTo.includes(kind)) {
    throw new RangeError(`"${r.text}" (${r.source}) does not apply to a ${kind} attack.`);
  }
  return line(detail === undefined ? r.text : `${r.text} ${detail}`, r.value, r.source);
}

function protectionLine(item: ProtectionItem, expected: 'armor' | 'shield'): BreakdownLine {
  if (item.kind !== expected) {
    throw new RangeError(`${item.name} is ${item.kind === 'armor' ? 'armour' : 'a shield'}, not ${expected === 'armor' ? 'armour' : 'a shield'}.`);
  }
  const rowId = DEX_ROW_FOR_PROTECTION[item.id];
  if (rowId === undefined) {
    // Fine Plate, Main-Gauche: only the equipment table gives their DEX.
    return line(item.name, item.dex + 0, `${item.source} (DEX column); RULINGS A1`);
  }
  const r = dexRow(rowId);
  return line(item.name, r.value + 0, `${r.source}; RULINGS A1`);
}

const INJURY_SOURCE = '001 §Injury Thresholds & Death; RULINGS C4';

/** adjDEX with one breakdown line per contributing row (RULINGS A1). */
export function adjustedDex(situation: AttackSituation, rules: Rules | RuleSet = DEFAULT_RULES): Explained {
  const s = situation;
  const rs = asRuleSet(rules);
  const kind = s.kind;
  checkWhole(s.dex, 'DEX');
  const lines: BreakdownLine[] = [line('DEX', s.dex, '001 §Attributes; RULINGS A1')];

  // Armour and shield
  if (s.armor) lines.push(protectionLine(s.armor, 'armor'));
  if (s.shield) lines.push(protectionLine(s.shield, 'shield'));

  // Injury
  if (typeof s.injury === 'number') {
    checkWhole(s.injury, 'Injury penalty');
    if (s.injury !== 0) lines.push(line('Injury penalty', s.injury, INJURY_SOURCE));
  } else if (s.injury !== undefined) {
    const sum = s.injury.breakdown.reduce((t, l) => t + l.value, 0);
    if (sum !== s.injury.value) throw new RangeError(`Injury penalty ${s.injury.value} does not match its lines (${sum}).`);
    lines.push(...s.injury.breakdown.filter((l) => l.value !== 0));
  }

  // Positional Advantage
  const zone = s.zone ?? 'front';
  if (kind === 'hth') {
    lines.push(rowLine('hth', kind)); // 001: both combatants; 004: it stands for the rear-hex bonus
  } else if (zone !== 'front' && kind !== 'missile-spell') {
    lines.push(rowLine(zone === 'side' ? 'side-hex' : 'rear-hex', kind));
  }
  if (s.poleVsCharge) lines.push(rowLine('pole-vs-charge', kind));
  if (s.crossbowFromProne) lines.push(rowLine('crossbow-prone', kind));
  const waited = s.waitedTurns ?? 0;
  checkWhole(waited, 'Turns waited for an opening', 0);
  if (waited === 1) lines.push(rowLine('waiting-1-turn', kind));
  if (waited >= 2) lines.push(rowLine('waiting-2-turns', kind, `(waited ${waited} turns)`));

  // Target Conditions
  if (s.targetInvisible) lines.push(rowLine('target-invisible', kind));
  if (s.targetInShadow) lines.push(rowLine('target-in-shadow', kind));
  if (s.targetInFlight === 'one-hex') lines.push(rowLine('target-one-hex-flying', kind));
  if (s.targetIsGiantSnake) lines.push(rowLine('target-giant-snake', kind));
  if (s.targetInFlight === 'multi-hex') lines.push(rowLine('target-multi-hex-flying', kind));

  // Your Conditions
  if (s.inShadow) lines.push(rowLine('in-shadow', kind));
  if (s.twoWeapons) lines.push(rowLine('two-weapons', kind));
  if (s.sweepingBlow) lines.push(rowLine('sweeping-blow', kind));
  if (s.standingInFire) lines.push(rowLine('standing-in-fire', kind));
  if (s.standingOnBody) lines.push(rowLine('standing-on-body', kind));
  if (s.movedOverBrokenGround) lines.push(rowLine('broken-ground', kind));
  // RULINGS A8, O1: the rules say whether heavy blows and exhaustion count (DESIGN §The engine).
  if (s.tookHeavyBlowLastTurn && rs.heavyBlowRules.enabled) {
    const c = CLASSIC_YOUR_CONDITIONS.heavyBlow;
    lines.push(line(c.text, c.value, c.source));
  }
  if (s.exhausted && rs.stats.countsExhaustion) {
    const c = CLASSIC_YOUR_CONDITIONS.exhausted;
    lines.push(line(c.text, c.value, c.source));
  }

  // Range
  if (kind === 'thrown') {
    if (s.rangeHexes === undefined) throw new RangeError('A thrown attack needs its range in hexes.');
    const v = thrownRangeModifier(s.rangeHexes);
    lines.push(line(`Thrown range ${s.rangeHexes} ${s.rangeHexes === 1 ? 'hex' : 'hexes'}`, v, THROWN_RANGE_ROW.source));
  } else if (s.rangeHexes !== undefined) {
    throw new RangeError(`Range in hexes is for thrown attacks, not a ${kind} attack.`);
  }
  // Missile spells: 001 gives them no range table; the console's choice is the missile-weapon
  // table (RULINGS A6 groups them with missiles for Dodge only, not for range).
  if (kind === 'missile' || kind === 'missile-spell') {
    if (s.rangeMegahexes === undefined) throw new RangeError(`A ${kind} attack needs its range in megahexes.`);
    const v = missileRangeModifier(s.rangeMegahexes);
    lines.push(line(`Missile range ${s.rangeMegahexes} MH`, v, MISSILE_RANGE_SOURCE));
  } else if (s.rangeMegahexes !== undefined) {
    throw new RangeError(`Range in megahexes is for missile weapons and missile spells, not a ${kind} attack.`);
  }

  return { value: lines.reduce((t, l) => t + l.value, 0), breakdown: lines };
}

/**
 * Encumbrance (001 §Encumbrance; RULINGS M1, M4): the load level a carried weight makes at a STR,
 * its movement penalty and its restriction on gaits.
 */
import { line, type Explained } from './explain';
import type { MovementRestriction, RestrictionReason } from './movement';

const SRC_ENCUMBRANCE = '001 §Encumbrance';

export type EncumbranceLevel = 'unencumbered' | 'light' | 'medium' | 'heavy' | 'overloaded';

export interface EncumbranceBand {
  readonly level: EncumbranceLevel;
  /** Load Level cell as written. */
  readonly name: string;
  /** Weight Carried cell as written. */
  readonly weightText: string;
  /** The band's upper limit as a multiple of STR (in lbs); null for Overloaded (no limit). */
  readonly upToStrTimes: number | null;
  /** Movement Penalty; null where the table has `—` (Overloaded: the 1-hex cap replaces it). */
  readonly penalty: number | null;
  readonly restriction: MovementRestriction;
  /** Restrictions cell as written. */
  readonly restrictionText: string;
}

// 001 §Encumbrance. The table's "+1" lower bounds are whole-pound steps; weights in 001 have
// decimals (a dagger is 0.2 lbs), so a band starts just above the previous band's upper limit:
// more than STR × 1.5 is Medium, whatever the fraction.
export const ENCUMBRANCE_TABLE: readonly EncumbranceBand[] = [
  { level: 'unencumbered', name: 'Unencumbered', weightText: 'Up to STR lbs', upToStrTimes: 1, penalty: 0, restriction: 'none', restrictionText: '—' },
  { level: 'light', name: 'Light', weightText: 'STR+1 to STR×1.5', upToStrTimes: 1.5, penalty: -1, restriction: 'none', restrictionText: '—' },
  {
    level: 'medium',
    name: 'Medium',
    weightText: 'STR×1.5+1 to STR×2',
    upToStrTimes: 2,
    penalty: -2,
    restriction: 'cannot-run-or-sprint',
    restrictionText: 'Cannot Run or Sprint',
  },
  {
    level: 'heavy',
    name: 'Heavy',
    weightText: 'STR×2+1 to STR×2.5',
    upToStrTimes: 2.5,
    penalty: -4,
    restriction: 'cannot-jog-run-or-sprint',
    restrictionText: 'Cannot Jog, Run, or Sprint',
  },
  {
    level: 'overloaded',
    name: 'Overloaded',
    weightText: 'Over STR×2.5',
    upToStrTimes: null,
    penalty: null,
    restriction: 'walk-only-1-hex',
    restrictionText: 'Walk only, 1 hex max',
  },
];

export interface Encumbrance {
  readonly level: EncumbranceLevel;
  readonly band: EncumbranceBand;
  readonly carriedLbs: number;
  readonly strength: number;
  /** The most this band allows at this STR (lbs); null for Overloaded. */
  readonly maxLbs: number | null;
  /** Added to the movement modifier (RULINGS M1). 0 for Overloaded, whose cap replaces the penalty. */
  readonly penalty: Explained<number>;
  readonly restriction: RestrictionReason;
}

/** 001 §Encumbrance: the load level for a carried weight (lbs) at a STR. */
export function encumbranceLevel(carriedLbs: number, strength: number): Encumbrance {
  if (!Number.isFinite(carriedLbs) || carriedLbs < 0) {
    throw new RangeError(`Carried weight must be 0 lbs or more (got ${carriedLbs}).`);
  }
  if (!Number.isFinite(strength)) throw new RangeError(`STR must be a number (got ${strength}).`);
  const band =
    ENCUMBRANCE_TABLE.find((b) => b.upToStrTimes === null || carriedLbs <= b.upToStrTimes * strength) ?? ENCUMBRANCE_TABLE[ENCUMBRANCE_TABLE.length - 1];
  if (band === undefined) throw new Error('empty encumbrance table');
  const maxLbs = band.upToStrTimes === null ? null : band.upToStrTimes * strength;
  const where = maxLbs === null ? `over ${2.5 * strength} lbs` : `up to ${maxLbs} lbs`;
  const label = `Encumbrance: ${band.name} (${carriedLbs} lbs at STR ${strength}, ${where})`;
  const penalty: Explained<number> =
    band.penalty === null
      ? { value: 0, breakdown: [line(`${label}; no penalty, 1 hex max instead`, 0, `${SRC_ENCUMBRANCE}; RULINGS M4`)] }
      : { value: band.penalty, breakdown: [line(label, band.penalty, `${SRC_ENCUMBRANCE}; RULINGS M1`)] };
  return {
    level: band.level,
    band,
    carriedLbs,
    strength,
    maxLbs,
    penalty,
    restriction: {
      restriction: band.restriction,
      label: `Encumbrance: ${band.name}`,
      source: `${SRC_ENCUMBRANCE} (Restrictions); RULINGS M4`,
    },
  };
}

/**
 * RULINGS O3 (amended) with M4: load and armour restrictions carry over to strides as caps —
 * "cannot sprint" stride 5 at most, "cannot run or sprint" 3, "cannot jog, run or sprint" 2,
 * Overloaded 1 hex a turn.
 */
import { line, type BreakdownLine } from '../../explain';
import { type MovementRestriction, type RestrictionReason } from '../../movement';
import { movementProfile } from '../../movementProfile';
import type { MoverInput } from '../types';
import { MAX_STRIDE } from './tables';

const STRIDE_CAP: Readonly<Record<MovementRestriction, number>> = {
  none: MAX_STRIDE,
  'cannot-sprint': 5,
  'cannot-run-or-sprint': 3,
  'cannot-jog-run-or-sprint': 2,
  'walk-only-1-hex': 1,
};

export interface StrideCap {
  /** The fastest stride the figure may take. */
  readonly maxStride: number;
  /** The most hexes a turn (Overloaded: 1); null when only the stride is capped. */
  readonly maxHexes: number | null;
  /** The restriction that sets the cap; null when nothing restricts. */
  readonly by: RestrictionReason | null;
}

/** The stride cap the figure's load and armour set (RULINGS O3, M4: the stricter wins). */
export function strideCap(m: MoverInput): StrideCap {
  const { restriction } = movementProfile({
    attributes: m.attributes,
    ...(m.carriedLbs === undefined ? {} : { carriedLbs: m.carriedLbs }),
    armor: m.armorId ?? null,
  });
  const r = restriction.value;
  return { maxStride: STRIDE_CAP[r], maxHexes: r === 'walk-only-1-hex' ? 1 : null, by: restriction.decidedBy };
}

/** Why a stride above the cap is closed, in the GM's words. */
export function capReason(cap: StrideCap): string {
  return `${cap.by?.label ?? 'Restricted'}: stride ${cap.maxStride} at most${cap.maxHexes === null ? '' : `, ${cap.maxHexes} hex a turn`} (RULINGS O3, M4)`;
}

/** The line that brings a stride's distance down to the Overloaded 1 hex a turn. */
export function hexCapLine(cap: StrideCap, hexes: number): BreakdownLine | null {
  if (cap.maxHexes === null || hexes <= cap.maxHexes) return null;
  return line(`${cap.by?.label ?? 'Overloaded'}: ${cap.maxHexes} hex a turn`, cap.maxHexes - hexes, 'RULINGS O3, M4');
}

/** A figure's movement as a whole: its modifier with encumbrance, its combined restriction and its gaits (001 §Movement; RULINGS M1–M4). */
import type { ProtectionItem } from './equipment';
import type { Explained } from './explain';
import { encumbranceLevel, type Encumbrance } from './encumbrance';
import {
  armorRestriction,
  combinedRestriction,
  gaitDistances,
  movementModifier,
  type CombinedRestriction,
  type MovementAttributes,
  type GaitOption,
  type RestrictionReason,
} from './movement';

export interface MovementInput {
  readonly attributes: MovementAttributes;
  /** Everything carried, in lbs (armour and shield included); omitted = not tracked (no encumbrance). */
  readonly carriedLbs?: number;
  /** Worn armour (row or id). */
  readonly armor?: ProtectionItem | string | null;
  /** Any further restrictions the GM or another rule imposes. */
  readonly extraRestrictions?: readonly RestrictionReason[];
}

export interface MovementProfile {
  readonly modifier: Explained<number>;
  readonly encumbrance: Encumbrance | null;
  readonly restriction: CombinedRestriction;
  readonly gaits: readonly GaitOption[];
}

/** Everything above for one figure: modifier (with encumbrance), combined restriction, gaits. */
export function movementProfile(input: MovementInput): MovementProfile {
  const encumbrance = input.carriedLbs === undefined ? null : encumbranceLevel(input.carriedLbs, input.attributes.STR);
  const modifier = movementModifier(input.attributes, encumbrance?.penalty);
  const reasons: RestrictionReason[] = [armorRestriction(input.armor)];
  if (encumbrance !== null) reasons.push(encumbrance.restriction);
  reasons.push(...(input.extraRestrictions ?? []));
  const restriction = combinedRestriction(...reasons);
  return { modifier, encumbrance, restriction, gaits: gaitDistances(modifier, restriction) };
}

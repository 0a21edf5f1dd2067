/**
 * The words the combat library shares with its callers.
 */

/**
 * What kind of attack is being made. `melee`: a weapon swung or thrust at an adjacent hex (or
 * two hexes with a pole weapon); `thrown`: a weapon thrown (001 §Range (Thrown Weapons));
 * `missile`: bow, crossbow or sling (001 §Range (Missile Weapons)); `missile-spell`: a spell that
 * must hit (001 §Casting Spells, RULINGS S1); `hth`: hand-to-hand (001 §Hand-to-Hand Combat).
 */
export type AttackKind = 'melee' | 'thrown' | 'missile' | 'missile-spell' | 'hth';

export const ATTACK_KINDS: readonly AttackKind[] = ['melee', 'thrown', 'missile', 'missile-spell', 'hth'];

/** What the target chose this turn: nothing, Defend (option k) or Dodge (option c) (001 §Action Options). */
export type DefenceChoice = 'none' | 'defend' | 'dodge';

/** Physical attacks are made with weapons or hands; a spell is not one (001 §Facing, "Physical attacks"). */
export function isPhysical(kind: AttackKind): boolean {
  return kind !== 'missile-spell';
}

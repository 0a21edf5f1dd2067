/**
 * Equipment data (001 §Equipment) and the few questions asked of it. Ids are unique within each
 * list (weapons, armour + shields, gear); the lists are separate namespaces, so `hammer` and
 * `torch` are both a weapon and a gear row, as in 001.
 */
import { ARMOR, SHIELDS, type ProtectionItem } from './armor';
import { GEAR, type GearItem } from './gear';
import { WEAPONS, type Weapon } from './weapons';

export * from './currency';
export * from './weapons';
export * from './armor';
export * from './gear';

function indexById<T extends { readonly id: string }>(rows: readonly T[], what: string): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    if (map.has(row.id)) throw new Error(`Duplicate ${what} id "${row.id}"`);
    map.set(row.id, row);
  }
  return map;
}

export const WEAPONS_BY_ID: ReadonlyMap<string, Weapon> = indexById(WEAPONS, 'weapon');
/** Armour and shields share one namespace, so a figure's protection can be named by id alone. */
export const PROTECTION_BY_ID: ReadonlyMap<string, ProtectionItem> = indexById([...ARMOR, ...SHIELDS], 'armour/shield');
export const GEAR_BY_ID: ReadonlyMap<string, GearItem> = indexById(GEAR, 'gear');

export function weaponById(id: string): Weapon | undefined {
  return WEAPONS_BY_ID.get(id);
}

/** An armour row (not a shield). */
export function armorById(id: string): ProtectionItem | undefined {
  const item = PROTECTION_BY_ID.get(id);
  return item?.kind === 'armor' ? item : undefined;
}

/** A shield row (Main-Gauche included). */
export function shieldById(id: string): ProtectionItem | undefined {
  const item = PROTECTION_BY_ID.get(id);
  return item?.kind === 'shield' ? item : undefined;
}

/** Armour or shield. */
export function protectionById(id: string): ProtectionItem | undefined {
  return PROTECTION_BY_ID.get(id);
}

export function gearById(id: string): GearItem | undefined {
  return GEAR_BY_ID.get(id);
}

export interface StrengthCheck {
  readonly ok: boolean;
  /** The weapon's minimum STR; null when the table gives none (`—`). */
  readonly required: number | null;
  readonly strength: number;
  /** How many points of STR are missing; 0 when ok. */
  readonly shortfall: number;
  /** A sentence for the GM. */
  readonly reason: string;
  readonly source: string;
}

/**
 * Whether a figure is strong enough for a weapon. 001 gives each weapon a minimum STR (the STR
 * column) and says STR governs which weapons a character can use successfully (001 §Attribute
 * Descriptions), but names no penalty for using one below the minimum; so this is a yes/no check
 * with the shortfall, and what to do about a failure (refuse, or let the GM allow it) is the
 * caller's choice.
 */
export function meetsMinimumStrength(weapon: Weapon, strength: number): StrengthCheck {
  const source = `${weapon.source} (STR column); 001 §Attribute Descriptions (STR)`;
  const required = weapon.minStr;
  if (required === null) {
    return { ok: true, required, strength, shortfall: 0, reason: `${weapon.name} has no minimum STR.`, source };
  }
  if (strength >= required) {
    return {
      ok: true,
      required,
      strength,
      shortfall: 0,
      reason: `${weapon.name} needs STR ${required}; STR ${strength} is enough.`,
      source,
    };
  }
  const shortfall = required - strength;
  return {
    ok: false,
    required,
    strength,
    shortfall,
    reason: `${weapon.name} needs STR ${required}; STR ${strength} is ${shortfall} short.`,
    source,
  };
}

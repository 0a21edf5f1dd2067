/**
 * The weapon ready in the other hand (RULINGS H7: two-weapon fighting needs two ready weapons).
 * H7 (amended): a ready shield fills a hand, so a figure with a ready shield holds no second weapon
 * and cannot ready its shield while a weapon is ready in each hand; a slung shield leaves the hand
 * free. The console's choices, where 004 and H7 are silent: both weapons are one-handed, neither is
 * a missile weapon or ammunition, and the two are different weapons carried.
 */
import { weaponById, type Weapon } from '../../equipment';
import type { FigureState } from '../schema';

type Hands = Pick<FigureState['equipment'], 'weaponIds' | 'readyWeaponId' | 'shieldId'> & {
  readonly offHandWeaponId?: string | null | undefined;
  /** Whether the shield is on the arm; absent = it is (a shield given on a sheet starts ready). */
  readonly shieldReady?: boolean | undefined;
};

export const TWO_WEAPONS_SOURCE = '004 §Your Conditions (Two-weapon fighting); RULINGS H7';

/** Whether a ready shield fills one of the figure's hands (RULINGS H7 amended). */
export function shieldFillsAHand(e: Pick<Hands, 'shieldId' | 'shieldReady'>): boolean {
  return e.shieldId !== null && e.shieldReady !== false;
}

/** Whether a weapon is ready in each hand (RULINGS H7). */
export function weaponInEachHand(e: Pick<Hands, 'readyWeaponId' | 'offHandWeaponId'>): boolean {
  return e.readyWeaponId !== null && (e.offHandWeaponId ?? null) !== null;
}

/** What is wrong with the weapon in the other hand, or null (none is fine). */
export function offHandProblem(e: Hands): string | null {
  const id = e.offHandWeaponId ?? null;
  if (id === null) return null;
  const weapon = weaponById(id);
  if (!weapon) return `There is no weapon "${id}" in the weapon tables.`;
  if (!e.weaponIds.includes(id)) return 'The weapon in the other hand must be one of the weapons carried.';
  if (id === e.readyWeaponId) return `${weapon.name} is already the weapon in hand: the other hand holds a second weapon.`;
  if (e.readyWeaponId === null) return 'Ready a weapon in the main hand before one in the other hand.';
  const main = weaponById(e.readyWeaponId);
  for (const w of [main, weapon]) {
    if (!w) continue;
    if (w.hands === 2) return `${w.name} takes both hands: no second weapon with it (${TWO_WEAPONS_SOURCE}).`;
    if (w.use === 'missile' || w.use === 'ammunition') return `${w.name} is not a weapon to fight with in one hand (${TWO_WEAPONS_SOURCE}).`;
  }
  if (shieldFillsAHand(e)) return `A ready shield fills the other hand: sling it or drop it before readying a second weapon (${TWO_WEAPONS_SOURCE}).`;
  return null;
}

export function offHandWeapon(f: FigureState): Weapon | null {
  const id = f.equipment.offHandWeaponId ?? null;
  return id === null ? null : (weaponById(id) ?? null);
}

/** The equipment with one weapon gone (dropped, broken or thrown): the hand that held it is empty. */
export function withoutWeapon(e: FigureState['equipment'], weaponId: string): FigureState['equipment'] {
  const at = e.weaponIds.indexOf(weaponId);
  const next = { ...e, weaponIds: at === -1 ? [...e.weaponIds] : [...e.weaponIds.slice(0, at), ...e.weaponIds.slice(at + 1)] };
  if (e.readyWeaponId === weaponId) next.readyWeaponId = null;
  else if ((e.offHandWeaponId ?? null) === weaponId) next.offHandWeaponId = null;
  return next;
}

/** The equipment with `weaponId` readied in the main hand: taken out of the other hand if it was there. */
export function inMainHand(e: FigureState['equipment'], weaponId: string | null): FigureState['equipment'] {
  return { ...e, readyWeaponId: weaponId, ...(weaponId !== null && e.offHandWeaponId === weaponId ? { offHandWeaponId: null } : {}) };
}

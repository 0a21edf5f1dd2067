/**
 * The weapon options (001 §Action Options e, m, q): readying a weapon or shield (re-slinging the
 * one in hand), changing weapons while engaged (dropping the one in hand), picking one up from the
 * map. RULINGS H7 (amended): a ready shield fills a hand.
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import { weaponById } from '../../equipment';
import { act } from './actionCheck';
import { dropItem } from './resolveAttack';
import { inMainHand, weaponInEachHand } from './offHand';
import { itemsOf, type FigureState } from '../schema';
import { markActed } from '../turn/turn';
import type { Tx } from '../tx';

function pickUp(tx: Tx, f: FigureState, itemId: string): string {
  const item = itemsOf(tx.state).find((i) => i.id === itemId);
  if (!item || item.kind === 'pack') throw new AppError('not-found', `There is no weapon or shield "${itemId}" on the map.`);
  if (hexDistance(item.position, f.position) > 1)
    throw new AppError('rule', `${item.itemId} lies too far: pick up from your hex or the next one (001 §Action Options e, q).`);
  tx.state = { ...tx.state, items: itemsOf(tx.state).filter((i) => i.id !== itemId) };
  if (item.kind === 'weapon') {
    tx.update(f.id, (x) => ({ ...x, equipment: inMainHand({ ...x.equipment, weaponIds: [...x.equipment.weaponIds, item.itemId] }, item.itemId) }));
  } else {
    refuseShieldWithTwoWeapons(f);
    tx.update(f.id, (x) => ({ ...x, equipment: { ...x.equipment, shieldId: item.itemId, shieldReady: true } }));
  }
  tx.emit?.({ type: 'itemPickedUp', figureId: f.id, itemId, what: item.itemId, source: '001 §Action Options e, q' });
  return item.itemId;
}

/** RULINGS H7 (amended): a ready shield fills a hand, so it is not readied while a weapon is ready in each. */
function refuseShieldWithTwoWeapons(f: FigureState): void {
  if (weaponInEachHand(f.equipment))
    throw new AppError(
      'rule',
      `${f.name} has a weapon ready in each hand: a ready shield fills a hand, so it readies its shield with one hand free (RULINGS H7).`,
    );
}

export function applyReadyWeapon(tx: Tx, c: CommandOf<'readyWeapon'>): void {
  const f = act(tx, c, 'e');
  if (c.itemId !== undefined) {
    pickUp(tx, f, c.itemId);
  } else {
    if (c.weaponId !== null && !f.equipment.weaponIds.includes(c.weaponId)) throw new AppError('rule', `${f.name} does not carry ${c.weaponId}.`);
    // 001 §Action Options e: the old weapon is re-slung (kept), the new one readied.
    tx.update(f.id, (x) => ({ ...x, equipment: inMainHand(x.equipment, c.weaponId) }));
  }
  if (c.shieldReady !== undefined && tx.fig(f.id).equipment.shieldId !== null) {
    if (c.shieldReady) refuseShieldWithTwoWeapons(tx.fig(f.id));
    tx.update(f.id, (x) => ({ ...x, equipment: { ...x.equipment, shieldReady: c.shieldReady === true } }));
  }
  const now = tx.fig(f.id);
  tx.emit?.({
    type: 'weaponReadied',
    figureId: f.id,
    weaponId: now.equipment.readyWeaponId,
    shieldReady: now.equipment.shieldReady,
    source: '001 §Action Options e',
  });
  markActed(tx, f.id, 'e');
}

export function applyChangeWeapon(tx: Tx, c: CommandOf<'changeWeapon'>): void {
  const f = act(tx, c, 'm');
  const w = weaponById(c.weaponId);
  if (!w || !f.equipment.weaponIds.includes(c.weaponId)) throw new AppError('rule', `${f.name} does not carry ${c.weaponId}.`);
  if (w.use === 'missile') throw new AppError('rule', `An engaged figure cannot ready a missile weapon (001 §Action Options m).`);
  if (c.weaponId === f.equipment.readyWeaponId) throw new AppError('rule', `${w.name} is ready already.`);
  // 001 §Action Options m: the ready weapon is dropped, not slung.
  if (f.equipment.readyWeaponId !== null) dropItem(tx, f.id, 'weapon', f.equipment.readyWeaponId, f.position, '001 §Action Options m');
  tx.update(f.id, (x) => ({ ...x, equipment: inMainHand(x.equipment, c.weaponId) }));
  tx.emit?.({ type: 'weaponReadied', figureId: f.id, weaponId: c.weaponId, shieldReady: tx.fig(f.id).equipment.shieldReady, source: '001 §Action Options m' });
  markActed(tx, f.id, 'm');
}

export function applyPickUpWeapon(tx: Tx, c: CommandOf<'pickUpWeapon'>): void {
  const f = act(tx, c, 'q');
  if (f.equipment.readyWeaponId !== null) dropItem(tx, f.id, 'weapon', f.equipment.readyWeaponId, f.position, '001 §Action Options q');
  const what = pickUp(tx, tx.fig(f.id), c.itemId);
  tx.emit?.({
    type: 'weaponReadied',
    figureId: f.id,
    weaponId: tx.fig(f.id).equipment.readyWeaponId,
    shieldReady: tx.fig(f.id).equipment.shieldReady,
    source: `001 §Action Options q (${what})`,
  });
  markActed(tx, f.id, 'q');
}

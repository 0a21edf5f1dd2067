/**
 * Riders and mounts. The rules name them in three places: 001 §Pole Weapons gives the Cavalry
 * Lance the note "Mounted only"; 001 §Mounts & Vehicles prices horses and saddles; 003's
 * Initiative Modifiers Table (RULINGS O4) adds Ride for a figure on horseback. They say nothing
 * of how a mounted figure moves or is placed, so the rest is the console's choice:
 * - A rider and its mount are two linked figures (`ridingId` on the rider): each keeps its own
 *   sheet, pools, weapons and facing, and attacks are made on either.
 * - A one-hex figure mounts a standing figure of its own side next to it; one rider per mount.
 *   In a movement phase getting on or off is the rider's movement for the turn (it moves no
 *   further; its options count it as standing still); outside the movement phases it is the GM
 *   placing figures, as a drag is.
 * RULINGS H9 settles the rest of how they move and act:
 * - The pair moves as one on the mount's gaits, and the mount pays the movement Fatigue (M1–M3): a
 *   move of the rider is its mount's move. The rider sits in the mount's front hex (its anchor);
 *   its turn records the mount's hexes and the gait they make on the mount's own table, so its
 *   options follow that gait (T5). The pair stops when either is engaged (M5; engagement.ts).
 * - A mount rolls no initiative of its own: it moves and acts right after its rider (turn.ts).
 * - A rider whose mount falls is placed prone beside it, the GM choosing where (riderFalls.ts).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import { MOVEMENT_PHASES } from '../../../../shared/phases';
import type { Weapon } from '../../equipment';
import type { EncounterState, FigureState } from '../schema';
import { canAct, figureById, figureHexes, hasCondition, mountOf, riderOf } from '../state';
import { isMovementPhase, markMoved, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';
import { freeHexesBeside } from './riderFalls';
import { turnGait } from './turnGait';

export const MOUNT_SOURCE = "the console's choice (001 and 003 name riders and mounts but not how they move)";
export const LANCE_SOURCE = '001 §Pole Weapons (Cavalry Lance: "Mounted only")';

/** Why `rider` cannot mount `mount` now, or null. */
export function mountRefusal(state: EncounterState, rider: FigureState, mount: FigureState): string | null {
  if (rider.id === mount.id) return `${rider.name} cannot ride itself.`;
  if (rider.ridingId !== undefined) return `${rider.name} is riding already: it dismounts first.`;
  if (riderOf(state, rider.id)) return `${rider.name} carries a rider of its own.`;
  if (mount.ridingId !== undefined) return `${mount.name} is itself riding.`;
  const other = riderOf(state, mount.id);
  if (other) return `${other.name} rides ${mount.name} already.`;
  if (rider.size !== 1) return `Only a one-hex figure rides (${MOUNT_SOURCE}).`;
  if (rider.sideId !== mount.sideId) return `${mount.name} is not on ${rider.name}'s side.`;
  for (const f of [rider, mount]) {
    if (!canAct(f) || f.posture !== 'standing') return `${f.name} is ${f.posture}: rider and mount both stand.`;
    if (f.hthWith.length > 0) return `${f.name} is in hand-to-hand combat.`;
    if (hasCondition(f, 'flying')) return `${f.name} is in the air.`;
  }
  const near = Math.min(...figureHexes(mount).map((h) => hexDistance(h, rider.position)));
  if (near > 1) return `${rider.name} is not next to ${mount.name}.`;
  return null;
}

/** A free hex next to the mount for the rider to get down into: `to` if it is one, else the first. */
function dismountHex(state: EncounterState, rider: FigureState, mount: FigureState, to: Hex | undefined): Hex | { refusal: string } {
  const free = freeHexesBeside(state, rider, mount);
  if (to !== undefined) {
    const body = figureHexes(mount);
    if (!body.some((b) => hexDistance(b, to) === 1) || body.some((b) => hexEquals(b, to))) return { refusal: `${hexKey(to)} is not next to ${mount.name}.` };
    return free.some((h) => hexEquals(h, to)) ? to : { refusal: `${hexKey(to)} is not free (wall, map edge or a figure).` };
  }
  return free[0] ?? { refusal: `There is no free hex next to ${mount.name} to get down into.` };
}

/** Getting on or off in a movement phase is the rider's movement for the turn (console's choice). */
function spendRidersMove(tx: Tx, c: { type: string; figureId: string; override?: boolean | undefined }): void {
  if (!isMovementPhase(tx.state.phase)) return;
  requireTurn(tx, c, MOVEMENT_PHASES);
  const f = tx.fig(c.figureId);
  if (f.turn.mode !== null) throw new AppError('rule', `${f.name} has moved this turn: it gets on or off instead of moving (${MOUNT_SOURCE}).`);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, mode: 'stand-still', spent: 0 } }));
  markMoved(tx, f.id);
}

export function applyMount(tx: Tx, c: CommandOf<'mount'>): void {
  const rider = tx.fig(c.figureId);
  const mount = tx.fig(c.mountId);
  const refusal = mountRefusal(tx.state, rider, mount);
  if (refusal !== null) throw new AppError('rule', refusal);
  spendRidersMove(tx, c);
  tx.update(rider.id, (x) => ({ ...x, ridingId: mount.id, position: mount.position }));
  tx.emit?.({ type: 'conditionChanged', figureId: rider.id, condition: `riding ${mount.name}`, on: true, source: MOUNT_SOURCE });
}

export function applyDismount(tx: Tx, c: CommandOf<'dismount'>): void {
  const rider = tx.fig(c.figureId);
  const mount = mountOf(tx.state, rider);
  if (mount === undefined) throw new AppError('rule', `${rider.name} is not riding.`);
  if (rider.hthWith.length > 0) throw new AppError('rule', riderInHthRefusal(rider));
  const to = dismountHex(tx.state, rider, mount, c.to);
  if ('refusal' in to) throw new AppError('rule', to.refusal);
  spendRidersMove(tx, c);
  tx.update(rider.id, (x) => {
    const { ridingId: _, ...rest } = x;
    return { ...rest, position: to };
  });
  tx.emit?.({ type: 'conditionChanged', figureId: rider.id, condition: `riding ${mount.name}`, on: false, source: MOUNT_SOURCE });
}

/** RULINGS O4 (003 §Initiative Modifiers Table): the Ride skill the GM types for a rider. */
export function applySetRideScore(tx: Tx, c: CommandOf<'setRideScore'>): void {
  const f = figureById(tx.state, c.figureId);
  tx.update(f.id, (x) => {
    const { rideScore: _, ...rest } = x;
    return c.rideScore === null ? rest : { ...rest, rideScore: c.rideScore };
  });
  tx.emit?.({
    type: 'conditionChanged',
    figureId: f.id,
    condition: `Ride ${c.rideScore ?? 0}`,
    on: c.rideScore !== null,
    source: '003 §Initiative Modifiers Table; RULINGS O4',
  });
}

/**
 * A rider in hand-to-hand stays in the hex of the fight (001 §Hand-to-Hand Combat; RULINGS H1):
 * it does not get down, and its mount does not carry it off, until the fight ends (the console's
 * choice, as a figure in HTH on foot does not move; RULINGS H9: the pair moves as one).
 */
export function riderInHthRefusal(rider: FigureState): string {
  return `${rider.name} is in hand-to-hand combat: rider and mount stay where the fight is until ${rider.name} is out of it (RULINGS H1, H9).`;
}

/** The figure whose move a `move` of `figureId` is: a rider's is its mount's. */
export function moverFor(state: EncounterState, figureId: string): FigureState {
  const f = figureById(state, figureId);
  return mountOf(state, f) ?? f;
}

/**
 * After the mount moved: the rider's turn records the same gait and hexes (its options follow
 * them, RULINGS T5) and its movement is done; the mount's fatigue paid for the hexes.
 */
export function carryRider(tx: Tx, mountId: string): void {
  const rider = riderOf(tx.state, mountId);
  if (rider !== undefined) moveWith(tx, rider.id, tx.fig(mountId));
}

function moveWith(tx: Tx, riderId: string, mount: FigureState): void {
  // RULINGS H9, T5: the rider's gait is the one the mount's hexes make on the mount's own table.
  const gait = turnGait(mount, tx.rules);
  tx.update(riderId, (x) => ({
    ...x,
    position: mount.position,
    turn: { ...x.turn, mode: mount.turn.mode, spent: mount.turn.spent, charged: false, ...(gait === null ? {} : { gait }) },
  }));
  markMoved(tx, riderId);
}

/** 001 §Pole Weapons: the Cavalry Lance is for a mounted figure only. */
export function mountedOnlyRefusal(a: FigureState, weapon: Weapon | null): string | null {
  if (weapon?.pole?.mountedOnly !== true || a.ridingId !== undefined) return null;
  return `${a.name} is on foot: the ${weapon.name} is used mounted only (${LANCE_SOURCE}).`;
}

/**
 * The Classic turn (RULINGS O1; 004 §Turn Sequence): each side rolls one die (ties rolled off,
 * RULINGS G4), the winner chooses to move first or second, the first side moves all its figures
 * in First Movement, then the second side — and any further sides in initiative order — in
 * Second Movement. Actions stay by adjDX, high first (004 §Turn Sequence 5).
 */
import { rollOff } from '../../dice/rollOff';
import type { Dice, Roll } from '../../dice/types';
import { sidesThenAdjDex, type MoverRef } from '../order';

export interface SideInitiative {
  /** Sides from the highest roll to the lowest, the winner first. */
  readonly rollOrder: readonly string[];
  /** Each side's first roll. */
  readonly rolls: readonly { readonly sideId: string; readonly total: number }[];
  /** Every roll made, ties' re-rolls included. */
  readonly allRolls: readonly Roll[];
  readonly source: string;
}

/** 004 §Turn Sequence (1) with RULINGS G4 on ties: one 1d6 per side, tied sides roll again. */
export function rollSideInitiative(sideIds: readonly string[], dice: Dice): SideInitiative {
  const off = rollOff(sideIds, dice, 'initiative');
  return {
    rollOrder: off.order,
    rolls: off.rolls.filter((r) => r.round === 1).map((r) => ({ sideId: r.participant, total: r.roll.total })),
    allRolls: off.rolls.map((r) => r.roll),
    source: '004 §Turn Sequence; RULINGS T2, G4',
  };
}

/** The winner's choice: move first keeps the roll order; move second swaps the first two. */
export function sideMoveOrder(rollOrder: readonly string[], moveFirst: boolean): string[] {
  const [first, second, ...rest] = rollOrder;
  if (first === undefined) return [];
  if (moveFirst || second === undefined) return [...rollOrder];
  return [second, first, ...rest];
}

export type { MoverRef } from '../order';

export interface MovementGroup {
  readonly phase: string;
  readonly ids: readonly string[];
  readonly source: string;
}

/**
 * 004 §Turn Sequence (3, 4): the first side's figures in First Movement; every other side's, in
 * initiative order, in Second Movement. Inside a side the figures are listed by adjDX (the GM
 * may reorder; 004 lets the player move them as he likes).
 */
export function classicMovementGroups(sideOrder: readonly string[], figures: readonly MoverRef[]): MovementGroup[] {
  const [first, ...rest] = sideOrder;
  return [
    { phase: 'firstMovement', ids: first === undefined ? [] : sidesThenAdjDex([first], figures), source: '004 §Turn Sequence (3)' },
    { phase: 'secondMovement', ids: sidesThenAdjDex(rest, figures), source: '004 §Turn Sequence (4)' },
  ];
}

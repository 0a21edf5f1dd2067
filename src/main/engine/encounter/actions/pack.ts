/**
 * Dropping a pack and picking it back up (001 §Encumbrance, 004 §Encumbrance: picking up and securing a
 * dropped pack takes one full turn, with no other actions). Dropping it is free at the start of the
 * figure's movement, as part of its `move` (RULINGS M4), a pusher's too (RULINGS H8).
 *
 * RULINGS M4: the pick-up is the figure's one option for the turn. It is refused once the figure
 * has taken any other option this turn (a Dodge or Defend declared while moving, an attack, a
 * shot that leaves a second one to come), GM override or not, and no option is open after it.
 *
 * The console's choices where the documents are silent: the pick-up is made when the figure's
 * action comes, by a figure that has not moved this turn (its whole turn), is up on its feet or
 * kneeling, not in hand-to-hand, carries no other pack, and stands in the pack's hex or next to
 * it (as for picking up a weapon, 001 §Action Options q).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import { itemsOf, turnStateOf, type EncounterState, type FigureState, type MapItem } from '../schema';
import { canAct, figureById } from '../state';
import { OPTION_NAMES } from '../turn/options';
import { markActed, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';

export const PACK_SOURCE = '001 §Encumbrance (Dropping a Pack: picking it up takes one full turn); RULINGS M4';

/** Packs lying where the figure could pick one up: its hex or a neighbouring one. */
export function packsWithinReach(state: EncounterState, f: FigureState): MapItem[] {
  return itemsOf(state).filter((i) => i.kind === 'pack' && hexDistance(i.position, f.position) <= 1);
}

/** Why the figure cannot pick up this pack now (actions phase and turn order aside), or null. */
export function packPickUpRefusal(state: EncounterState, figureId: string, itemId: string): string | null {
  const f = figureById(state, figureId);
  const item = itemsOf(state).find((i) => i.id === itemId);
  if (item === undefined || item.kind !== 'pack') return `There is no pack "${itemId}" on the map.`;
  if (!canAct(f)) return `${f.name} is ${f.posture}.`;
  if (f.turn.option !== null) {
    return `${f.name} has taken option ${f.turn.option} (${OPTION_NAMES[f.turn.option]}) this turn: picking up a pack is its one option for the turn (${PACK_SOURCE}).`;
  }
  if (turnStateOf(state).actionDone.includes(f.id)) return `${f.name} has acted this turn: picking up a pack is its one option for the turn (${PACK_SOURCE}).`;
  if (f.posture !== 'standing' && f.posture !== 'kneeling') return `${f.name} is ${f.posture}: it stands up first.`;
  if (f.hthWith.length > 0) return `${f.name} is in hand-to-hand combat.`;
  if (f.turn.mode !== null && f.turn.mode !== 'stand-still') {
    return `${f.name} moved this turn: picking up a pack takes the whole turn (${PACK_SOURCE}).`;
  }
  if (f.turn.spent > 0) return `${f.name} moved this turn: picking up a pack takes the whole turn (${PACK_SOURCE}).`;
  if (f.equipment.packLbs > 0) return `${f.name} already carries a pack.`;
  if (hexDistance(item.position, f.position) > 1) return `The pack lies too far: pick it up from ${f.name}'s hex or the next one.`;
  return null;
}

export function applyPickUpPack(tx: Tx, c: CommandOf<'pickUpPack'>): void {
  requireTurn(tx, c, ['actions']);
  const refusal = packPickUpRefusal(tx.state, c.figureId, c.itemId);
  if (refusal !== null) throw new AppError('rule', refusal);
  const item = itemsOf(tx.state).find((i) => i.id === c.itemId)!;
  tx.state = { ...tx.state, items: itemsOf(tx.state).filter((i) => i.id !== item.id) };
  tx.update(c.figureId, (x) => ({ ...x, equipment: { ...x.equipment, packLbs: item.lbs } }));
  tx.emit?.({ type: 'itemPickedUp', figureId: c.figureId, itemId: item.id, what: 'pack', source: PACK_SOURCE });
  // The whole turn: no option letter of 001's list; the figure's action is spent.
  markActed(tx, c.figureId, null);
}

/** RULINGS M4 (001 §Encumbrance, Dropping a Pack): the pack is left in the figure's hex as its movement starts. */
export function dropPackAtStart(tx: Tx, figureId: string): void {
  const f = tx.fig(figureId);
  if (f.equipment.packLbs <= 0) throw new AppError('rule', `${f.name} carries no pack.`);
  const itemId = `item-${tx.state.nextId ?? 1}`;
  tx.state = {
    ...tx.state,
    nextId: (tx.state.nextId ?? 1) + 1,
    items: [...itemsOf(tx.state), { id: itemId, kind: 'pack', itemId: 'pack', lbs: f.equipment.packLbs, position: f.position, ownerId: f.id }],
  };
  tx.update(f.id, (x) => ({ ...x, equipment: { ...x.equipment, packLbs: 0 } }));
  tx.emit?.({
    type: 'itemDropped',
    figureId: f.id,
    itemId,
    kind: 'pack',
    what: 'pack',
    at: f.position,
    source: '001 §Encumbrance (Dropping a Pack); RULINGS M4',
  });
}

/**
 * Per-character initiative (RULINGS O2; 000 §Turn Sequence): every figure rolls 1d20; the highest
 * moves first or yields; a figure that yields moves after every figure that did not, among the
 * yielders in initiative order. Actions stay by adjDX (000 §Turn Sequence 5).
 *
 * Decisions where 000 is silent: tied d20s are rolled off (RULINGS G4); a figure yields once —
 * once it has yielded it is due again only after the figures that did not yield.
 */
import { rollOff } from '../../dice/rollOff';
import type { Dice, Roll } from '../../dice/types';
import { line, type Explained } from '../../explain';
import { phaseName } from '../../../../shared/phases';

export const PER_CHARACTER_DIE = '1d20';
const SOURCE = '000 §Turn Sequence (1); RULINGS O2';

export const PER_CHARACTER_PHASES: readonly { readonly id: string; readonly name: string; readonly source: string }[] = [
  { id: 'initiative', source: '000 §Turn Sequence (1)' },
  { id: 'renewSpells', source: '000 §Turn Sequence (2)' },
  { id: 'movement', source: '000 §Turn Sequence (3)' },
  { id: 'actions', source: '000 §Turn Sequence (5)' },
  { id: 'forcedRetreat', source: '000 §Turn Sequence (6)' },
  { id: 'cleanup', source: '000 §Turn Sequence (7)' },
].map((p) => ({ ...p, name: phaseName(p.id) }));

export interface FigureInitiative {
  /** Figures from highest to lowest (ties rolled off). */
  readonly order: readonly string[];
  readonly scores: readonly { readonly id: string; readonly value: Explained<number> }[];
  /** The d20s, then any tie roll-offs. */
  readonly rolls: readonly Roll[];
  readonly source: string;
}

/** 000 §Turn Sequence (1): 1d20 for each figure; ties by RULINGS G4. */
export function rollFigureInitiative(figureIds: readonly string[], dice: Dice): FigureInitiative {
  const rolls: Roll[] = [];
  const scores = figureIds.map((id) => {
    const roll = dice.roll(PER_CHARACTER_DIE, `initiative: ${id}`);
    rolls.push(roll);
    return { id, value: { value: roll.total, breakdown: [line('1d20', roll.total, SOURCE)] } };
  });
  const totals = [...new Set(scores.map((s) => s.value.value))].sort((a, b) => b - a);
  const order: string[] = [];
  for (const t of totals) {
    const group = scores.filter((s) => s.value.value === t).map((s) => s.id);
    if (group.length === 1) order.push(...group);
    else {
      const off = rollOff(group, dice, 'initiative tie');
      rolls.push(...off.rolls.map((r) => r.roll));
      order.push(...off.order);
    }
  }
  return { order, scores, rolls, source: `${SOURCE}, G4` };
}

/** Where the movement phase stands (000 §Turn Sequence 3). */
export interface MovementQueue {
  /** Initiative order. */
  readonly order: readonly string[];
  readonly moved: readonly string[];
  readonly yielded: readonly string[];
}

export type QueueEvent =
  | { readonly type: 'yielded'; readonly figureId: string; readonly source: string }
  | { readonly type: 'moved'; readonly figureId: string; readonly source: string };

export function startMovementQueue(order: readonly string[]): MovementQueue {
  return { order: [...order], moved: [], yielded: [] };
}

/** The sequence as it now stands: figures that did not yield, in order, then the yielders, in order. */
export function movementSequence(q: MovementQueue): string[] {
  return [...q.order.filter((id) => !q.yielded.includes(id)), ...q.order.filter((id) => q.yielded.includes(id))];
}

/** Who is due to move now; null when every figure has moved. */
export function dueMover(q: MovementQueue): string | null {
  return movementSequence(q).find((id) => !q.moved.includes(id)) ?? null;
}

function requireDue(q: MovementQueue, figureId: string): void {
  const due = dueMover(q);
  if (due !== figureId) throw new RangeError(due === null ? 'Every figure has moved.' : `It is ${due}'s move, not ${figureId}'s (000 §Turn Sequence 3).`);
}

/** The due figure yields: it will move after the figures that have not yielded. */
export function yieldMove(q: MovementQueue, figureId: string): { queue: MovementQueue; events: QueueEvent[] } {
  requireDue(q, figureId);
  if (q.yielded.includes(figureId)) throw new RangeError(`${figureId} has yielded already and must move now (RULINGS O2).`);
  const queue = { ...q, yielded: [...q.yielded, figureId] };
  return { queue, events: [{ type: 'yielded', figureId, source: '000 §Turn Sequence (3); RULINGS O2' }] };
}

/** The due figure has moved (or stood still). */
export function markMoverDone(q: MovementQueue, figureId: string): { queue: MovementQueue; events: QueueEvent[] } {
  requireDue(q, figureId);
  return { queue: { ...q, moved: [...q.moved, figureId] }, events: [{ type: 'moved', figureId, source: '000 §Turn Sequence (3)' }] };
}

import { DiceError } from './types';
import type { Dice, Roll } from './types';

/**
 * RULINGS G4: tied orders are broken by a 1d6 roll-off, re-rolled while tied, and the roll-off
 * is recorded. Higher roll goes first. Only the participants still tied roll again; separate
 * tied groups are settled separately, each in its own place in the order.
 */

export interface RollOffRoll {
  /** 1 for the first roll-off, 2 for the re-roll among those still tied, and so on. */
  readonly round: number;
  readonly participant: string;
  readonly roll: Roll;
}

export interface RollOffResult {
  /** Participants from first (highest roll) to last. */
  readonly order: readonly string[];
  /** Every roll made, in the order made. */
  readonly rolls: readonly RollOffRoll[];
}

/** Not a rule: a guard so that dice that always tie (a broken `Dice`) cannot loop forever. */
export const MAX_ROLL_OFF_ROUNDS = 100;

/**
 * Rolls 1d6 for each participant (in the order given), then re-rolls within every group that
 * is still tied until all are apart. `purpose` prefixes each roll's label, e.g. "initiative tie".
 * Unrecorded (`recorded` false, for a caller that reads neither the rolls nor their labels: a quiet
 * apply on seeded dice), the same dice settle the same order, each roll labelled `purpose` alone,
 * and `rolls` stays empty.
 */
export function rollOff(participants: readonly string[], dice: Dice, purpose = 'roll-off', recorded = true): RollOffResult {
  const n = participants.length;
  for (let i = 1; i < n; i++) {
    const p = participants[i]!;
    for (let j = 0; j < i; j++) if (participants[j] === p) throw new DiceError(`Roll-off participants must be distinct; "${p}" appears twice.`);
  }
  const rolls: RollOffRoll[] = [];
  const order: string[] = [];
  // One working copy of the participants and their last totals: a tied run is re-rolled where it
  // stands (a cold replay makes thousands of these rolls, and arrays per round and total were garbage).
  const group = participants.slice();
  const totals: number[] = new Array<number>(n).fill(0);

  // Settles group[from, to): every one rolls, in the order given; then, total by total from the
  // highest, each run still tied is settled the same way before the next lower total.
  const settle = (from: number, to: number, round: number): void => {
    if (to - from < 2) {
      for (let i = from; i < to; i++) order.push(group[i]!);
      return;
    }
    if (round > MAX_ROLL_OFF_ROUNDS) {
      throw new DiceError(`${purpose}: still tied after ${MAX_ROLL_OFF_ROUNDS} rounds (${group.slice(from, to).join(', ')}).`);
    }
    for (let i = from; i < to; i++) {
      if (!recorded) {
        totals[i] = dice.roll('1d6', purpose).total;
        continue;
      }
      const participant = group[i]!;
      const roll = dice.roll('1d6', `${purpose}: ${participant}${round > 1 ? ` (re-roll ${round - 1})` : ''}`);
      rolls.push({ round, participant, roll });
      totals[i] = roll.total;
    }
    sortHighFirst(group, totals, from, to);
    for (let i = from; i < to;) {
      let end = i + 1;
      while (end < to && totals[end] === totals[i]) end++;
      settle(i, end, round + 1);
      i = end;
    }
  };

  settle(0, n, 1);
  return { order, rolls };
}

/**
 * Sorts `ids[from, to)` by `scores` (each score beside its id), highest first, equal scores in the
 * order given: an insertion sort in place, for a handful of entries and no garbage.
 */
export function sortHighFirst(ids: string[], scores: number[], from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const id = ids[i]!;
    const score = scores[i]!;
    let j = i;
    for (; j > from && scores[j - 1]! < score; j--) {
      ids[j] = ids[j - 1]!;
      scores[j] = scores[j - 1]!;
    }
    ids[j] = id;
    scores[j] = score;
  }
}

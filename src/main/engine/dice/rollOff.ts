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
 */
export function rollOff(participants: readonly string[], dice: Dice, purpose = 'roll-off'): RollOffResult {
  const seen = new Set<string>();
  for (let i = 0; i < participants.length; i++) {
    const p = participants[i]!;
    if (seen.has(p)) throw new DiceError(`Roll-off participants must be distinct; "${p}" appears twice.`);
    seen.add(p);
  }
  const rolls: RollOffRoll[] = [];

  // Each round's tied groups are found total by total, high first, each in the order given.
  // (Totals are whole numbers 1–6: a handful of passes over the group, and no map or sort.)
  const settle = (group: readonly string[], round: number, out: string[]): void => {
    if (group.length < 2) {
      for (let i = 0; i < group.length; i++) out.push(group[i]!);
      return;
    }
    if (round > MAX_ROLL_OFF_ROUNDS) {
      throw new DiceError(`${purpose}: still tied after ${MAX_ROLL_OFF_ROUNDS} rounds (${group.join(', ')}).`);
    }
    const totals: number[] = [];
    for (let i = 0; i < group.length; i++) {
      const participant = group[i]!;
      const roll = dice.roll('1d6', `${purpose}: ${participant}${round > 1 ? ` (re-roll ${round - 1})` : ''}`);
      rolls.push({ round, participant, roll });
      totals.push(roll.total);
    }
    for (let above = Infinity; ; ) {
      let total = -Infinity;
      for (let i = 0; i < totals.length; i++) if (totals[i]! < above && totals[i]! > total) total = totals[i]!;
      if (total === -Infinity) return;
      const tied: string[] = [];
      for (let i = 0; i < group.length; i++) if (totals[i] === total) tied.push(group[i]!);
      settle(tied, round + 1, out);
      above = total;
    }
  };

  const order: string[] = [];
  settle(participants, 1, order);
  return { order, rolls };
}

import type { RollPurpose } from '../../../shared/contract/channels/seatDice';
import { AppError } from '../../../shared/errors';

/** One figure's roll the GM's page waits on (or last waited on), by the figure's id in the encounter. */
export interface HeldRoll {
  readonly figureId: string;
  readonly purpose: RollPurpose;
  readonly dice: string;
  /** The faces its seat sent, or null. */
  readonly faces: readonly number[] | null;
  readonly outcome: 'waiting' | 'used' | 'other';
}

/**
 * The rolls the GM's page waits on for seats' figures, and how the last one of each figure was
 * settled. Nothing here applies a roll: the GM's command does, with the faces the GM chose.
 */
export class SeatRolls {
  private readonly rolls = new Map<string, HeldRoll>();

  /** The GM's page waits on a new roll of `figureId` (one a seat holds); any earlier one of it is forgotten. */
  ask(figureId: string, purpose: RollPurpose, dice: string): void {
    this.rolls.set(figureId, { figureId, purpose, dice, faces: null, outcome: 'waiting' });
  }

  /** The seat's faces for the roll waited on; a later sending replaces an earlier one until the GM settles it. */
  offer(figureId: string, faces: readonly number[]): void {
    const roll = this.rolls.get(figureId);
    if (roll?.outcome !== 'waiting') throw new AppError('conflict', 'The GM is not waiting on dice for this figure now.');
    this.rolls.set(figureId, { ...roll, faces: [...faces] });
  }

  /**
   * The GM applied the faces sent (`used`), rolled or typed others (`other`), or stopped waiting
   * (`withdrawn`, which ends only a wait still open: a settled roll keeps saying how it was settled).
   * Answers whether anything changed.
   */
  settle(figureId: string, outcome: 'used' | 'other' | 'withdrawn'): boolean {
    const roll = this.rolls.get(figureId);
    if (roll === undefined) return false;
    if (outcome === 'withdrawn') return roll.outcome === 'waiting' && this.rolls.delete(figureId);
    if (roll.outcome !== 'waiting') return false;
    this.rolls.set(figureId, { ...roll, outcome: outcome === 'used' && roll.faces !== null ? 'used' : 'other' });
    return true;
  }

  /** Forgets every roll (the table shows another encounter). */
  clear(): void {
    this.rolls.clear();
  }

  /** The rolls waited on now. */
  waiting(): HeldRoll[] {
    return [...this.rolls.values()].filter((r) => r.outcome === 'waiting');
  }

  /** The roll of `figureId` waited on or last settled, if any. */
  of(figureId: string): HeldRoll | undefined {
    return this.rolls.get(figureId);
  }
}

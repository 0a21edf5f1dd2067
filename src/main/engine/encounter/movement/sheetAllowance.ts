import type { FigureState } from '../schema';
import type { RuleSet } from '../../rules';

/** What the movement rules read of a figure for its sheet, placed or not yet placed. */
export interface SheetAllowanceInput {
  readonly attributes: FigureState['attributes'];
  readonly carriedLbs: number;
  readonly armorId: string | null;
  readonly fatigueSpent: number;
  readonly momentum: number | undefined;
  /** The attacks the figure makes a turn (RULINGS O3: its action points). */
  readonly attacks?: number | undefined;
}

/**
 * The ways a figure may move as its sheet shows them, by the encounter's rules (RULINGS M1–M4;
 * O1 MA from DX; O3 strides over the figure's own AP, 002 §Assigning Movement), fastest first:
 * one query for the placed figure's sheet and for a sheet not yet placed.
 */
export function sheetAllowanceOf(rules: RuleSet, input: SheetAllowanceInput) {
  const ap = rules.movement.hazards?.actionPoints({ attacks: input.attacks }) ?? null;
  return rules.movement.allowance({
    attributes: input.attributes,
    carriedLbs: input.carriedLbs,
    armorId: input.armorId,
    fatigueSpent: input.fatigueSpent,
    momentum: input.momentum,
    ...(ap === null ? {} : { actionPoints: ap }),
  });
}

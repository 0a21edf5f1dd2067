import type { FigureState } from '../schema';

/** The part of starting Fatigue that is not attributes: the creation 2d6 (001 §Derived Pools; RULINGS C3). */
export function creationRollOf(f: FigureState): number {
  if (f.fatigueDice) return f.fatigueDice[0]! + f.fatigueDice[1]!;
  const a = f.attributes;
  return f.fatigue.starting - (a.CON + a.WIS + a.INT + Math.max(a.DEX, a.STR));
}

/**
 * The creation 2d6 a figure keeps (RULINGS C3), for its sheet in the roster or a copy. A figure
 * made before the faces were stored (the sample's) has only its starting Fatigue: the console's
 * choice is two faces with that total (high face first), so the copy's Fatigue is the same and
 * nothing is rolled again. Null when no two faces make it (pools the GM typed beyond 2d6's range).
 */
export function creationDiceOf(f: FigureState): [number, number] | null {
  if (f.fatigueDice) return [f.fatigueDice[0]!, f.fatigueDice[1]!];
  const total = creationRollOf(f);
  if (!Number.isInteger(total) || total < 2 || total > 12) return null;
  const high = Math.min(6, total - 1);
  return [high, total - high];
}

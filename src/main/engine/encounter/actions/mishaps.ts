import type { FigureState } from '../schema';
import type { Tx } from '../tx';

/**
 * Hits from a mishap — a tumble, a crash, a collision (RULINGS O3; 002 §Sprinting, §Charging) —
 * taken off the pools the rules' stat model names for hits (Pillars: Fatigue, RULINGS A3; Classic:
 * ST, RULINGS O1). Decision (002 is silent): armour does not stop them. Returns the figure after.
 */
export function takeMishapHits(tx: Tx, figureId: string, hits: number): FigureState {
  const loss = tx.rules.stats.losses({ hits, fatigue: hits, body: 0 });
  return tx.update(figureId, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: x.fatigue.current - loss.fatigue },
    body: { ...x.body, current: x.body.current - loss.body },
  }));
}

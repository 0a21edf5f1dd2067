/**
 * The Cleanup phase (RULINGS O2; 000 §Turn Sequence 7): counters go down for weapons dropped this
 * turn, and slain or unconscious figures are flipped. A step function: the encounter gives what
 * happened, this gives the events that tidy the map.
 */
import type { Hex } from '../../../../shared/hex';

const SOURCE = '000 §Turn Sequence (7); RULINGS O2';

export interface CleanupFigure {
  readonly id: string;
  readonly posture: string;
  /** Already shown face down on the map. */
  readonly flipped: boolean;
}

export interface DroppedThisTurn {
  readonly figureId: string;
  readonly itemId: string;
  readonly position: Hex;
  /** Already has a counter on the map. */
  readonly placed: boolean;
}

export type CleanupEvent =
  | { readonly type: 'counterPlaced'; readonly figureId: string; readonly itemId: string; readonly position: Hex; readonly source: string }
  | { readonly type: 'figureFlipped'; readonly figureId: string; readonly why: 'slain' | 'unconscious'; readonly source: string };

/** The slain and the unconscious are flipped (000: "Flip slain/unconscious figures"). */
export const FLIPPED_POSTURES: Readonly<Record<string, 'slain' | 'unconscious'>> = { dead: 'slain', unconscious: 'unconscious' };

export function cleanupPhase(figures: readonly CleanupFigure[], dropped: readonly DroppedThisTurn[]): CleanupEvent[] {
  const events: CleanupEvent[] = [];
  for (const d of dropped) {
    if (!d.placed) events.push({ type: 'counterPlaced', figureId: d.figureId, itemId: d.itemId, position: d.position, source: SOURCE });
  }
  for (const f of figures) {
    const why = FLIPPED_POSTURES[f.posture];
    if (why !== undefined && !f.flipped) events.push({ type: 'figureFlipped', figureId: f.id, why, source: SOURCE });
  }
  return events;
}

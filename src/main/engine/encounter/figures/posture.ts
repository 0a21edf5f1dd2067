/** A figure's posture as its pools and falls set it (RULINGS C4; 001 §Fatigue Points; 004 §Injury Effects). */
import { copyFigure } from '../copies';
import type { FigureState } from '../schema';
import type { Tx } from '../tx';

export function setPosture(tx: Tx, id: string, to: FigureState['posture'], source: string): void {
  const f = tx.fig(id);
  if (f.posture === to) return;
  // Falling or being thrown down does not wake the unconscious (RULINGS C4): they are down already.
  if (f.posture === 'unconscious' && (to === 'prone' || to === 'knockedDown' || to === 'kneeling')) return;
  tx.update(id, (x) => {
    const next = copyFigure(x);
    next.posture = to;
    next.hthWith = to === 'dead' ? [] : x.hthWith;
    return next;
  });
  tx.emit?.({ type: 'postureChanged', figureId: id, from: f.posture, to, source });
  if (to === 'dead' && f.hthWith.length > 0) {
    for (const other of f.hthWith) tx.update(other, (x) => ({ ...x, hthWith: x.hthWith.filter((y) => y !== id) }));
    tx.emit?.({ type: 'hthChanged', figureIds: [id, ...f.hthWith], inHth: false, source: '001 §Hand-to-Hand Combat' });
  }
}

/**
 * After a pool changes, the rules' stat model says whether the losses put the figure down
 * (Pillars: 0 Fatigue or less is unconscious, 001 §Fatigue Points, RULINGS C4; O1: ST 1
 * unconscious, 0 dead, 004 §Injury Effects).
 */
export function settlePosture(tx: Tx, id: string): void {
  const f = tx.fig(id);
  if (f.posture === 'dead') return;
  const wounds = tx.rules.stats.wounds(f);
  if (wounds.condition === 'dead') setPosture(tx, id, 'dead', wounds.source);
  else if (wounds.condition === 'unconscious' && f.posture !== 'unconscious') setPosture(tx, id, 'unconscious', wounds.source);
}

/**
 * How many steps a hex is from a free hex beside a target, going round walls, the map's edge and
 * figures (a friend or a body in the way): the way round counts as progress, where the straight
 * distance to the target would not. The console's choice; each step is a hex (001 §Movement).
 * Asked for a move's few candidate hexes each time a figure cannot reach its foe this turn, so
 * the search stops as soon as it has reached all of them, and keys hexes by number.
 */
import { hexDistance, type Hex } from '../../../shared/hex';
import { DIRECTIONS } from '../../../shared/hex/directions';
import { isOnMap } from '../../../shared/mapGrid';
import type { EncounterState, FigureState } from '../encounter/schema';
import { effectiveMap, numKey, WALL } from '../map/effectiveMap';

const SPAN = 8192;
const key = (q: number, r: number): number => (q + SPAN / 2) * SPAN + (r + SPAN / 2);

/**
 * Steps from each of `asked` (and the figure's own hex) to a free hex beside `target`, searched
 * at most `bound` steps out; a hex not reached by then counts its straight distance plus `bound`.
 */
export function stepsBeside(state: EncounterState, f: FigureState, target: FigureState, asked: readonly Hex[], bound: number): (h: Hex) => number {
  const blocked = new Set<number>();
  for (const o of state.figures) if (o.id !== f.id && o.posture !== 'dead') blocked.add(key(o.position.q, o.position.r));
  const map = effectiveMap(state);
  const own = key(f.position.q, f.position.r);
  const probe = { q: 0, r: 0 };
  const open = (q: number, r: number): boolean => {
    probe.q = q;
    probe.r = r;
    const k = key(q, r);
    return !blocked.has(k) && (map.flagsAtNum(numKey(q, r)) & WALL) === 0 && isOnMap(state.map, probe);
  };
  const wanted = new Set<number>([own, ...asked.map((h) => key(h.q, h.r))]);
  const steps = new Map<number, number>();
  let ringQ: number[] = [];
  let ringR: number[] = [];
  const label = (q: number, r: number, depth: number): void => {
    const k = key(q, r);
    steps.set(k, depth);
    wanted.delete(k);
    ringQ.push(q);
    ringR.push(r);
  };
  for (const d of DIRECTIONS) {
    const q = target.position.q + d.q;
    const r = target.position.r + d.r;
    if (open(q, r) && !steps.has(key(q, r))) label(q, r, 0);
  }
  for (let depth = 1; depth <= bound && ringQ.length > 0 && wanted.size > 0; depth++) {
    const fromQ = ringQ;
    const fromR = ringR;
    ringQ = [];
    ringR = [];
    for (let i = 0; i < fromQ.length; i++) {
      for (const d of DIRECTIONS) {
        const q = fromQ[i]! + d.q;
        const r = fromR[i]! + d.r;
        const k = key(q, r);
        if (steps.has(k) || (k !== own && !open(q, r))) continue;
        label(q, r, depth);
      }
    }
  }
  return (h) => steps.get(key(h.q, h.r)) ?? hexDistance(h, target.position) + bound;
}

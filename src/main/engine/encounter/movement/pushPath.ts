/**
 * Where a pushing figure can go and where the figures it pushes go (004 §Engagement; RULINGS H8):
 * the path through smaller figures, and the free hex each one is pushed into.
 */
import { hexEquals, hexKey, hexNeighbor, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/contract/commands';
import { BROKEN, numKey } from '../../map/effectiveMap';
import type { EncounterState, FigureState } from '../schema';
import { figureHexes, isAlive } from '../state';
import { fits, pathWorld, type PathWorld } from './reachable';

/**
 * Whether `o` is a figure `f` may push (RULINGS H8): living, smaller, not riding (its mount is
 * what is pushed), and not in hand-to-hand combat (a figure in HTH is not pushed: it stands in the
 * way as any figure does). Friends and foes alike.
 */
export function pushable(f: FigureState, o: FigureState): boolean {
  return o.id !== f.id && isAlive(o) && o.ridingId === undefined && o.size < f.size && o.hthWith.length === 0;
}

/** The world a pusher walks through: smaller figures do not block it (they are pushed). */
function pushWorld(state: EncounterState, f: FigureState): PathWorld {
  const world = pathWorld(state, f);
  const blocked = new Set(world.blocked);
  for (const o of state.figures) if (pushable(f, o)) for (const h of figureHexes(o)) blocked.delete(numKey(h.q, h.r));
  for (const o of state.figures) {
    if (o.id === f.id || !isAlive(o) || o.ridingId !== undefined || pushable(f, o)) continue;
    for (const h of figureHexes(o)) blocked.add(numKey(h.q, h.r));
  }
  return { ...world, blocked };
}

/** Whether this move is a push: a multi-hex figure dragged onto, or only reaching through, smaller figures. */
export function isPushMove(state: EncounterState, f: FigureState, c: CommandOf<'move'>, reachesWithoutPushing: () => boolean): boolean {
  if (f.size === 1 || c.path !== undefined || c.mode === 'stand-still' || hexEquals(f.position, c.to)) return false;
  const dest = new Set(footprint(c.to, f.facing, f.size).map(hexKey));
  const onto = state.figures.some((o) => pushable(f, o) && figureHexes(o).some((h) => dest.has(hexKey(h))));
  return onto || !reachesWithoutPushing();
}

export interface PushRoute {
  /** The hexes stepped into, start excluded. */
  readonly path: Hex[];
  /** Each step's movement cost (broken ground counts the rules' cost, RULINGS M7). */
  readonly stepCosts: number[];
  readonly cost: number;
}

/** The cheapest path (start excluded) to `to` through smaller figures, with its cost; null when none within `budget`. */
export function pushPath(state: EncounterState, f: FigureState, to: Hex, budget: number, brokenCost: number): PushRoute | null {
  const world = pushWorld(state, f);
  const best = new Map<string, { cost: number; step: number; prev: Hex | null; hex: Hex }>([
    [hexKey(f.position), { cost: 0, step: 0, prev: null, hex: f.position }],
  ]);
  const open: Hex[] = [f.position];
  while (open.length > 0) {
    open.sort((a, b) => best.get(hexKey(a))!.cost - best.get(hexKey(b))!.cost);
    const at = open.shift()!;
    const here = best.get(hexKey(at))!;
    if (hexEquals(at, to)) break;
    for (let d = 0; d < 6; d++) {
      const n = hexNeighbor(at, d);
      const cells = footprint(n, f.facing, f.size);
      if (!fits(state, world, cells)) continue;
      const step = cells.some((h) => (world.map.flagsAtNum(numKey(h.q, h.r)) & BROKEN) !== 0) ? brokenCost : 1;
      const cost = here.cost + step;
      const seen = best.get(hexKey(n));
      if (cost > budget || (seen !== undefined && seen.cost <= cost)) continue;
      best.set(hexKey(n), { cost, step, prev: at, hex: n });
      open.push(n);
    }
  }
  const end = best.get(hexKey(to));
  if (end === undefined) return null;
  const path: Hex[] = [];
  const stepCosts: number[] = [];
  for (let k: { prev: Hex | null; hex: Hex; step: number } | undefined = end; k !== undefined && k.prev !== null; k = best.get(hexKey(k.prev))) {
    path.unshift(k.hex);
    stepCosts.unshift(k.step);
  }
  return { path, stepCosts, cost: end.cost };
}

/**
 * Where `o` goes when pushed by a figure travelling in direction `travel` (RULINGS H8): straight
 * on, else to either side of that, into a free hex (no wall, map edge, other figure or the pusher's
 * new hexes); null when there is none. A pushed figure pushes no one.
 */
export function pushedTo(state: EncounterState, o: FigureState, travel: number, pusherCells: readonly Hex[], taken: ReadonlySet<number>): Hex | null {
  const world = pathWorld(state, o);
  for (const d of [travel, travel + 1, travel + 5]) {
    const to = hexNeighbor(o.position, d % 6);
    const cells = footprint(to, o.facing, o.size);
    const clear = cells.every((h) => !taken.has(numKey(h.q, h.r)) && !pusherCells.some((p) => hexEquals(p, h)));
    if (clear && fits(state, world, cells)) return to;
  }
  return null;
}

/**
 * A multi-hex figure pushing smaller figures back as it moves (004 §Engagement: multi-hex figures
 * may push back smaller figures when the smaller figures' combined ST is less than the pusher's).
 *
 * 004 says no more than that. The console's choices where it is silent:
 * - A push happens when a 3- or 7-hex figure's move takes it into hexes smaller figures hold (a
 *   drag onto them, or a path through them); friends and foes alike, as 004 does not say "enemy".
 * - The ST compared is the figure's STR (Pillars) or ST (Classic, RULINGS O1: kept in the same
 *   place); the smaller figures pushed at one step are the ones combined.
 * - "Back" is away from the pusher: 1 hex straight on in its direction of travel, else the hex to
 *   either side of that, into a free hex (no wall, map edge or other figure). A figure with nowhere
 *   to go is not pushed, and the move is refused. Pushed figures do not push others in turn.
 * - A figure in hand-to-hand combat is not pushed out of it (001 §Hand-to-Hand Combat ends it only
 *   by the options that say so); a rider goes where its mount goes and does not count apart.
 * - Engagement still stops the pusher (RULINGS M5): a path that goes on after the step where the
 *   pushed figures leave it engaged is refused, and the GM is told where it stops.
 * - Under stride & momentum (RULINGS O3) a push is refused: 002's strides and hazards are not
 *   worked out for it.
 */
import { AppError } from '../../../../shared/errors';
import { directionTo, hexEquals, hexKey, hexNeighbor, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/commands';
import { MOVEMENT_PHASES, type MoveMode } from '../../../../shared/schemas';
import { engagementField, isEngagedAt, numKey } from '../engagement';
import type { EncounterState, FigureState } from '../schema';
import { figureHexes, isAlive } from '../state';
import { markMoved, requireTurn } from '../turn';
import type { Tx } from '../tx';
import { requireMoveTurn } from './move';
import { figureAllowance, fits, movementBudget, pathWorld, type PathWorld } from './reachable';
import { spendMovementFatigue } from './turnGait';

export const PUSH_SOURCE = '004 §Engagement';

/** Whether `o` is a figure `f` may push: living, smaller, not riding (its mount is what is pushed). */
export function pushable(f: FigureState, o: FigureState): boolean {
  return o.id !== f.id && isAlive(o) && o.ridingId === undefined && o.size < f.size;
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

/** The cheapest path (start excluded) to `to` through smaller figures, with its cost; null when none within `budget`. */
function pushPath(state: EncounterState, f: FigureState, to: Hex, budget: number, brokenCost: number): { path: Hex[]; cost: number } | null {
  const world = pushWorld(state, f);
  const best = new Map<string, { cost: number; prev: Hex | null; hex: Hex }>([[hexKey(f.position), { cost: 0, prev: null, hex: f.position }]]);
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
      const cost = here.cost + (cells.some((h) => world.terrain.get(numKey(h.q, h.r)) === 'broken') ? brokenCost : 1);
      const seen = best.get(hexKey(n));
      if (cost > budget || (seen !== undefined && seen.cost <= cost)) continue;
      best.set(hexKey(n), { cost, prev: at, hex: n });
      open.push(n);
    }
  }
  const end = best.get(hexKey(to));
  if (end === undefined) return null;
  const path: Hex[] = [];
  for (let k: { prev: Hex | null; hex: Hex } | undefined = end; k !== undefined && k.prev !== null; k = best.get(hexKey(k.prev))) path.unshift(k.hex);
  return { path, cost: end.cost };
}

/** The slowest way of moving whose budget covers `cost` (RULINGS T5), or the reason there is none. */
function pushMode(tx: Tx, f: FigureState, c: CommandOf<'move'>): { mode: MoveMode; budget: number }[] {
  const ways =
    c.mode !== undefined
      ? [c.mode]
      : ([
          'shift',
          ...figureAllowance(f, tx.rules)
            .map((a) => a.mode as MoveMode)
            .reverse(),
        ] as MoveMode[]);
  const out: { mode: MoveMode; budget: number }[] = [];
  for (const mode of ways) {
    if (mode === 'crawl' || mode === 'stand-still') continue;
    const b = movementBudget(tx.state, f, mode, false, undefined, tx.rules);
    if (b.ok) out.push({ mode, budget: b.budget.value });
  }
  return out;
}

/** Where `o` goes when pushed from `from` towards `travel`: straight on, else either side (console's choice). */
function pushedTo(tx: Tx, o: FigureState, travel: number, pusherCells: readonly Hex[], taken: Set<number>): Hex | null {
  for (const d of [travel, travel + 1, travel + 5]) {
    const to = hexNeighbor(o.position, d % 6);
    const cells = footprint(to, o.facing, o.size);
    const world = pathWorld(tx.state, o);
    const clear = cells.every((h) => !taken.has(numKey(h.q, h.r)) && !pusherCells.some((p) => hexEquals(p, h)));
    if (clear && fits(tx.state, world, cells)) return to;
  }
  return null;
}

export function applyPushMove(tx: Tx, command: CommandOf<'move'>): void {
  requireTurn(tx, command, MOVEMENT_PHASES);
  const f = tx.fig(command.figureId);
  if (tx.rules.movement.id === 'stride')
    throw new AppError(
      'rule',
      `Pushing under stride & momentum is not worked out: ${f.name} moves around the smaller figures (the console's choice; ${PUSH_SOURCE}).`,
    );
  if (command.dropPack === true) throw new AppError('rule', `${f.name} drops its pack with a move of its own, not while pushing (the console's choice).`);
  const modes = pushMode(tx, f, command);
  if (modes.length === 0) {
    const b = movementBudget(tx.state, f, command.mode ?? 'walk', false, undefined, tx.rules);
    throw new AppError('rule', b.ok ? `${f.name} cannot move that way now.` : b.reason);
  }
  const most = Math.max(...modes.map((m) => m.budget));
  const route = pushPath(tx.state, f, command.to, most, tx.rules.brokenGroundCost);
  if (route === null)
    throw new AppError('rule', `${f.name} cannot reach ${hexKey(command.to)} this turn, even pushing smaller figures back (${PUSH_SOURCE}; RULINGS M1–M7).`);
  const chosen = modes.filter((m) => m.budget >= route.cost).sort((a, b) => a.budget - b.budget)[0]!;
  if (chosen.mode === 'shift' && route.path.length > 1) throw new AppError('rule', `${f.name} is engaged: it may only shift 1 hex (RULINGS M5).`);
  requireMoveTurn(tx, f, { ...command, mode: chosen.mode });

  const start = f.position;
  let at = start;
  for (const [i, step] of route.path.entries()) {
    const before = footprint(at, f.facing, f.size);
    const after = footprint(step, f.facing, f.size);
    const entered = after.filter((h) => !before.some((b) => hexEquals(b, h)));
    const inTheWay = tx.state.figures.filter((o) => pushable(f, o) && figureHexes(o).some((h) => entered.some((e) => hexEquals(e, h))));
    if (inTheWay.length > 0) pushAside(tx, f, inTheWay, directionTo(at, step) ?? 0, after);
    at = step;
    tx.update(f.id, (x) => ({ ...x, position: step }));
    const engaged = isEngagedAt(engagementField(tx.state, tx.fig(f.id)), f.size, after);
    if (engaged && i < route.path.length - 1) {
      throw new AppError(
        'rule',
        `${f.name} is engaged at ${hexKey(step)} once the figures it pushes stand there, and stops (RULINGS M5): move it only that far.`,
      );
    }
  }
  const facing = command.facing ?? f.facing;
  if (facing !== f.facing && !fits(tx.state, pathWorld(tx.state, tx.fig(f.id)), footprint(at, facing, f.size))) {
    throw new AppError('rule', `${f.name} has no room to turn to that facing there.`);
  }
  const engaged = isEngagedAt(engagementField(tx.state, tx.fig(f.id)), f.size, footprint(at, facing, f.size));
  tx.update(f.id, (x) => ({
    ...x,
    position: at,
    facing,
    turn: {
      ...x.turn,
      mode: chosen.mode,
      spent: route.cost,
      charged: chosen.mode !== 'shift',
      brokenGround: route.path.some((h) => tx.state.map.terrain[hexKey(h)] === 'broken'),
    },
  }));
  tx.emit?.({
    type: 'moved',
    figureId: f.id,
    mode: chosen.mode,
    path: [start, ...route.path],
    cost: route.cost,
    facing,
    engaged,
    source: `001 §Movement; RULINGS M1, M7; ${PUSH_SOURCE}`,
  });
  if (chosen.mode !== 'shift') spendMovementFatigue(tx, f, chosen.mode, route.cost, false);
  markMoved(tx, f.id);
}

/** Pushes the figures in the way 1 hex back, or refuses by 004's ST rule or for want of room. */
function pushAside(tx: Tx, f: FigureState, inTheWay: readonly FigureState[], travel: number, pusherCells: readonly Hex[]): void {
  const names = inTheWay.map((o) => o.name).join(' and ');
  const combined = inTheWay.reduce((sum, o) => sum + o.attributes.STR, 0);
  if (combined >= f.attributes.STR) {
    const their = inTheWay.length === 1 ? `${names}'s ST is ${combined}` : `${names} have combined ST ${combined}`;
    throw new AppError(
      'rule',
      `${f.name} cannot push ${names} back: ${their}, and a pusher's ST must be more than that (${f.name} has ${f.attributes.STR}; ${PUSH_SOURCE}).`,
    );
  }
  const held = inTheWay.find((o) => o.hthWith.length > 0);
  if (held) throw new AppError('rule', `${held.name} is in hand-to-hand combat: it is not pushed out of it (the console's choice).`);
  const taken = new Set<number>();
  for (const o of inTheWay) {
    const to = pushedTo(tx, o, travel, pusherCells, taken);
    if (to === null)
      throw new AppError(
        'rule',
        `${o.name} has no free hex to be pushed back into (straight on or to either side, away from ${f.name}; the console's choice after ${PUSH_SOURCE}).`,
      );
    for (const h of footprint(to, o.facing, o.size)) taken.add(numKey(h.q, h.r));
    tx.update(o.id, (x) => ({ ...x, position: to }));
    tx.emit?.({ type: 'pushed', figureId: f.id, targetId: o.id, from: o.position, to, advanced: false, source: PUSH_SOURCE });
  }
}

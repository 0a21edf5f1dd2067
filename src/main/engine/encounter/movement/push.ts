/**
 * A multi-hex figure pushing smaller figures back as it moves (004 §Engagement: multi-hex figures
 * may push back smaller figures when the smaller figures' combined ST is less than the pusher's;
 * RULINGS H8).
 *
 * RULINGS H8 settles what 004 leaves open:
 * - A 3- or 7-hex figure whose move takes it into hexes smaller figures hold (a drag onto them, or
 *   a path through them) pushes them 1 hex, straight on in its direction of travel, else to either
 *   side of that. Friends are pushed as well as foes.
 * - A pushed figure pushes no one (it needs a free hex); a figure in hand-to-hand combat is not
 *   pushed (it blocks the way as any figure does).
 * - A figure with no free hex to be pushed into stops the push: the pusher's move ends before
 *   that hex (a `pushStopped` event says so). Stopped on its very first step, the move is refused.
 * - Dropping a pack stays free at the start of the pusher's movement (RULINGS M4).
 * - Under stride & momentum (RULINGS O3) a push is part of the stride that enters the hex, at no
 *   extra cost: the strides, AP, tumbles and shots of opportunity are a plain move's.
 *
 * The console's choices where H8 is silent:
 * - The ST compared is the figure's STR (Pillars) or ST (Classic, RULINGS O1: kept in the same
 *   place); the smaller figures pushed at one step are the ones combined. Too strong a group is a
 *   refusal with the sums (no push at all, so no move through them).
 * - A rider goes where its mount goes and does not count apart.
 * - Engagement still stops the pusher (RULINGS M5): a path that goes on after the step where the
 *   pushed figures leave it engaged is refused, and the GM is told where it stops.
 */
import { AppError } from '../../../../shared/errors';
import { directionTo, hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/contract/commands';
import { MOVEMENT_PHASES } from '../../../../shared/phases';
import type { MoveMode } from '../../../../shared/contract/schemas';
import { planStride, type StridePlan } from '../../options/strideMomentum/stride';
import { engagementField, pairEngagedAt } from './engagement';
import { effectiveMap, numKey } from '../../map/effectiveMap';
import type { FigureState } from '../schema';
import { figureHexes, isRidden } from '../state';
import { markMoved, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';
import { dropPackAtStart } from '../actions/pack';
import { requireMoveTurn } from './move';
import { figureAllowance, fits, movementBudget, pathWorld } from './reachable';
import { pushable, pushedTo, pushPath } from './pushPath';
import { spendMovementFatigue } from './turnGait';
import { cruisePlan, hazardsOf, movementAp, offerOpportunities, runInto, strideAftermath } from './strideHazards';

export { isPushMove, pushable } from './pushPath';

export const PUSH_SOURCE = '004 §Engagement; RULINGS H8';

/** The ways of moving open to the pusher, slowest first, each with its budget (RULINGS T5: the slowest that covers the path is taken). */
function pushModes(tx: Tx, f: FigureState, c: CommandOf<'move'>): { mode: MoveMode; budget: number }[] {
  const dropPack = c.dropPack === true;
  const ways: MoveMode[] =
    c.mode !== undefined
      ? [c.mode]
      : [
          'shift',
          ...figureAllowance(f, tx.rules, dropPack)
            .map((a) => a.mode as MoveMode)
            .reverse(),
        ];
  const out: { mode: MoveMode; budget: number }[] = [];
  for (const mode of ways) {
    if (mode === 'crawl' || mode === 'stand-still') continue;
    const b = movementBudget(tx.state, f, mode, dropPack, undefined, tx.rules);
    if (b.ok) out.push({ mode, budget: b.budget.value });
  }
  return out;
}

/** RULINGS O3 (002 §Assigning Movement): the strides that carry a `stride-N` push over `cost` hexes; null for a gait. */
function pushStride(tx: Tx, f: FigureState, c: CommandOf<'move'>, mode: MoveMode, cost: number): StridePlan | null {
  const top = /^stride-(\d)$/.exec(mode);
  if (top === null) return null;
  const apLeft = movementAp(tx, f);
  const stop = c.keepGoing !== true;
  const plan =
    c.strides !== undefined
      ? planStride({ momentum: f.momentum, strides: c.strides, actionPoints: apLeft, stop })
      : cruisePlan(f.momentum, Number(top[1]), cost, stop, apLeft);
  if (!plan.legal) throw new AppError('rule', `${f.name}: ${plan.refusals.join(' ')}`);
  if (c.strides !== undefined && Math.max(...c.strides) > Number(top[1])) throw new AppError('invalid-args', `A ${mode} move buys at most ${mode} per AP.`);
  if (plan.hexes.value < cost)
    throw new AppError(
      'rule',
      `${f.name} has ${apLeft} AP left for movement: ${plan.hexes.value} hexes at ${mode}, the path needs ${cost} (002 §Assigning Movement).`,
    );
  return plan;
}

export function applyPushMove(tx: Tx, command: CommandOf<'move'>): void {
  requireTurn(tx, command, MOVEMENT_PHASES);
  const f = tx.fig(command.figureId);
  if (command.dropPack === true && f.equipment.packLbs <= 0) throw new AppError('rule', `${f.name} carries no pack.`);
  const modes = pushModes(tx, f, command);
  if (modes.length === 0) {
    const b = movementBudget(tx.state, f, command.mode ?? 'walk', command.dropPack === true, undefined, tx.rules);
    throw new AppError('rule', b.ok ? `${f.name} cannot move that way now.` : b.reason);
  }
  const most = Math.max(...modes.map((m) => m.budget));
  const route = pushPath(tx.state, f, command.to, most, tx.rules.brokenGroundCost);
  if (route === null)
    throw new AppError('rule', `${f.name} cannot reach that hex this turn, even pushing smaller figures back (${PUSH_SOURCE}; RULINGS M1–M7).`);
  const chosen = modes.filter((m) => m.budget >= route.cost).sort((a, b) => a.budget - b.budget)[0]!;
  if (chosen.mode === 'shift' && route.path.length > 1) throw new AppError('rule', `${f.name} is engaged: it may only shift 1 hex (RULINGS M5).`);
  requireMoveTurn(tx, f, { ...command, mode: chosen.mode });
  const stride = pushStride(tx, f, command, chosen.mode, route.cost);
  if (command.dropPack === true) dropPackAtStart(tx, f.id);

  const start = f.position;
  const walked = walkPushing(tx, f, route.path);
  const path = route.path.slice(0, walked);
  const stepCosts = route.stepCosts.slice(0, walked);
  const cost = stepCosts.reduce((n, c) => n + c, 0);
  const at = path.at(-1) ?? start;
  // A push stopped short keeps the facing the path was walked with (there was no room to go on).
  const facing = walked === route.path.length ? (command.facing ?? f.facing) : f.facing;
  if (facing !== f.facing && !fits(tx.state, pathWorld(tx.state, tx.fig(f.id)), footprint(at, facing, f.size))) {
    throw new AppError('rule', `${f.name} has no room to turn to that facing there.`);
  }
  const engaged = pairEngagedAt(engagementField(tx.state, tx.fig(f.id)), f.size, footprint(at, facing, f.size), isRidden(tx.state, f));
  tx.update(f.id, (x) => ({
    ...x,
    position: at,
    facing,
    turn: {
      ...x.turn,
      mode: chosen.mode,
      spent: cost,
      charged: cost > 0 && chosen.mode !== 'shift',
      brokenGround: path.some((h) => effectiveMap(tx.state).isBroken(h)),
      ...(stride === null ? {} : { stride: stride.endStride, apSpent: stride.apSpent }),
    },
  }));
  tx.emit?.({
    type: 'moved',
    figureId: f.id,
    mode: chosen.mode,
    path: [start, ...path],
    cost,
    facing,
    engaged,
    source: `001 §Movement; RULINGS M1, M7; ${PUSH_SOURCE}`,
  });
  if (stride !== null) strideHazards(tx, f, stride, { start, path, stepCosts, keepGoing: command.keepGoing === true && walked === route.path.length });
  if (chosen.mode !== 'shift') spendMovementFatigue(tx, f, chosen.mode, cost, command.dropPack === true);
  markMoved(tx, f.id);
}

/** RULINGS O3: the push's strides are a plain move's — checks and tumbles, shots of opportunity, a crash if it keeps going. */
function strideHazards(tx: Tx, f: FigureState, plan: StridePlan, went: { start: Hex; path: Hex[]; stepCosts: number[]; keepGoing: boolean }): void {
  const hz = hazardsOf(tx);
  const end = went.path.at(-1) ?? went.start;
  const travel = went.path.length === 0 ? null : directionTo(went.path.at(-2) ?? went.start, end);
  const tumble = strideAftermath(tx, f.id, plan, hz, { start: went.start, path: went.path, stepCosts: went.stepCosts, facing: f.facing, travel });
  const cameOnAt = tumble === null || tumble.ap === 'stop' ? (plan.steps.at(-1)?.stride ?? 0) : (plan.steps[tumble.ap - 1]?.stride ?? 0);
  offerOpportunities(tx, hz, f.id, went.start, cameOnAt);
  if (tumble === null && went.keepGoing && plan.endStride > 0 && travel !== null) runInto(tx, hz, f.id, end, travel, plan.endStride);
}

/**
 * Steps the pusher along `path`, pushing what stands in each step's new hexes; returns how many
 * steps it took: all of them, or fewer when a figure in the way had no free hex (RULINGS H8).
 */
function walkPushing(tx: Tx, f: FigureState, path: readonly Hex[]): number {
  let at = f.position;
  for (const [i, step] of path.entries()) {
    const before = footprint(at, f.facing, f.size);
    const after = footprint(step, f.facing, f.size);
    const entered = after.filter((h) => !before.some((b) => hexEquals(b, h)));
    const inTheWay = tx.state.figures.filter((o) => pushable(f, o) && figureHexes(o).some((h) => entered.some((e) => hexEquals(e, h))));
    if (inTheWay.length > 0 && !pushAside(tx, f, inTheWay, directionTo(at, step) ?? 0, after, at)) {
      if (i === 0)
        throw new AppError(
          'rule',
          `${f.name} cannot push ${inTheWay.map((o) => o.name).join(' and ')} back: no free hex straight on or to either side (${PUSH_SOURCE}).`,
        );
      return i;
    }
    at = step;
    tx.update(f.id, (x) => ({ ...x, position: step }));
    const engaged = pairEngagedAt(engagementField(tx.state, tx.fig(f.id)), f.size, after, isRidden(tx.state, f)); // RULINGS M5, H9
    if (engaged && i < path.length - 1) {
      throw new AppError(
        'rule',
        `${f.name} is engaged at ${hexKey(step)} once the figures it pushes stand there, and stops (RULINGS M5): move it only that far.`,
      );
    }
  }
  return path.length;
}

/**
 * Pushes the figures in the way 1 hex back (true), refuses by 004's ST rule, or — when one of them
 * has no free hex — pushes none of them and says the pusher stops at `stopAt` (false).
 */
function pushAside(tx: Tx, f: FigureState, inTheWay: readonly FigureState[], travel: number, pusherCells: readonly Hex[], stopAt: Hex): boolean {
  const names = inTheWay.map((o) => o.name).join(' and ');
  const combined = inTheWay.reduce((sum, o) => sum + o.attributes.STR, 0);
  if (combined >= f.attributes.STR) {
    const their = inTheWay.length === 1 ? `${names}'s ST is ${combined}` : `${names} have combined ST ${combined}`;
    throw new AppError(
      'rule',
      `${f.name} cannot push ${names} back: ${their}, and a pusher's ST must be more than that (${f.name} has ${f.attributes.STR}; ${PUSH_SOURCE}).`,
    );
  }
  const taken = new Set<number>();
  const moves: { o: FigureState; to: Hex }[] = [];
  for (const o of inTheWay) {
    const to = pushedTo(tx.state, o, travel, pusherCells, taken);
    if (to === null) {
      tx.emit?.({
        type: 'pushStopped',
        figureId: f.id,
        targetId: o.id,
        at: stopAt,
        reason: `${o.name} has no free hex to be pushed into (straight on or to either side): ${f.name} stops at ${hexKey(stopAt)}.`,
        source: PUSH_SOURCE,
      });
      return false;
    }
    for (const h of footprint(to, o.facing, o.size)) taken.add(numKey(h.q, h.r));
    moves.push({ o, to });
  }
  for (const { o, to } of moves) {
    tx.update(o.id, (x) => ({ ...x, position: to }));
    tx.emit?.({ type: 'pushed', figureId: f.id, targetId: o.id, from: o.position, to, advanced: false, source: PUSH_SOURCE });
  }
  return true;
}

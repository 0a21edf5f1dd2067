/**
 * The `move` and `yieldMove` commands (RULINGS M1–M7, T4): the path is checked step by step
 * against the same rules `reachable` uses, the figure's gait is recorded for its action options,
 * and Sprint and Run are charged to Fatigue (RULINGS M3).
 *
 * Under stride & momentum (RULINGS O3) the rules' movement hazards add, through the seam:
 * - AP: the strides are bought with the figure's AP for the turn less those already spent on
 *   attacks (002 §Assigning Movement).
 * - Attacks of opportunity (002 §Attacks of Opportunity): each enemy the mover ends engaged with,
 *   holding a ready missile weapon (loaded) or a throwable one, when the mover came on at stride 3+
 *   (the stride of its last AP), is offered a shot at half its distance from the mover's start;
 *   the GM resolves it with `opportunityAttack`. Console's choice: the shot must be one the
 *   defender could take from where the mover then was (facing, line of fire, rate of fire).
 *   A monster mover (it has attacks) is read at its pace (002 §Assigning Movement, through the
 *   seam): ambling gives the shot +1, kept on the offer; at its top speed it gives none.
 * - Crashes and collisions (002 §Sprinting, §Charging). Console's choice of how a path is blocked:
 *   the figure does not stop at the end of its path — a `keepGoing` stride move, or a tumble, which
 *   carries it on into the next hex (002: "coming to a stop in the next hex") — and the next hex
 *   in its direction of travel is a wall, the map's edge or a figure. A wall or edge is a crash by
 *   the stride it was going (1d6/1d8/1d10); a figure is a collision, 1d6 to both. The figure stays
 *   where its path ended and is stopped. As with a tumble, the damage is hits taken off the pools
 *   the stat model names (takeMishapHits: Fatigue under Pillars, ST under Classic) and armour does
 *   not stop it (002 is silent on both).
 * - Tumbles between two APs (002 §Sprinting: "coming to a stop in the next hex"): the figure is put
 *   back in the path's next hex after the place it slowed, and only the AP and hexes it used are
 *   charged (`strideCutShort`). The checks run before the offers of opportunity, which follow
 *   where it really stopped.
 */
import { copyTurn, withTurn } from '../copies';
import { AppError } from '../../../../shared/errors';
import { directionTo, hexDistance, hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/contract/commands';
import { MOVEMENT_PHASES } from '../../../../shared/phases';
import type { MoveMode } from '../../../../shared/contract/schemas';
import { planStride } from '../../options/strideMomentum/stride';
import { pairEngagedAt } from './engagement';
import { BROKEN, effectiveMap, numKey } from '../../map/effectiveMap';
import type { FigureState } from '../schema';
import { turnStateOf } from '../schema';
import { isAlive, isRidden, riderOf } from '../state';
import { requireTurn, markMoved, isMovementPhase, phaseStatus, refreshMoveGroups, turnPhases, PHASE_NAMES } from '../turn/turn';
import type { Tx } from '../tx';
import { moveAllowsOption, optionMaxMode } from '../turn/options';
import { figureAllowance, fits, movementBudget, pathTo, pathWorld, reachable, type PathWorld, type Reach } from './reachable';
import { spendMovementFatigue } from './turnGait';
import { cruisePlan, hazardsOf, movementAp, offerOpportunities, runInto, strideAftermath } from './strideHazards';
import { dropPackAtStart } from '../actions/pack';

/** Walks `path` (start excluded) and returns each step's cost, or why it is not a legal path (RULINGS M5, M7). */
function checkPath(tx: Tx, figureId: string, path: readonly Hex[], budget: number, world: PathWorld): number[] {
  const f = tx.fig(figureId);
  let at = f.position;
  let cost = 0;
  const costs: number[] = [];
  let engaged = false;
  const ridden = isRidden(tx.state, f);
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!;
    if (engaged) throw new AppError('rule', `${f.name} became engaged and had to stop (RULINGS M5).`);
    if (hexDistance(at, step) !== 1)
      throw new AppError('rule', `The path jumps from ${hexKey(at)} to ${hexKey(step)}; each step must be to a neighbouring hex.`);
    const cells = footprint(step, f.facing, f.size);
    if (!fits(tx.state, world, cells)) {
      const who = standingOn(tx.state.figures, f.id, cells);
      throw new AppError('rule', who ? `${who.name} is already in that hex.` : `A hex on the path cannot be entered (wall or map edge, RULINGS M7).`);
    }
    const stepCost = onBrokenGround(world, cells) ? tx.rules.brokenGroundCost : 1;
    costs.push(stepCost);
    cost += stepCost;
    engaged = pairEngagedAt(world.field, f.size, cells, ridden); // RULINGS M5, H9
    at = step;
  }
  if (cost > budget) throw new AppError('rule', `That path costs ${cost} hexes of movement; ${f.name} has ${budget} (RULINGS M1, M7).`);
  return costs;
}

/** The living figure other than `exceptId` whose position is one of `cells`, if any. */
function standingOn(figures: readonly FigureState[], exceptId: string, cells: readonly Hex[]): FigureState | undefined {
  return figures.find((o) => o.id !== exceptId && o.posture !== 'dead' && cells.some((c) => numKey(c.q, c.r) === numKey(o.position.q, o.position.r)));
}

function onBrokenGround(world: PathWorld, cells: readonly Hex[]): boolean {
  for (let i = 0; i < cells.length; i++) if ((world.map.flagsAtNum(numKey(cells[i]!.q, cells[i]!.r)) & BROKEN) !== 0) return true;
  return false;
}

/**
 * Why a shift along `path` is not one `reachable` offers, in the true words: the hex is taken or
 * blocked (RULINGS M7), the shift is longer than 1 hex, or it leaves every enemy engaging the
 * figure (RULINGS M5).
 */
function shiftRefusal(tx: Tx, f: FigureState, path: readonly Hex[], world: PathWorld): string {
  const to = path[0]!;
  const cells = footprint(to, f.facing, f.size);
  if (!fits(tx.state, world, cells)) {
    const who = tx.state.figures.find(
      (o) => o.id !== f.id && isAlive(o) && footprint(o.position, o.facing, o.size).some((h) => cells.some((c) => hexEquals(c, h))),
    );
    if (who) return `${who.name} is already in that hex: ${f.name} may only shift into a free hex (RULINGS M7).`;
    return `That hex cannot be entered (wall or map edge, RULINGS M7).`;
  }
  if (path.length > 1 || hexDistance(f.position, to) !== 1) return `${f.name} is engaged: it may only shift 1 hex, not ${path.length} (RULINGS M5).`;
  return `${f.name} must stay next to an enemy engaging it when it shifts (RULINGS M5).`;
}

const STRIDE_MODE = /^stride-(\d)$/;

function reachesHex(reach: Reach, hex: Hex): boolean {
  for (let i = 0; i < reach.hexes.length; i++) if (hexEquals(reach.hexes[i]!.hex, hex)) return true;
  return false;
}

/** 002 §Attacks of Opportunity: a defender that moves instead lets its offered shot go (it acts in its own move). */
function dropOffersTo(tx: Tx, defenderId: string): void {
  const offers = turnStateOf(tx.state).opportunities;
  if (offers !== undefined && offers.some((o) => o.defenderId === defenderId)) {
    tx.state = { ...tx.state, turnState: { ...turnStateOf(tx.state), opportunities: offers.filter((o) => o.defenderId !== defenderId) } };
  }
}

/** What standing still reaches: the figure's own hex. */
function standingStill(f: FigureState, budget: Reach['budget']): Reach {
  return { figureId: f.id, mode: 'stand-still', allowed: true, reason: null, budget, hexes: [{ hex: f.position, cost: 0, prev: null, engaged: false }] };
}

/** The slowest way of moving that reaches `to` (a drag names no gait), or null. */
export function slowestModeTo(tx: Tx, figureId: string, to: Hex, dropPack: boolean): MoveMode | null {
  const f = tx.fig(figureId);
  if (hexEquals(f.position, to)) return 'stand-still';
  // The rules' ways of moving, slowest first (RULINGS M1; O1, O3).
  const ways = figureAllowance(f, tx.rules, dropPack)
    .map((a) => a.mode as MoveMode)
    .reverse();
  for (const mode of ['shift', 'crawl', ...ways] as const) {
    const reach = reachable(tx.state, figureId, mode, { rules: tx.rules, dropPack });
    if (reach.allowed && reach.hexes.some((h) => hexEquals(h.hex, to))) return mode;
  }
  return null;
}

/** Whether the figure may move now by its phase and the option it took (RULINGS T4, O1, O2; 001 §Action Options). */
export function requireMoveTurn(tx: Tx, f: FigureState, c: { mode: MoveMode; override?: boolean | undefined }): void {
  if (tx.state.phase === 'finalMovement' && !f.turn.yielded && c.override !== true) {
    throw new AppError('rule', `${f.name} did not yield: it moved in Initial Movement (RULINGS T4).`);
  }
  // RULINGS T4, O1, O2: each figure moves in its own movement phase (the rules' movement groups,
  // in the order the phase status keeps for this state).
  // A ridden mount moves in its rider's place (RULINGS H9).
  const mover = riderOf(tx.state, f.id) ?? f;
  if (isMovementPhase(tx.state.phase) && c.override !== true && !phaseStatus(tx.state, tx.rules).order.includes(mover.id)) {
    throw new AppError('rule', `${f.name} does not move in ${PHASE_NAMES[tx.state.phase]} (${tx.rules.initiative.source}).`);
  }
  // A Dodge, Defend or other option declared before moving caps the movement (001 §Action Options).
  if (f.turn.option !== null && !moveAllowsOption(f.turn.option, c.mode, tx.rules)) {
    throw new AppError(
      'rule',
      `${f.name} took option ${f.turn.option}: it may move at most at ${optionMaxMode(f.turn.option, tx.rules)} (001 §Action Options).`,
    );
  }
}

export function applyMove(tx: Tx, command: CommandOf<'move'>): void {
  requireTurn(tx, command, MOVEMENT_PHASES);
  const f = tx.fig(command.figureId);
  const mode = command.mode ?? slowestModeTo(tx, f.id, command.to, command.dropPack === true);
  if (mode === null) {
    const occupant = standingOn(tx.state.figures, f.id, [command.to]);
    if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
    throw new AppError('rule', `${f.name} cannot reach that hex this turn (RULINGS M1–M7).`);
  }
  // A command that names its gait is read as it is (every logged move does), not copied.
  type Named = CommandOf<'move'> & { mode: MoveMode };
  const c: Named = command.mode === mode ? (command as Named) : { ...command, mode };
  requireMoveTurn(tx, f, c);
  const world = pathWorld(tx.state, f);
  // Standing still reaches the figure's own hex alone (its Reach is built only if a path asks it).
  let reach: Reach | null = null;
  let budget: number;
  if (c.mode === 'stand-still') {
    const b = movementBudget(tx.state, f, 'stand-still');
    if (!b.ok) throw new AppError('rule', b.reason);
    budget = b.budget.value;
    if (!hexEquals(c.to, f.position) && c.path === undefined) reach = standingStill(f, b.budget);
  } else {
    reach = reachable(tx.state, f.id, c.mode, { rules: tx.rules, dropPack: c.dropPack === true });
    if (!reach.allowed) throw new AppError('rule', reach.reason ?? `${f.name} cannot move that way.`);
    budget = reach.budget.value;
  }
  // RULINGS O3 (002): the strides bought with each AP must keep 002's limits; they set the budget.
  const strideOf = STRIDE_MODE.exec(c.mode);
  if (c.strides !== undefined && strideOf === null) throw new AppError('invalid-args', 'Strides per AP go with a stride move (RULINGS O3).');
  const apLeft = movementAp(tx, f);
  const explicit = c.strides !== undefined ? planStride({ momentum: f.momentum, strides: c.strides, actionPoints: apLeft, stop: c.keepGoing !== true }) : null;
  if (explicit !== null) {
    if (!explicit.legal) throw new AppError('rule', `${f.name}: ${explicit.refusals.join(' ')}`);
    if (Math.max(...c.strides!) > Number(strideOf?.[1])) throw new AppError('invalid-args', `A ${c.mode} move buys at most stride-${strideOf?.[1]} per AP.`);
    budget = Math.min(budget, explicit.hexes.value); // RULINGS O3: never past the capped distance
  }

  let path: Hex[];
  if (c.path !== undefined) {
    path = [...c.path];
    const last = path.at(-1) ?? f.position;
    if (!hexEquals(last, c.to)) throw new AppError('invalid-args', 'The path must end at the destination.');
  } else if (hexEquals(c.to, f.position)) {
    path = []; // every reach starts at the figure's own hex
  } else {
    const full = pathTo(reach!, c.to);
    if (full === null) {
      if (c.mode === 'shift') throw new AppError('rule', shiftRefusal(tx, f, [c.to], world));
      const occupant = standingOn(tx.state.figures, f.id, [c.to]);
      if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
      throw new AppError('rule', `${f.name} cannot reach that hex at ${c.mode} this turn (RULINGS M1–M7).`);
    }
    path = full.slice(1);
  }
  let cost: number;
  let stepCosts: number[];
  if (c.mode === 'shift') {
    // RULINGS M5: the shift must be one of the hexes `reachable` offers (next to the foe).
    if (path.length > 1 || (path.length === 1 && !reachesHex(reach!, c.to))) {
      throw new AppError('rule', shiftRefusal(tx, f, path, world));
    }
    cost = path.length;
    stepCosts = path.map(() => 1);
  } else {
    stepCosts = checkPath(tx, f.id, path, budget, world);
    cost = 0;
    for (let i = 0; i < stepCosts.length; i++) cost += stepCosts[i]!;
  }
  const stride = strideOf === null ? null : (explicit ?? cruisePlan(f.momentum, Number(strideOf[1]), cost, c.keepGoing !== true, apLeft));
  if (stride !== null && stride.hexes.value < cost)
    throw new AppError(
      'rule',
      `${f.name} has ${apLeft} AP left for movement: ${stride.hexes.value} hexes at ${c.mode}, the path needs ${cost} (002 §Assigning Movement).`,
    );

  const facing = c.facing ?? f.facing;
  if (f.size > 1 && facing !== f.facing) {
    if (!fits(tx.state, world, footprint(c.to, facing, f.size))) {
      throw new AppError('rule', `${f.name} has no room to turn to that facing there.`);
    }
  }

  if (c.dropPack === true) dropPackAtStart(tx, f.id);

  const end = path.at(-1) ?? f.position;
  const charged = cost > 0 && c.mode !== 'shift' && c.mode !== 'crawl';
  let brokenGround = false;
  for (let i = 0; i < path.length && !brokenGround; i++) brokenGround = effectiveMap(tx.state).isBroken(path[i]!);
  // Built from the figure as it stands now (dropping a pack changed it), and put in its place.
  const x = tx.fig(f.id);
  const turn = copyTurn(x.turn);
  turn.mode = c.mode;
  turn.spent = cost;
  turn.charged = charged;
  turn.brokenGround = brokenGround;
  if (stride !== null) {
    turn.stride = stride.endStride;
    turn.apSpent = stride.apSpent;
  }
  const moved = withTurn(x, turn);
  moved.position = end;
  moved.facing = facing;
  // Crawling keeps a figure on the ground: a kneeling figure that crawls is prone (001 §Action Options g).
  if (c.mode === 'crawl') moved.posture = 'prone';
  tx.put(moved);
  tx.emit?.({
    type: 'moved',
    figureId: f.id,
    mode: c.mode,
    path: [f.position, ...path],
    cost,
    facing,
    engaged: pairEngagedAt(world.field, f.size, footprint(end, facing, f.size), isRidden(tx.state, f)),
    source: c.mode === 'shift' ? 'RULINGS M5' : c.mode === 'crawl' ? '001 §Action Options (CRAWL)' : '001 §Movement; RULINGS M1, M7',
  });
  dropOffersTo(tx, f.id);
  if (stride !== null) {
    const hz = hazardsOf(tx);
    const travel = path.length === 0 ? null : directionTo(path.at(-2) ?? f.position, end);
    // The checks come first: a tumble mid-path stops the figure short (002 §Sprinting), and the
    // offers then follow where it really stopped, at the stride it really came on at.
    const tumble = strideAftermath(tx, f.id, stride, hz, { start: f.position, path, stepCosts, facing: f.facing, travel });
    const cameOnAt = tumble === null || tumble.ap === 'stop' ? (stride.steps.at(-1)?.stride ?? 0) : (stride.steps[tumble.ap - 1]?.stride ?? 0);
    offerOpportunities(tx, hz, f.id, f.position, cameOnAt);
    if (tumble === null && c.keepGoing === true && stride.endStride > 0 && travel !== null) runInto(tx, hz, f.id, end, travel, stride.endStride);
  }
  if (c.mode !== 'shift' && c.mode !== 'crawl') spendMovementFatigue(tx, f, c.mode, cost, c.dropPack === true);
  markMoved(tx, f.id);
}

export function applyYield(tx: Tx, c: CommandOf<'yieldMove'>): void {
  // RULINGS T4, O2: a figure yields in the turn's first movement phase, when the rules let it.
  const first = turnPhases(tx.rules).find(isMovementPhase) ?? 'initialMovement';
  if (!tx.rules.initiative.canYield) {
    throw new AppError('rule', `Nobody yields under ${tx.rules.initiative.name} (${tx.rules.initiative.source}).`);
  }
  requireTurn(tx, c, [first]);
  const f = tx.fig(c.figureId);
  if (f.turn.mode !== null) throw new AppError('rule', `${f.name} has already moved.`);
  if (f.turn.yielded) throw new AppError('conflict', `${f.name} has already yielded.`);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, yielded: true } }));
  // RULINGS H9: rider and mount move as one, so they yield as one.
  const partner = f.ridingId ?? riderOf(tx.state, f.id)?.id;
  if (partner !== undefined) tx.update(partner, (x) => ({ ...x, turn: { ...x.turn, yielded: true } }));
  tx.emit?.({ type: 'yielded', figureId: f.id, source: 'RULINGS T4' });
  refreshMoveGroups(tx);
}

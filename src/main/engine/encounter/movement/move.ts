/**
 * The `move` and `yieldMove` commands (RULINGS M1–M7, T4): the path is checked step by step
 * against the same rules `reachable` uses, the figure's gait is recorded for its action options,
 * and Sprint and Run are charged to Fatigue (RULINGS M3).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/commands';
import { MOVEMENT_PHASES, type MoveMode } from '../../../../shared/schemas';
import { planStride, tumbleCheck, type StridePlan } from '../../options/strideMomentum/stride';
import { STRIDE } from '../../options/strideMomentum/tables';
import { isEngagedAt, numKey } from '../engagement';
import { requireTurn, markMoved, settlePosture, movementSequence, isMovementPhase, refreshMoveGroups, turnPhases, PHASE_NAMES } from '../turn';
import type { Tx } from '../tx';
import { MODE_RANK, OPTION_MAX_MODE } from '../options';
import { figureAllowance, fits, movementBudget, pathTo, pathWorld, reachable, type PathWorld, type Reach } from './reachable';

/** Walks `path` (start excluded) and returns its cost, or why it is not a legal path (RULINGS M5, M7). */
function checkPath(tx: Tx, figureId: string, path: readonly Hex[], budget: number, world: PathWorld): number {
  const f = tx.fig(figureId);
  let at = f.position;
  let cost = 0;
  let engaged = false;
  for (const step of path) {
    if (engaged) throw new AppError('rule', `${f.name} became engaged and had to stop (RULINGS M5).`);
    if (hexDistance(at, step) !== 1) throw new AppError('rule', `The path jumps from ${hexKey(at)} to ${hexKey(step)}; each step must be to a neighbouring hex.`);
    const cells = footprint(step, f.facing, f.size);
    if (!fits(tx.state, world, cells)) {
      const who = tx.state.figures.find((o) => o.id !== f.id && o.posture !== 'dead' && cells.some((c) => numKey(c.q, c.r) === numKey(o.position.q, o.position.r)));
      throw new AppError('rule', who ? `${who.name} is already in that hex.` : `The hex ${hexKey(step)} cannot be entered (wall or map edge, RULINGS M7).`);
    }
    cost += cells.some((c) => world.terrain.get(numKey(c.q, c.r)) === 'broken') ? tx.rules.brokenGroundCost : 1;
    engaged = isEngagedAt(world.field, f.size, cells);
    at = step;
  }
  if (cost > budget) throw new AppError('rule', `That path costs ${cost} hexes of movement; ${f.name} has ${budget} (RULINGS M1, M7).`);
  return cost;
}

/** The slowest way of moving that reaches `to` (a drag names no gait), or null. */
export function slowestModeTo(tx: Tx, figureId: string, to: Hex, dropPack: boolean): MoveMode | null {
  const f = tx.fig(figureId);
  if (hexEquals(f.position, to)) return 'stand-still';
  // The rules' ways of moving, slowest first (RULINGS M1; O1, O3).
  const ways = figureAllowance(f, tx.rules, dropPack).map((a) => a.mode as MoveMode).reverse();
  for (const mode of ['shift', 'crawl', ...ways] as const) {
    const reach = reachable(tx.state, figureId, mode, { rules: tx.rules, dropPack });
    if (reach.allowed && reach.hexes.some((h) => hexEquals(h.hex, to))) return mode;
  }
  return null;
}

export function applyMove(tx: Tx, command: CommandOf<'move'>): void {
  requireTurn(tx, command, MOVEMENT_PHASES);
  const f = tx.fig(command.figureId);
  const mode = command.mode ?? slowestModeTo(tx, f.id, command.to, command.dropPack === true);
  if (mode === null) {
    const occupant = tx.state.figures.find((o) => o.id !== f.id && o.posture !== 'dead' && hexEquals(o.position, command.to));
    if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
    throw new AppError('rule', `${f.name} cannot reach ${hexKey(command.to)} this turn (RULINGS M1–M7).`);
  }
  const c = { ...command, mode };
  if (tx.state.phase === 'finalMovement' && !f.turn.yielded && c.override !== true) {
    throw new AppError('rule', `${f.name} did not yield: it moved in Initial Movement (RULINGS T4).`);
  }
  // RULINGS T4, O1, O2: each figure moves in its own movement phase (the rules' movement groups).
  if (isMovementPhase(tx.state.phase) && c.override !== true && !movementSequence(tx.state, tx.state.phase).includes(f.id)) {
    throw new AppError('rule', `${f.name} does not move in ${PHASE_NAMES[tx.state.phase]} (${tx.rules.initiative.source}).`);
  }
  // A Dodge, Defend or other option declared before moving caps the movement (001 §Action Options).
  if (f.turn.option !== null && MODE_RANK[c.mode] > MODE_RANK[OPTION_MAX_MODE[f.turn.option]]) {
    throw new AppError('rule', `${f.name} took option ${f.turn.option}: it may move at most at ${OPTION_MAX_MODE[f.turn.option]} (001 §Action Options).`);
  }
  const world = pathWorld(tx.state, f);
  let reach: Reach;
  if (c.mode === 'stand-still') {
    const b = movementBudget(tx.state, f, 'stand-still');
    if (!b.ok) throw new AppError('rule', b.reason);
    reach = { figureId: f.id, mode: c.mode, allowed: true, reason: null, budget: b.budget, hexes: [{ hex: f.position, cost: 0, prev: null, engaged: false }] };
  } else {
    reach = reachable(tx.state, f.id, c.mode, { rules: tx.rules, dropPack: c.dropPack === true });
  }
  if (!reach.allowed) throw new AppError('rule', reach.reason ?? `${f.name} cannot move that way.`);
  let budget = reach.budget.value;
  // RULINGS O3 (002): the strides bought with each AP must keep 002's limits; they set the budget.
  const strideOf = /^stride-(\d)$/.exec(c.mode);
  if (c.strides !== undefined && strideOf === null) throw new AppError('invalid-args', 'Strides per AP go with a stride move (RULINGS O3).');
  const explicit = c.strides !== undefined ? planStride({ momentum: f.momentum, strides: c.strides, actionPoints: STRIDE.humanoidActionPoints, stop: c.keepGoing !== true }) : null;
  if (explicit !== null) {
    if (!explicit.legal) throw new AppError('rule', `${f.name}: ${explicit.refusals.join(' ')}`);
    if (Math.max(...c.strides!) > Number(strideOf?.[1])) throw new AppError('invalid-args', `A ${c.mode} move buys at most stride-${strideOf?.[1]} per AP.`);
    budget = explicit.hexes.value;
  }

  let path: Hex[];
  if (c.path !== undefined) {
    path = [...c.path];
    const last = path.at(-1) ?? f.position;
    if (!hexEquals(last, c.to)) throw new AppError('invalid-args', 'The path must end at the destination.');
  } else {
    const full = pathTo(reach, c.to);
    if (full === null) {
      const occupant = tx.state.figures.find((o) => o.id !== f.id && o.posture !== 'dead' && hexEquals(o.position, c.to));
      if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
      throw new AppError('rule', `${f.name} cannot reach ${hexKey(c.to)} at ${c.mode} this turn (RULINGS M1–M7).`);
    }
    path = full.slice(1);
  }
  let cost: number;
  if (c.mode === 'shift') {
    // RULINGS M5: the shift must be one of the hexes `reachable` offers (next to the foe).
    if (path.length > 1 || (path.length === 1 && !reach.hexes.some((h) => hexEquals(h.hex, c.to)))) {
      throw new AppError('rule', `${f.name} may only shift 1 hex and stay next to the enemy engaging it (RULINGS M5).`);
    }
    cost = path.length;
  } else {
    cost = checkPath(tx, f.id, path, budget, world);
  }
  const stride = strideOf === null ? null : explicit ?? cruisePlan(f.momentum, Number(strideOf[1]), cost, c.keepGoing !== true);

  const facing = c.facing ?? f.facing;
  if (f.size > 1 && facing !== f.facing) {
    if (!fits(tx.state, world, footprint(c.to, facing, f.size))) {
      throw new AppError('rule', `${f.name} has no room to turn to that facing there.`);
    }
  }

  if (c.dropPack === true) {
    if (f.equipment.packLbs <= 0) throw new AppError('rule', `${f.name} carries no pack.`);
    const itemId = `item-${tx.state.nextId ?? 1}`;
    tx.state = {
      ...tx.state,
      nextId: (tx.state.nextId ?? 1) + 1,
      items: [...(tx.state.items ?? []), { id: itemId, kind: 'pack', itemId: 'pack', lbs: f.equipment.packLbs, position: f.position, ownerId: f.id }],
    };
    tx.update(f.id, (x) => ({ ...x, equipment: { ...x.equipment, packLbs: 0 } }));
    tx.emit({ type: 'itemDropped', figureId: f.id, itemId, kind: 'pack', what: 'pack', at: f.position, source: '001 §Encumbrance (Dropping a Pack); RULINGS M4' });
  }

  const end = path.at(-1) ?? f.position;
  const endCells = footprint(end, facing, f.size);
  const engaged = isEngagedAt(world.field, f.size, endCells);
  tx.update(f.id, (x) => ({
    ...x,
    position: end,
    facing,
    // Crawling keeps a figure on the ground: a kneeling figure that crawls is prone (001 §Action Options g).
    posture: c.mode === 'crawl' ? 'prone' : x.posture,
    turn: {
      ...x.turn,
      mode: c.mode,
      spent: cost,
      charged: cost > 0 && c.mode !== 'shift' && c.mode !== 'crawl',
      brokenGround: path.some((h) => tx.state.map.terrain[hexKey(h)] === 'broken'),
      ...(stride === null ? {} : { stride: stride.endStride, apSpent: stride.apSpent }),
    },
  }));
  tx.emit({
    type: 'moved',
    figureId: f.id,
    mode: c.mode,
    path: [f.position, ...path],
    cost,
    facing,
    engaged,
    source: c.mode === 'shift' ? 'RULINGS M5' : c.mode === 'crawl' ? '001 §Action Options (CRAWL)' : '001 §Movement; RULINGS M1, M7',
  });
  if (stride !== null) strideAftermath(tx, f.id, stride);
  if (c.mode !== 'shift' && c.mode !== 'crawl') {
    // RULINGS M3 (O1: 004's fatigue per gait): the rules' way of moving says what it costs.
    const way = figureAllowance(f, tx.rules, c.dropPack === true).find((a) => a.mode === c.mode);
    const perTurn = way?.fatiguePerTurn ?? 0;
    if (perTurn > 0) {
      const after = tx.update(f.id, (x) => ({ ...x, fatigue: { ...x.fatigue, current: x.fatigue.current - perTurn } }));
      tx.emit({ type: 'fatigueSpent', figureId: f.id, amount: perTurn, fatigue: after.fatigue.current, source: way?.source ?? '001 §Movement (Fatigue Cost); RULINGS M3' });
      settlePosture(tx, f.id);
    }
  }
  markMoved(tx, f.id);
}

/**
 * RULINGS O3 (002 §Sprinting): the strides a `stride-N` move holds — each AP speeds up as fast as
 * 002 allows toward N, and AP are spent until the path is covered (at least one AP for a step).
 */
export function cruisePlan(momentum: number, stride: number, hexes: number, stop: boolean): StridePlan {
  const strides: number[] = [];
  let cur = momentum;
  let covered = 0;
  while (covered < hexes && strides.length < STRIDE.humanoidActionPoints) {
    cur = Math.min(stride, cur + STRIDE.maxSpeedUpPerAp);
    strides.push(cur);
    covered += cur;
  }
  return planStride({ momentum, strides, actionPoints: STRIDE.humanoidActionPoints, stop });
}

/** RULINGS O3: the move's strides are logged; slowing too hard calls for DEX − 4 or a tumble (1d4). */
function strideAftermath(tx: Tx, figureId: string, plan: StridePlan): void {
  tx.emit({ type: 'strideMoved', figureId, strides: plan.steps.map((s) => s.stride), apSpent: plan.apSpent, endStride: plan.endStride, momentumNext: plan.momentumNext, source: plan.source });
  for (const check of plan.checks) {
    const f = tx.fig(figureId);
    const t = tumbleCheck(tx.dice, f.attributes.DEX, `keep footing: ${f.name} slows ${check.from} → ${check.to}`);
    tx.rolls.push(t.roll);
    tx.emit({ type: 'check', figureId, purpose: `keep footing slowing from stride-${check.from} to ${check.to}`, target: t.target.value, roll: t.roll.total, success: t.kept, source: t.source });
    if (t.tumble === null) continue;
    // Decision (002 is silent on the pool): tumble damage comes off Fatigue, armour does not stop it.
    tx.rolls.push(t.tumble.roll);
    const after = tx.update(figureId, (x) => ({ ...x, fatigue: { ...x.fatigue, current: x.fatigue.current - t.tumble!.damage }, turn: { ...x.turn, stride: 0 } }));
    tx.emit({ type: 'tumbled', figureId, damage: t.tumble.damage, fatigueAfter: after.fatigue.current, source: t.source });
    settlePosture(tx, figureId);
    break;
  }
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
  tx.emit({ type: 'yielded', figureId: f.id, source: 'RULINGS T4' });
  refreshMoveGroups(tx);
}

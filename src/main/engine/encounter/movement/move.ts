/**
 * The `move` and `yieldMove` commands (RULINGS M1–M7, T4): the path is checked step by step
 * against the same rules `reachable` uses, the figure's gait is recorded for its action options,
 * and Sprint and Run are charged to Fatigue (RULINGS M3).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/commands';
import type { MoveMode } from '../../../../shared/schemas';
import { gaitFatigue, type Gait } from '../../movement';
import { isEngagedAt, numKey } from '../engagement';
import { requireTurn, markMoved, settlePosture } from '../turn';
import type { Tx } from '../tx';
import { MODE_RANK, OPTION_MAX_MODE } from '../options';
import { fits, movementBudget, pathTo, pathWorld, reachable, type PathWorld, type Reach } from './reachable';

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
  for (const mode of ['shift', 'crawl', 'walk-slow', 'walk', 'jog', 'run', 'sprint'] as const) {
    const reach = reachable(tx.state, figureId, mode, { rules: tx.rules, dropPack });
    if (reach.allowed && reach.hexes.some((h) => hexEquals(h.hex, to))) return mode;
  }
  return null;
}

export function applyMove(tx: Tx, command: CommandOf<'move'>): void {
  requireTurn(tx, command, ['initialMovement', 'finalMovement']);
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
  const budget = reach.budget.value;

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
  if (c.mode !== 'shift' && c.mode !== 'crawl') {
    const perTurn = gaitFatigue(c.mode as Gait).perTurnInCombat;
    if (perTurn > 0) {
      const after = tx.update(f.id, (x) => ({ ...x, fatigue: { ...x.fatigue, current: x.fatigue.current - perTurn } }));
      tx.emit({ type: 'fatigueSpent', figureId: f.id, amount: perTurn, fatigue: after.fatigue.current, source: '001 §Movement (Fatigue Cost); RULINGS M3' });
      settlePosture(tx, f.id);
    }
  }
  markMoved(tx, f.id);
}

export function applyYield(tx: Tx, c: CommandOf<'yieldMove'>): void {
  requireTurn(tx, c, ['initialMovement']);
  const f = tx.fig(c.figureId);
  if (f.turn.mode !== null) throw new AppError('rule', `${f.name} has already moved.`);
  if (f.turn.yielded) throw new AppError('conflict', `${f.name} has already yielded.`);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, yielded: true } }));
  tx.emit({ type: 'yielded', figureId: f.id, source: 'RULINGS T4' });
}

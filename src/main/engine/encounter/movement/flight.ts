/**
 * Flight (004 §Flight; RULINGS H6). A flier is a figure with a flying MA (`flyingMa`, typed on
 * the sheet: 004 gives no number of its own); the `flying` condition says it is in the air.
 * - `takeOff`: it rises and moves at most half its flying MA this turn.
 * - `fly`: in the air it moves up to its flying MA (not by the ground gaits of `move`).
 * - `land`: it comes down and cannot move this turn, so it lands before moving.
 * - `engageGround`: the GM says it chooses to engage ground figures this turn (engagement.ts).
 * - `passFliers`: both fliers agree to pass at different heights, so it may fly through another
 *   flier's hex.
 *
 * RULINGS H6 (amended): taking off is movement, so an engaged figure cannot take off (M5) — it
 * disengages first (H2); an engaged flier in the air does not fly off either. A flier in the air
 * neither engages nor is engaged by ground figures unless it chooses to close (engagement.ts).
 * The take-off turn's half flying MA rounds down. Flight costs no movement Fatigue unless the
 * creature's entry says so (`flyingFatigue`, typed with its flying MA): then it pays that much on
 * each turn it flies a hex or more.
 *
 * The console's choices where 004 is silent: a flier flies over ground figures but not through
 * walls; it ends its move in an empty hex; enemy fliers' front hexes stop it as on the ground
 * (RULINGS M5); a figure in HTH, down or with its action or movement taken cannot take off; the
 * hexes flown count for the turn's options as the same hexes walked would (the slowest gait that
 * covers them, RULINGS T5).
 */
import { AppError } from '../../../../shared/errors';
import { hexEquals, hexKey, hexNeighbor, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/contract/commands';
import { MOVEMENT_PHASES } from '../../../../shared/phases';
import type { MoveMode } from '../../../../shared/contract/schemas';
import { engagementField, isEngaged, isEngagedAt } from './engagement';
import type { EncounterState, FigureState } from '../schema';
import { turnStateOf } from '../schema';
import { figureById, hasCondition, isAlive } from '../state';
import { markMoved, requireTurn, settlePosture } from '../turn/turn';
import type { Tx } from '../tx';
import { figureAllowance } from './reachable';
import { effectiveMap } from '../../map/effectiveMap';

export const FLIGHT_SOURCE = '004 §Flight; RULINGS H6';

export function isFlier(f: FigureState): boolean {
  return (f.flyingMa ?? 0) > 0;
}

/** Why the figure cannot take off now, or null. */
export function takeOffRefusal(state: EncounterState, f: FigureState): string | null {
  if (!isFlier(f)) return `${f.name} cannot fly: give it a flying MA on its sheet.`;
  if (hasCondition(f, 'flying')) return `${f.name} is in the air already.`;
  if (f.posture !== 'standing') return `${f.name} is ${f.posture}: it stands before it takes off.`;
  if (f.hthWith.length > 0) return `${f.name} is in hand-to-hand combat.`;
  if (turnStateOf(state).moveDone.includes(f.id)) return `${f.name} has moved this turn.`;
  if (isEngaged(state, f)) return engagedRefusal(f, 'take off');
  return null;
}

/** RULINGS H6 (amended), M5: an engaged figure only shifts or stands still; it disengages first (H2). */
function engagedRefusal(f: FigureState, what: string): string {
  return `${f.name} is engaged: it cannot ${what}, for an engaged figure only shifts or stands still (RULINGS H6, M5); it disengages first (option n, RULINGS H2).`;
}

/** Why the figure cannot land now, or null (004 §Flight: no move on the landing turn). */
export function landRefusal(state: EncounterState, f: FigureState): string | null {
  if (!hasCondition(f, 'flying')) return `${f.name} is not in the air.`;
  if (turnStateOf(state).moveDone.includes(f.id) || f.turn.spent > 0)
    return `${f.name} moved this turn: a flier cannot move on the turn it lands, so it lands before moving (${FLIGHT_SOURCE}).`;
  const under = state.figures.find((o) => o.id !== f.id && isAlive(o) && hexEquals(o.position, f.position));
  if (under) return `${under.name} is below: ${f.name} has no room to land.`;
  return null;
}

/** Hexes the flier may fly this turn: half its flying MA on the turn it takes off (004 §Flight). */
export function flightBudget(f: FigureState, takingOff: boolean): number {
  const ma = f.flyingMa ?? 0;
  return takingOff ? Math.floor(ma / 2) : ma;
}

/**
 * Hex key → hexes flown to reach it. Walls and the map's edge block; other fliers block unless
 * `passFliers`; ground figures are flown over; enemy fliers' front hexes stop the flight (M5).
 */
export function flightReach(state: EncounterState, f: FigureState, budget: number, passFliers: boolean): Map<string, { hex: Hex; cost: number }> {
  const aloft: FigureState = hasCondition(f, 'flying') ? f : { ...f, conditions: [...f.conditions, 'flying'] };
  const field = engagementField({ ...state, figures: state.figures.map((x) => (x.id === f.id ? aloft : x)) }, aloft);
  const otherFlier = (h: Hex): boolean =>
    state.figures.some((o) => o.id !== f.id && isAlive(o) && hasCondition(o, 'flying') && footprint(o.position, o.facing, o.size).some((c) => hexEquals(c, h)));
  const out = new Map<string, { hex: Hex; cost: number }>([[hexKey(f.position), { hex: f.position, cost: 0 }]]);
  let frontier: Hex[] = [f.position];
  for (let cost = 1; cost <= budget && frontier.length > 0; cost++) {
    const next: Hex[] = [];
    for (const h of frontier) {
      if (cost > 1 && isEngagedAt(field, f.size, footprint(h, f.facing, f.size))) continue;
      for (let d = 0; d < 6; d++) {
        const n = hexNeighbor(h, d);
        const k = hexKey(n);
        if (out.has(k) || effectiveMap(state).blocksMovement(n)) continue;
        if (!passFliers && otherFlier(n)) continue;
        out.set(k, { hex: n, cost });
        next.push(n);
      }
    }
    frontier = next;
  }
  return out;
}

/** The slowest ground gait that covers the hexes flown, as the turn's options read it (RULINGS T5). */
function gaitFor(tx: Tx, f: FigureState, hexes: number): MoveMode {
  if (hexes === 0) return 'stand-still';
  const ways = figureAllowance(f, tx.rules).filter((a) => !a.mode.startsWith('stride-') && a.mode !== 'stand-still');
  const covering = ways.filter((a) => a.hexes.value >= hexes).sort((a, b) => a.hexes.value - b.hexes.value);
  return (covering[0]?.mode ?? ways.sort((a, b) => b.hexes.value - a.hexes.value)[0]?.mode ?? 'run') as MoveMode;
}

function flyTo(tx: Tx, f: FigureState, to: Hex, facing: number | undefined, budget: number, passFliers: boolean): void {
  const reach = flightReach(tx.state, f, budget, passFliers);
  const there = reach.get(hexKey(to));
  if (there === undefined)
    throw new AppError(
      'rule',
      `${f.name} cannot fly to ${hexKey(to)} this turn: ${budget} ${budget === 1 ? 'hex' : 'hexes'} at most, around walls${passFliers ? '' : ' and other fliers'} (${FLIGHT_SOURCE}).`,
    );
  const occupant = tx.state.figures.find((o) => o.id !== f.id && isAlive(o) && hexEquals(o.position, to));
  if (occupant) throw new AppError('rule', `${occupant.name} is in that hex: a flier ends its move in an empty hex (the console's choice).`);
  const mode = gaitFor(tx, f, there.cost);
  tx.update(f.id, (x) => ({ ...x, position: to, facing: facing ?? x.facing, turn: { ...x.turn, mode, spent: there.cost, charged: there.cost > 0 } }));
  tx.emit?.({
    type: 'moved',
    figureId: f.id,
    mode,
    path: [f.position, to],
    cost: there.cost,
    facing: facing ?? f.facing,
    engaged: false,
    source: FLIGHT_SOURCE,
  });
  // RULINGS H6 (amended): no movement Fatigue for flight unless the creature's entry gives some.
  const fatigue = f.flyingFatigue ?? 0;
  if (there.cost > 0 && fatigue > 0) {
    const after = tx.update(f.id, (x) => ({ ...x, fatigue: { ...x.fatigue, current: x.fatigue.current - fatigue } }));
    tx.emit?.({
      type: 'fatigueSpent',
      figureId: f.id,
      amount: fatigue,
      fatigue: after.fatigue.current,
      source: `${FLIGHT_SOURCE} (the creature's entry: ${fatigue} per turn flown)`,
    });
    settlePosture(tx, f.id);
  }
  markMoved(tx, f.id);
}

export function applyTakeOff(tx: Tx, c: CommandOf<'takeOff'>): void {
  requireTurn(tx, c, MOVEMENT_PHASES);
  const f = tx.fig(c.figureId);
  const refusal = takeOffRefusal(tx.state, f);
  if (refusal !== null) throw new AppError('rule', refusal);
  const aloft = tx.update(f.id, (x) => ({ ...x, conditions: [...x.conditions, 'flying'] }));
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: 'flying', on: true, source: `${FLIGHT_SOURCE} (takes off: half its flying MA this turn)` });
  flyTo(tx, aloft, c.to, c.facing, flightBudget(f, true), c.passFliers === true);
}

export function applyFly(tx: Tx, c: CommandOf<'fly'>): void {
  requireTurn(tx, c, MOVEMENT_PHASES);
  const f = tx.fig(c.figureId);
  if (!hasCondition(f, 'flying')) throw new AppError('rule', `${f.name} is on the ground: it takes off first (${FLIGHT_SOURCE}).`);
  if (turnStateOf(tx.state).moveDone.includes(f.id)) throw new AppError('rule', `${f.name} has moved this turn.`);
  if (f.hthWith.length > 0) throw new AppError('rule', `${f.name} is in hand-to-hand combat: it disengages first (001 §Disengaging).`);
  if (isEngaged(tx.state, f)) throw new AppError('rule', engagedRefusal(f, 'fly off'));
  flyTo(tx, f, c.to, c.facing, flightBudget(f, false), c.passFliers === true);
}

export function applyLand(tx: Tx, c: CommandOf<'land'>): void {
  requireTurn(tx, c, MOVEMENT_PHASES);
  const f = tx.fig(c.figureId);
  const refusal = landRefusal(tx.state, f);
  if (refusal !== null) throw new AppError('rule', refusal);
  tx.update(f.id, (x) => ({
    ...x,
    conditions: x.conditions.filter((k) => k !== 'flying'),
    turn: { ...x.turn, mode: 'stand-still', spent: 0, engagesGround: undefined },
  }));
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: 'flying', on: false, source: `${FLIGHT_SOURCE} (lands: no move this turn)` });
  markMoved(tx, f.id);
}

/** RULINGS H6: the GM says whether the flier chooses to engage ground figures this turn. */
export function applyEngageGround(tx: Tx, c: CommandOf<'engageGround'>): void {
  const f = figureById(tx.state, c.figureId);
  if (!hasCondition(f, 'flying')) throw new AppError('rule', `${f.name} is on the ground: it engages as any figure does.`);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, engagesGround: c.on } }));
  tx.emit?.({
    type: 'conditionChanged',
    figureId: f.id,
    condition: 'engagesGround',
    on: c.on,
    source: `${FLIGHT_SOURCE} (engages ground figures only when it chooses to)`,
  });
}

/**
 * The GM makes a figure a flier (flying MA 1–40) or takes its wings away (0; it must be on the
 * ground), with the Fatigue its entry says a turn of flight costs (`fatiguePerTurn`; 0 or absent:
 * none, RULINGS H6 amended).
 */
export function applySetFlyingMa(tx: Tx, c: CommandOf<'setFlyingMa'>): void {
  const f = figureById(tx.state, c.figureId);
  if (c.flyingMa === 0 && hasCondition(f, 'flying')) throw new AppError('rule', `${f.name} is in the air: it lands first.`);
  const perTurn = c.flyingMa === 0 ? 0 : (c.fatiguePerTurn ?? 0);
  tx.update(f.id, (x) => {
    const { flyingMa: _, flyingFatigue: _fatigue, ...rest } = x;
    return c.flyingMa === 0 ? rest : { ...rest, flyingMa: c.flyingMa, ...(perTurn > 0 ? { flyingFatigue: perTurn } : {}) };
  });
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: `flier (flying MA ${c.flyingMa})`, on: c.flyingMa > 0, source: FLIGHT_SOURCE });
}

/** Why a `move` (ground gaits) is not for this figure: a flier in the air flies. */
export function groundMoveRefusal(f: FigureState): string | null {
  return hasCondition(f, 'flying') ? `${f.name} is in the air: it flies (up to ${f.flyingMa ?? 0} hexes) or lands (${FLIGHT_SOURCE}).` : null;
}

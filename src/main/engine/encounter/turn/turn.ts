/**
 * The turn's phase machine (001 §Turn Sequence; RULINGS T1, T3–T5, H3): moving from phase to phase,
 * what starting and ending each sets up (movement and action orders, forced retreat), and the
 * bookkeeping of who has moved and acted. Initiative, the phase status and the end of the turn
 * live beside it.
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { MoverRef, RuleSet } from '../../options/types';
import { copyState, setTurnState, setTurnStateKey, withTurnChange } from '../copies';
import { turnStateOf, type EncounterState, type FigureState, type TurnState } from '../schema';
import { engagementState } from '../movement/engagement';
import { baseAdjDex, canAct, figureById, findFigure, isRidden, mountsAfterRiders } from '../state';
import { beginRenewal, endRenewal, requireAnchorsBeforeDrain } from './renewPhase';
import { isMovementPhase, PHASE_NAMES, PHASES, phaseStatus, turnPhases, type Phase } from './phaseStatus';
import { orderByScore, settleUnchosenInitiative } from './initiative';
import { endOfTurnEffects, startCleanup, startNextTurn } from './endOfTurn';
import type { Tx } from '../tx';

// Names that lived here before the split, so existing imports of './turn' still resolve.
export {
  initiativeBy,
  isMovementPhase,
  movementSequence,
  PHASE_NAMES,
  PHASES,
  phaseStatus,
  requireTurn,
  turnPhases,
  type Phase,
  type PhaseStatus,
} from './phaseStatus';
export { chooseInitiative, declare, orderByScore, rollInitiative } from './initiative';
export { setPosture, settlePosture } from '../figures/posture';

// --- Phase changes -------------------------------------------------------------------------------------

function enterPhase(tx: Tx, to: Phase): void {
  const from = tx.state.phase;
  tx.state = copyState(tx.state);
  tx.state.phase = to;
  tx.emit?.({ type: 'phaseChanged', turn: tx.state.turn, from, to, source: 'RULINGS T1' });
}

/** Ends the current phase; refused while someone is pending unless the GM overrides. */
export function advancePhase(tx: Tx, c: CommandOf<'advancePhase'>): void {
  const status = phaseStatus(tx.state, tx.rules);
  const ts = turnStateOf(tx.state);
  // S2: unrenewed spells simply end; O4: a figure that declares nothing declares no modifiers.
  const blocking = tx.state.phase === 'renewSpells' || tx.state.phase === 'declarations' ? [] : status.pending;
  if (tx.state.phase === 'initiative' && (ts.initiative === null || !ts.initiative.chosen) && c.override !== true) {
    throw new AppError('rule', ts.initiative === null ? `Roll initiative (${tx.rules.initiative.rollText}).` : status.waitingFor);
  }
  if (blocking.length > 0 && tx.state.phase !== 'initiative') {
    if (c.override !== true) {
      const names = blocking.map((id) => tx.state.figures.find((f) => f.id === id)?.name ?? id);
      throw new AppError(
        'rule',
        `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} still to act in ${PHASE_NAMES[tx.state.phase]}. Use override to move on.`,
      );
    }
  }
  if (c.override === true && (blocking.length > 0 || (tx.state.phase === 'initiative' && !ts.initiative?.chosen))) {
    tx.emit?.({
      type: 'override',
      command: 'advancePhase',
      figureId: null,
      due: status.pending,
      reason: `GM override: ${PHASE_NAMES[tx.state.phase]} ended with ${status.pending.length} pending`,
      source: 'RULINGS T1 (GM override)',
    });
  }
  // RULINGS T1, O1, O2, O4: the next phase is the next of the rules' phases; after the last, the turn ends.
  const phases = turnPhases(tx.rules);
  const from = tx.state.phase;
  const at = phases.indexOf(from);
  const fallback = PHASES.indexOf(from);
  const next = at >= 0 ? phases[at + 1] : fallback >= 0 ? PHASES[fallback + 1] : undefined;
  // RULINGS S6: the anchor roll comes before the drain, so the turn waits for it.
  if (next === undefined) requireAnchorsBeforeDrain(tx, c.override === true);
  leavePhase(tx, from);
  // RULINGS T1 (amended): the post-turn effects close phase 6, before O2's Cleanup when there is one.
  if (next === 'cleanup' || (next === undefined && from !== 'cleanup')) endOfTurnEffects(tx);
  if (next === undefined) return startNextTurn(tx);
  enterPhase(tx, next);
  enteredPhase(tx, next, phases);
}

/** What ending a phase settles (RULINGS T2, S2). */
function leavePhase(tx: Tx, phase: Phase): void {
  if (phase === 'initiative') settleUnchosenInitiative(tx);
  // RULINGS S2: unrenewed spells end before movement.
  if (phase === 'renewSpells') endRenewal(tx);
}

/** What starting a phase sets up (RULINGS T3, T4, T5, H3, O2). */
function enteredPhase(tx: Tx, phase: Phase, phases: readonly Phase[]): void {
  if (phase === 'renewSpells') {
    // RULINGS T3: casters of continuing spells renew by DEX + INT + WIS, high to low (G4 on ties);
    // the magic engine fixes the order and ends the spells of casters who are down (RULINGS S2).
    beginRenewal(tx);
  } else if (isMovementPhase(phase)) {
    if (phases.find(isMovementPhase) === phase) startMovement(tx, phase);
    else refreshMoveGroups(tx);
  } else if (phase === 'actions') startActions(tx);
  else if (phase === 'forcedRetreat') startForcedRetreat(tx);
  else if (phase === 'cleanup') startCleanup(tx);
}
/** The figures that move this turn, as the movement rules see them (RULINGS T4). */
function movers(state: EncounterState, rules: RuleSet): MoverRef[] {
  // RULINGS H9: a ridden mount has no place of its own; ridersGroups puts it after its rider.
  return state.figures.filter((f) => canAct(f) && !isRidden(state, f)).map((f) => ({ id: f.id, sideId: f.sideId, adjDex: baseAdjDex(f, rules.stats).value }));
}

/**
 * RULINGS T4: sides in initiative order; inside a side, adjDEX high to low (ties: as listed; the
 * GM may reorder). With the rules given, their movement groups in phase order (O1, O2, O4).
 */
export function movementOrder(state: EncounterState, rules?: RuleSet): string[] {
  const order = turnStateOf(state).initiative?.order ?? state.sides.map((s) => s.id);
  if (rules !== undefined) return ridersGroups(state, rules.initiative.movementGroups(order, movers(state, rules), [])).flatMap((g) => [...g.ids]);
  const out: string[] = [];
  for (const side of order) {
    const ms = state.figures
      .filter((f) => f.sideId === side && canAct(f))
      .map((f, i) => ({ id: f.id, dex: baseAdjDex(f).value, i }))
      .sort((a, b) => b.dex - a.dex || a.i - b.i);
    out.push(...ms.map((m) => m.id));
  }
  return mountsAfterRiders(state, out);
}

/** RULINGS H9: in each movement group a ridden mount moves right after its rider, whatever its own place. */
function ridersGroups<G extends { readonly ids: readonly string[] }>(state: EncounterState, groups: readonly G[]): G[] {
  return groups.map((g) => {
    const ids = mountsAfterRiders(state, g.ids);
    return ids === g.ids ? g : { ...g, ids };
  });
}

/** The rules' movement groups for the yields made so far (RULINGS T4, O1, O2), kept in the turn state. */
export function refreshMoveGroups(tx: Tx): void {
  const ts = turnStateOf(tx.state);
  const order = ts.initiative?.order ?? tx.state.sides.map((s) => s.id);
  const yielded = tx.state.figures.filter((f) => f.turn.yielded).map((f) => f.id);
  const groups = ridersGroups(tx.state, tx.rules.initiative.movementGroups(order, movers(tx.state, tx.rules), yielded));
  tx.state = setTurnState(tx.state, { moveGroups: groups.map((g) => ({ phase: g.phase as Phase, ids: [...g.ids] })) });
}

function startMovement(tx: Tx, phase: Phase): void {
  // The movement order (movementOrder) and the groups (refreshMoveGroups) from one working-out of
  // the movers: marking who was engaged changes neither who can act nor anyone's adjDEX.
  const sides = turnStateOf(tx.state).initiative?.order ?? tx.state.sides.map((s) => s.id);
  const moving = movers(tx.state, tx.rules);
  let groups = ridersGroups(tx.state, tx.rules.initiative.movementGroups(sides, moving, []));
  const order = groups.flatMap((g) => [...g.ids]);
  // 001 §Action Options: whether a figure was engaged when movement began decides its options.
  const before = tx.state;
  tx.state = copyState(before);
  tx.state.figures = before.figures.map((f) => {
    const engaged = canAct(f) && engagementState(before, f) !== 'disengaged';
    return engaged === f.turn.engagedAtStart ? f : withTurnChange(f, { engagedAtStart: engaged });
  });
  const yielded = tx.state.figures.filter((f) => f.turn.yielded).map((f) => f.id);
  if (yielded.length > 0) groups = ridersGroups(tx.state, tx.rules.initiative.movementGroups(sides, moving, yielded));
  tx.state = setTurnState(tx.state, { moveOrder: order, moveDone: [], moveGroups: groups.map((g) => ({ phase: g.phase as Phase, ids: [...g.ids] })) });
  // The source of the first movement group (Pillars: RULINGS T4; O1: 004 §Turn Sequence (3); …),
  // which each rule set names whoever moves.
  const source = groups[0]?.source ?? 'RULINGS T4';
  tx.emit?.({
    type: 'orderSet',
    phase,
    order,
    scores: order.map((id) => ({ figureId: id, value: baseAdjDex(figureById(tx.state, id), tx.rules.stats).value })),
    source,
  });
}

export function reorderMovement(tx: Tx, c: CommandOf<'reorderMovement'>): void {
  if (!isMovementPhase(tx.state.phase)) {
    throw new AppError('rule', 'The movement order is set during movement (RULINGS T4).');
  }
  const ts = turnStateOf(tx.state);
  const same = c.order.length === ts.moveOrder.length && [...c.order].sort().join() === [...ts.moveOrder].sort().join();
  if (!same) throw new AppError('invalid-args', 'The new order must list exactly the figures of the movement order.');
  const sideSeq = (ids: readonly string[]): string => ids.map((id) => figureById(tx.state, id).sideId).join();
  // RULINGS T4: under side initiative sides keep their places; figure initiative (O2, O4) orders figures.
  if (ts.initiative?.by !== 'figure' && sideSeq(c.order) !== sideSeq(ts.moveOrder)) {
    throw new AppError('rule', 'Figures are reordered inside their side only; sides keep the initiative order (RULINGS T4).');
  }
  const moved = ts.moveOrder.filter((id) => ts.moveDone.includes(id));
  if (moved.some((id, i) => c.order[i] !== id) || c.order.slice(0, moved.length).some((id) => !moved.includes(id))) {
    throw new AppError('rule', 'Figures that have moved keep their place.');
  }
  tx.state = setTurnState(tx.state, { moveOrder: [...c.order] });
  tx.emit?.({ type: 'orderSet', phase: tx.state.phase, order: c.order, scores: [], source: 'RULINGS T4 (GM reorder)' });
}

function startActions(tx: Tx): void {
  // Figures that never moved stood still.
  const figures = tx.state.figures.map((f) => (canAct(f) && f.turn.mode === null ? withTurnChange(f, { mode: 'stand-still' }) : f));
  tx.state = copyState(tx.state);
  tx.state.figures = figures;
  // RULINGS H9: a ridden mount acts right after its rider, not by its own adjDEX.
  const ids = tx.state.figures.filter((f) => canAct(f) && !isRidden(tx.state, f)).map((f) => f.id);
  const score = (id: string): number => baseAdjDex(figureById(tx.state, id), tx.rules.stats).value;
  const order = mountsAfterRiders(tx.state, orderByScore(tx, ids, score, 'action order'));
  // Dodge and Defend declared during movement have used the figure's action (RULINGS A6).
  const declared = order.filter((id) => figureById(tx.state, id).turn.option !== null);
  tx.state = setTurnState(tx.state, { actionOrder: order, actionDone: declared });
  tx.emit?.({
    type: 'orderSet',
    phase: 'actions',
    order,
    scores: order.map((id) => ({ figureId: id, value: score(id) })),
    source: '001 §Turn Sequence; RULINGS T5, G4',
  });
}

/** Marks a figure as having acted (and its option) in the action bookkeeping. */
export function markActed(tx: Tx, figureId: string, option: FigureState['turn']['option']): void {
  // Most who act keep the option they had (a pass): no update to make, and no closure for it.
  const f = findFigure(tx.state, figureId);
  if (f?.turn.option !== option) tx.put(withTurnChange(tx.fig(figureId), { option }));
  const ts = turnStateOf(tx.state);
  if (!ts.actionDone.includes(figureId)) tx.state = setTurnStateKey(tx.state, 'actionDone', ts.actionDone.concat(figureId));
  if (option !== null) tx.emit?.({ type: 'optionTaken', figureId, option, source: '001 §Action Options' });
}

export function markMoved(tx: Tx, figureId: string): void {
  const ts = turnStateOf(tx.state);
  if (!ts.moveDone.includes(figureId)) tx.state = setTurnStateKey(tx.state, 'moveDone', ts.moveDone.concat(figureId));
}

export function markRetreatDone(tx: Tx, figureId: string): void {
  const ts = turnStateOf(tx.state);
  if (!ts.retreatDone.includes(figureId)) tx.state = setTurnStateKey(tx.state, 'retreatDone', ts.retreatDone.concat(figureId));
}

/** RULINGS H3: who dealt physical hits this turn and took none, with the foes next to it that it hit. */
export function retreatOffers(state: EncounterState): TurnState['retreatOffers'] {
  const offers: { figureId: string; targetIds: string[] }[] = [];
  for (let i = 0; i < state.figures.length; i++) {
    const f = state.figures[i]!;
    if (f.turn.hitsDealtTo.length === 0 || !canAct(f) || f.posture !== 'standing' || f.turn.hitsTaken > 0 || f.hthWith.length > 0) continue;
    const targets = f.turn.hitsDealtTo.filter((id) => {
      const t = state.figures.find((x) => x.id === id);
      return t !== undefined && t.posture !== 'dead' && t.hthWith.length === 0 && adjacentFigures(f, t);
    });
    if (targets.length > 0) offers.push({ figureId: f.id, targetIds: targets });
  }
  if (offers.length < 2) return offers;
  const order = turnStateOf(state).actionOrder;
  return offers.sort((a, b) => order.indexOf(a.figureId) - order.indexOf(b.figureId));
}

function adjacentFigures(a: FigureState, b: FigureState): boolean {
  // Footprints touch: some hex of one is next to some hex of the other.
  const dq = Math.abs(a.position.q - b.position.q);
  const dr = Math.abs(a.position.r - b.position.r);
  const ds = Math.abs(a.position.q + a.position.r - b.position.q - b.position.r);
  const d = (dq + dr + ds) / 2;
  return d <= 1 + (a.size === 1 ? 0 : 1) + (b.size === 1 ? 0 : 1) && d >= 1;
}

function startForcedRetreat(tx: Tx): void {
  const offers = retreatOffers(tx.state);
  tx.state = setTurnState(tx.state, { retreatOffers: offers, retreatDone: [] });
  tx.emit?.({ type: 'orderSet', phase: 'forcedRetreat', order: offers.map((o) => o.figureId), scores: [], source: '001 §Forced Retreat; RULINGS H3' });
}

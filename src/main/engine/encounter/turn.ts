/**
 * The turn sequence (001 §Turn Sequence; RULINGS T1–T5, G4): initiative, renew spells, initial
 * and final movement, actions, forced retreat, then the end-of-turn effects (A5, C5). Each phase
 * says who is due and what is pending; the GM may act out of turn with an override the log keeps.
 */
import { AppError } from '../../../shared/errors';
import { makeSurvivalSave } from '../characters/survival';
import { rollOff } from '../dice/rollOff';
import { asRuleSet, DEFAULT_RULES, type Rules } from '../rules';
import type { CommandOf } from '../../../shared/commands';
import { MOVEMENT_PHASES } from '../../../shared/schemas';
import type { MoverRef, RuleSet } from '../options/types';
import { carriedMomentum } from '../options/strideMomentum/stride';
import { checkDeclaration, type Declaration } from '../options/declaredIntent/declarations';
import { FRESH_FIGURE_TURN, FRESH_TURN_STATE, turnStateOf, type EncounterState, type FigureState, type TurnState } from './schema';
import { engagementState } from './engagement';
import { baseAdjDex, canAct, figureById, findFigure, sideName } from './state';
import { beginRenewal, endOfTurnMagic, endRenewal, renewalPending, requireAnchorsBeforeDrain } from './renewPhase';
import type { Tx } from './tx';

export type Phase = EncounterState['phase'];

/** Pillars' six phases (RULINGS T1); a turn goes through its rules' `initiative.phases`. */
export const PHASES: readonly Phase[] = ['initiative', 'renewSpells', 'initialMovement', 'finalMovement', 'actions', 'forcedRetreat'];

export const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  initiative: 'Initiative',
  renewSpells: 'Renew Spells',
  initialMovement: 'Initial Movement',
  finalMovement: 'Final Movement',
  actions: 'Actions',
  forcedRetreat: 'Forced Retreat',
  firstMovement: 'First Movement',
  secondMovement: 'Second Movement',
  movement: 'Movement',
  cleanup: 'Cleanup',
  declarations: 'Declarations',
};

/** Whether figures move in this phase (RULINGS T4, O1, O2, O4). */
export function isMovementPhase(phase: Phase): boolean {
  return MOVEMENT_PHASES.includes(phase);
}

/** The turn's phases by the rules (RULINGS T1, O1, O2, O4), as encounter phase ids. */
export function turnPhases(rules: RuleSet): Phase[] {
  return rules.initiative.phases.map((p) => p.id as Phase);
}

export interface PhaseStatus {
  readonly turn: number;
  readonly phase: Phase;
  /** This phase's order (sides in Initiative, figures otherwise). */
  readonly order: readonly string[];
  /** Who the rules expect next: figure ids (or side ids in Initiative); empty when nobody. */
  readonly due: readonly string[];
  /** Everyone who still has to act in this phase, in order. */
  readonly pending: readonly string[];
  /** What the GM is waiting for, in words. */
  readonly waitingFor: string;
}

function setTurnState(state: EncounterState, change: Partial<TurnState>): EncounterState {
  return { ...state, turnState: { ...turnStateOf(state), ...change } };
}

/** Whether the rules' initiative is rolled by side (RULINGS T2, O1) or by figure (O2, O4). */
export function initiativeBy(rules: Rules | RuleSet): 'side' | 'figure' {
  return asRuleSet(rules).initiative.by;
}

/** The last phase status worked out, per rule set: views and the next command ask for the same state. */
const lastStatus = new WeakMap<RuleSet, { readonly state: EncounterState; readonly status: PhaseStatus }>();

/**
 * Who is still to act in the current phase, and who is due first (RULINGS T1–T5), by the
 * encounter's rules (default: Pillars): their initiative says what is rolled and whether sides or
 * figures are waiting to roll (RULINGS T2, O1, O2, O4).
 */
export function phaseStatus(state: EncounterState, rules: Rules | RuleSet = DEFAULT_RULES): PhaseStatus {
  const rs = asRuleSet(rules);
  const last = lastStatus.get(rs);
  if (last !== undefined && last.state === state) return last.status;
  const status = computePhaseStatus(state, rs);
  lastStatus.set(rs, { state, status });
  return status;
}

function computePhaseStatus(state: EncounterState, rules: RuleSet): PhaseStatus {
  const ts = turnStateOf(state);
  switch (state.phase) {
    case 'initiative': {
      if (ts.initiative === null) {
        // RULINGS T2, O1: each side rolls; O2, O4: each figure that can act rolls.
        const rollers = initiativeBy(rules) === 'figure' ? state.figures.filter(canAct).map((f) => f.id) : state.sides.map((s) => s.id);
        return status(state, rollers, [], rollers, `Roll initiative (${rules.initiative.rollText}).`);
      }
      if (!ts.initiative.chosen) {
        const winner = ts.initiative.rollOrder[0] ?? '';
        return status(state, ts.initiative.rollOrder, [winner], [winner], `${sideName(state, winner)} won: move first or second?`);
      }
      const phases = turnPhases(rules);
      const next = phases[phases.indexOf('initiative') + 1];
      return status(state, ts.initiative.order, [], [], `Initiative is settled: go on to ${next === undefined ? 'the end of the turn' : PHASE_NAMES[next]}.`);
    }
    case 'renewSpells': {
      // RULINGS T3, S2: the magic state's renewal decides who still has spells to renew.
      const pending = stillToAct(state, renewalPending(state), []);
      return status(state, ts.renewOrder, pending.slice(0, 1), pending, pending.length ? 'Casters renew their continuing spells.' : 'No spell is waiting for renewal.');
    }
    case 'initialMovement':
    case 'finalMovement':
    case 'firstMovement':
    case 'secondMovement':
    case 'movement': {
      const order = movementSequence(state, state.phase);
      const pending = stillToAct(state, order, ts.moveDone);
      const over = `${PHASE_NAMES[state.phase]} is over.`;
      const waiting = state.phase === 'finalMovement' ? 'Figures that yielded move now.' : state.phase === 'initialMovement' ? 'Figures move or yield in order.' : 'Figures move in order.';
      return status(state, order, pending.slice(0, 1), pending, pending.length ? waiting : over.charAt(0) + over.slice(1).toLowerCase());
    }
    case 'declarations': {
      // RULINGS O4 (003 §1 Movement): every figure declares before anyone moves.
      const order = state.figures.filter(canAct).map((f) => f.id);
      const pending = order.filter((id) => findFigure(state, id)?.turn.declaration === undefined);
      return status(state, order, pending.slice(0, 1), pending, pending.length ? 'Figures declare action, movement, target, range and weapon.' : 'Every figure has declared: roll initiative.');
    }
    case 'cleanup':
      return status(state, [], [], [], 'Dropped weapons are placed and the fallen flipped: end the turn.');
    case 'actions': {
      const pending = stillToAct(state, ts.actionOrder, ts.actionDone);
      // RULINGS O3 (002 §Charging): a charger's blow waits on the defender who won the pass-by
      // roll-off; that defender strikes or lets it go before anyone else acts.
      const first = ts.firstStrikes?.[0];
      if (first !== undefined) {
        const charger = findFigure(state, first.attackerId)?.name ?? first.attackerId;
        const defender = findFigure(state, first.defenderId)?.name ?? first.defenderId;
        const waiting = [first.defenderId, ...pending.filter((id) => id !== first.defenderId)];
        return status(state, ts.actionOrder, [first.defenderId], waiting, `${defender} may strike ${charger} first (pass-by charge), or let it go.`);
      }
      return status(state, ts.actionOrder, pending.slice(0, 1), pending, pending.length ? 'Figures act by adjDEX.' : 'Every figure has acted.');
    }
    case 'forcedRetreat': {
      const order = ts.retreatOffers.map((o) => o.figureId);
      const pending = stillToAct(state, order, ts.retreatDone);
      return status(state, order, pending, pending, pending.length ? 'Figures that hit and took no hits may push a foe back.' : 'Nothing to push: end the turn.');
    }
  }
}

/** The ids of `order` not yet `done` whose figures can still act, in order. */
function stillToAct(state: EncounterState, order: readonly string[], done: readonly string[]): string[] {
  const pending: string[] = [];
  for (const id of order) {
    if (done.includes(id)) continue;
    const f = findFigure(state, id);
    if (f !== undefined && canAct(f)) pending.push(id);
  }
  return pending;
}

function status(state: EncounterState, order: readonly string[], due: readonly string[], pending: readonly string[], waitingFor: string): PhaseStatus {
  return { turn: state.turn, phase: state.phase, order, due, pending, waitingFor };
}

/**
 * Who moves in movement phase `phase`, in order (RULINGS T4, O1, O2): the rules' movement group
 * for the phase (kept in the turn state, recomputed on each yield), in the movement order (which
 * the GM may have reordered), figures that yielded after the others. States written before the
 * groups were kept read Pillars' split: Initial Movement without the yielders, Final with them.
 */
export function movementSequence(state: EncounterState, phase: Phase): string[] {
  const ts = turnStateOf(state);
  const yielded = (id: string): boolean => findFigure(state, id)?.turn.yielded === true;
  const group = ts.moveGroups?.find((g) => g.phase === phase);
  if (group === undefined) {
    if (phase === 'finalMovement') return ts.moveOrder.filter(yielded);
    if (phase === 'initialMovement') return ts.moveOrder.filter((id) => !yielded(id));
    return [];
  }
  const members = memberSet(group.ids);
  const first: string[] = [];
  const last: string[] = [];
  for (const id of ts.moveOrder) {
    if (members.has(id)) (yielded(id) ? last : first).push(id);
  }
  for (const id of last) first.push(id);
  return first;
}

/** A movement group's ids as a set, per group (turn states are never mutated). */
const memberSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function memberSet(ids: readonly string[]): ReadonlySet<string> {
  let set = memberSets.get(ids);
  if (set === undefined) {
    set = new Set(ids);
    memberSets.set(ids, set);
  }
  return set;
}

/**
 * Checks that `figureId` may act in one of `phases` now, as the one due (or, with `anyOrder`,
 * as any pending figure). Out of turn needs `override`, which the log records.
 */
export function requireTurn(
  tx: Tx,
  command: { type: string; figureId: string; override?: boolean | undefined },
  phases: readonly Phase[],
  opts: { anyOrder?: boolean } = {},
): void {
  const f = tx.fig(command.figureId);
  const override = command.override === true;
  const status = phaseStatus(tx.state, tx.rules);
  if (!phases.includes(tx.state.phase)) {
    if (!override) {
      throw new AppError('rule', `${f.name} cannot do that in ${PHASE_NAMES[tx.state.phase]}: it belongs to ${phases.map((p) => PHASE_NAMES[p]).join(' or ')} (RULINGS T1).`);
    }
  } else {
    const ok = opts.anyOrder ? status.pending.includes(f.id) : status.due.includes(f.id);
    if (ok) return;
    if (!override) {
      const due = status.due.map((id) => tx.state.figures.find((x) => x.id === id)?.name ?? id);
      throw new AppError(
        'rule',
        due.length > 0
          ? `It is ${due.join(', ')}'s turn, not ${f.name}'s (RULINGS T4, T5). Use override to act out of order.`
          : `${f.name} has nothing left to do in ${PHASE_NAMES[tx.state.phase]}.`,
      );
    }
  }
  tx.emit({
    type: 'override',
    command: command.type,
    figureId: f.id,
    due: status.due,
    reason: `GM override: ${f.name} acts out of turn in ${PHASE_NAMES[tx.state.phase]}`,
    source: 'RULINGS T1–T5 (GM override)',
  });
}

/** Sorts ids by score, high first; tied groups are rolled off (RULINGS G4), each roll recorded. */
export function orderByScore(tx: Tx, ids: readonly string[], score: (id: string) => number, purpose: string): string[] {
  const groups = new Map<number, string[]>();
  for (const id of ids) {
    const s = score(id);
    const g = groups.get(s);
    if (g) g.push(id);
    else groups.set(s, [id]);
  }
  const out: string[] = [];
  for (const s of [...groups.keys()].sort((a, b) => b - a)) {
    const group = groups.get(s) ?? [];
    if (group.length === 1) out.push(...group);
    else {
      const off = rollOff(group, tx.dice, `${purpose} tie`);
      tx.rolls.push(...off.rolls.map((r) => r.roll));
      out.push(...off.order);
    }
  }
  return out;
}

// --- Phase 1: initiative (RULINGS T2, O1, O2, O4) ----------------------------------------------------

/** Figures as the initiative rules see them: those that can act, as listed (RULINGS O2, O4). */
function initiativeFigures(state: EncounterState, rules: RuleSet): { id: string; sideId: string; adjDex: number; dex: number; declaration?: Declaration; initiativeScore?: number }[] {
  return state.figures.filter(canAct).map((f) => {
    const d = f.turn.declaration;
    const { initiativeScore, ...rest } = d ?? {};
    return {
      id: f.id,
      sideId: f.sideId,
      adjDex: baseAdjDex(f, rules.stats).value,
      dex: f.attributes.DEX,
      ...(d === undefined ? {} : { declaration: { figureId: f.id, ...rest } as Declaration }),
      ...(initiativeScore === undefined ? {} : { initiativeScore }),
    };
  });
}

export function rollInitiative(tx: Tx): void {
  if (tx.state.phase !== 'initiative') throw new AppError('rule', 'Initiative is rolled in phase 1 only (RULINGS T1).');
  const ts = turnStateOf(tx.state);
  if (ts.initiative !== null) throw new AppError('conflict', `Initiative for turn ${tx.state.turn} has been rolled already.`);
  const sides = tx.state.sides.map((s) => s.id);
  // RULINGS T2, G4 (Pillars: 1d6 per side, tied sides roll again); O1, O2, O4: the option's roll.
  const result = tx.rules.initiative.roll({ sides, figures: initiativeFigures(tx.state, tx.rules) }, tx.dice);
  tx.rolls.push(...result.rolls);
  const rolls = result.scores.map((x) => ({ sideId: x.id, total: x.value.value }));
  const settled = !result.winnerChooses;
  const order = settled ? tx.rules.initiative.settle(result, true) : [];
  tx.state = setTurnState(tx.state, {
    initiative: { ...(result.by === 'figure' ? { by: 'figure' as const } : {}), rolls, rollOrder: [...result.order], order, chosen: settled },
  });
  tx.emit({ type: 'initiativeRolled', rolls, rollOrder: [...result.order], source: result.source });
}

export function chooseInitiative(tx: Tx, c: CommandOf<'chooseInitiative'>): void {
  const ini = turnStateOf(tx.state).initiative;
  if (tx.state.phase !== 'initiative' || ini === null) throw new AppError('rule', 'Roll initiative first (RULINGS T2).');
  if (ini.chosen) throw new AppError('conflict', ini.by === 'figure' ? `Nobody chooses under ${tx.rules.initiative.name}: the order stands (${tx.rules.initiative.source}).` : 'The initiative winner has chosen already.');
  const winner = ini.rollOrder[0];
  if (c.sideId !== winner) {
    throw new AppError('rule', `${sideName(tx.state, c.sideId)} did not win the initiative; ${sideName(tx.state, winner ?? '')} chooses (RULINGS T2).`);
  }
  // RULINGS T2, O1: move first keeps the roll order; move second swaps the first two.
  const order = tx.rules.initiative.settle({ by: 'side', order: ini.rollOrder, scores: [], rolls: [], winnerChooses: true, source: tx.rules.initiative.source }, c.moveFirst);
  tx.state = setTurnState(tx.state, { initiative: { ...ini, order: [...order], chosen: true } });
  tx.emit({ type: 'initiativeChosen', sideId: c.sideId, moveFirst: c.moveFirst, order, source: 'RULINGS T2' });
}

/** RULINGS O4 (003 §1 Movement): a figure declares (or changes its declaration) before initiative is rolled. */
export function declare(tx: Tx, c: CommandOf<'declare'>): void {
  const f = tx.fig(c.figureId);
  if (!turnPhases(tx.rules).includes('declarations')) {
    throw new AppError('rule', `${tx.rules.initiative.name} has no declarations: declared intent is off for this encounter (RULINGS O4).`);
  }
  const rolled = turnStateOf(tx.state).initiative !== null;
  if (!(tx.state.phase === 'declarations' || (tx.state.phase === 'initiative' && !rolled)) && c.override !== true) {
    throw new AppError('rule', `${f.name} declares before initiative is rolled (003 §1 Movement; RULINGS O4).`);
  }
  if (!canAct(f)) throw new AppError('rule', `${f.name} is ${f.posture} and declares nothing.`);
  const d = c.declaration;
  const problems = checkDeclaration({ figureId: f.id, ...d });
  if (problems.length > 0) throw new AppError('rule', `${f.name}: ${problems.join(' ')} (003 §1 Movement; RULINGS O4)`);
  for (const t of d.targetIds ?? []) tx.fig(t);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, declaration: d } }));
  tx.emit({ type: 'declared', figureId: f.id, action: d.action, movement: d.movement, targetIds: [...(d.targetIds ?? [])], source: '003 §1 Movement; RULINGS O4' });
}

// --- Phase changes -------------------------------------------------------------------------------------

function enterPhase(tx: Tx, to: Phase): void {
  const from = tx.state.phase;
  tx.state = { ...tx.state, phase: to };
  tx.emit({ type: 'phaseChanged', turn: tx.state.turn, from, to, source: 'RULINGS T1' });
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
      throw new AppError('rule', `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} still to act in ${PHASE_NAMES[tx.state.phase]}. Use override to move on.`);
    }
  }
  if (c.override === true && (blocking.length > 0 || (tx.state.phase === 'initiative' && !ts.initiative?.chosen))) {
    tx.emit({ type: 'override', command: 'advancePhase', figureId: null, due: status.pending, reason: `GM override: ${PHASE_NAMES[tx.state.phase]} ended with ${status.pending.length} pending`, source: 'RULINGS T1 (GM override)' });
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
  if (next === undefined) return endTurn(tx);
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

/** Overridden without a settled initiative: the sides move in the order they are listed. */
function settleUnchosenInitiative(tx: Tx): void {
  const ts = turnStateOf(tx.state);
  if (ts.initiative === null || !ts.initiative.chosen) {
    const order = tx.state.sides.map((s) => s.id);
    tx.state = setTurnState(tx.state, { initiative: { rolls: ts.initiative?.rolls ?? [], rollOrder: ts.initiative?.rollOrder ?? order, order: ts.initiative?.rollOrder.length ? [...ts.initiative.rollOrder] : order, chosen: true, ...(ts.initiative?.by === 'figure' ? { by: 'figure' as const } : {}) } });
  }
}

/** The figures that move this turn, as the movement rules see them (RULINGS T4). */
function movers(state: EncounterState, rules: RuleSet): MoverRef[] {
  return state.figures.filter(canAct).map((f) => ({ id: f.id, sideId: f.sideId, adjDex: baseAdjDex(f, rules.stats).value }));
}

/**
 * RULINGS T4: sides in initiative order; inside a side, adjDEX high to low (ties: as listed; the
 * GM may reorder). With the rules given, their movement groups in phase order (O1, O2, O4).
 */
export function movementOrder(state: EncounterState, rules?: RuleSet): string[] {
  const order = turnStateOf(state).initiative?.order ?? state.sides.map((s) => s.id);
  if (rules !== undefined) return rules.initiative.movementGroups(order, movers(state, rules), []).flatMap((g) => [...g.ids]);
  const out: string[] = [];
  for (const side of order) {
    const ms = state.figures
      .filter((f) => f.sideId === side && canAct(f))
      .map((f, i) => ({ id: f.id, dex: baseAdjDex(f).value, i }))
      .sort((a, b) => b.dex - a.dex || a.i - b.i);
    out.push(...ms.map((m) => m.id));
  }
  return out;
}

/** The rules' movement groups for the yields made so far (RULINGS T4, O1, O2), kept in the turn state. */
export function refreshMoveGroups(tx: Tx): void {
  const ts = turnStateOf(tx.state);
  const order = ts.initiative?.order ?? tx.state.sides.map((s) => s.id);
  const yielded = tx.state.figures.filter((f) => f.turn.yielded).map((f) => f.id);
  const groups = tx.rules.initiative.movementGroups(order, movers(tx.state, tx.rules), yielded);
  tx.state = setTurnState(tx.state, { moveGroups: groups.map((g) => ({ phase: g.phase as Phase, ids: [...g.ids] })) });
}

function startMovement(tx: Tx, phase: Phase): void {
  const order = movementOrder(tx.state, tx.rules);
  // 001 §Action Options: whether a figure was engaged when movement began decides its options.
  const before = tx.state;
  tx.state = {
    ...before,
    figures: before.figures.map((f) => {
      const engaged = canAct(f) && engagementState(before, f) !== 'disengaged';
      return engaged === f.turn.engagedAtStart ? f : { ...f, turn: { ...f.turn, engagedAtStart: engaged } };
    }),
  };
  tx.state = setTurnState(tx.state, { moveOrder: order, moveDone: [] });
  refreshMoveGroups(tx);
  // The source of the first movement group (Pillars: RULINGS T4; O1: 004 §Turn Sequence (3); …).
  const source = tx.rules.initiative.movementGroups([], [], [])[0]?.source ?? 'RULINGS T4';
  tx.emit({ type: 'orderSet', phase, order, scores: order.map((id) => ({ figureId: id, value: baseAdjDex(figureById(tx.state, id), tx.rules.stats).value })), source });
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
  tx.emit({ type: 'orderSet', phase: tx.state.phase, order: c.order, scores: [], source: 'RULINGS T4 (GM reorder)' });
}

function startActions(tx: Tx): void {
  // Figures that never moved stood still.
  tx.state = {
    ...tx.state,
    figures: tx.state.figures.map((f) => (canAct(f) && f.turn.mode === null ? { ...f, turn: { ...f.turn, mode: 'stand-still' } } : f)),
  };
  const ids = tx.state.figures.filter(canAct).map((f) => f.id);
  const score = (id: string): number => baseAdjDex(figureById(tx.state, id), tx.rules.stats).value;
  const order = orderByScore(tx, ids, score, 'action order');
  // Dodge and Defend declared during movement have used the figure's action (RULINGS A6).
  const declared = order.filter((id) => figureById(tx.state, id).turn.option !== null);
  tx.state = setTurnState(tx.state, { actionOrder: order, actionDone: declared });
  tx.emit({ type: 'orderSet', phase: 'actions', order, scores: order.map((id) => ({ figureId: id, value: score(id) })), source: '001 §Turn Sequence; RULINGS T5, G4' });
}

/** Marks a figure as having acted (and its option) in the action bookkeeping. */
export function markActed(tx: Tx, figureId: string, option: FigureState['turn']['option']): void {
  tx.update(figureId, (f) => ({ ...f, turn: { ...f.turn, option } }));
  const ts = turnStateOf(tx.state);
  if (!ts.actionDone.includes(figureId)) tx.state = setTurnState(tx.state, { actionDone: [...ts.actionDone, figureId] });
  if (option !== null) tx.emit({ type: 'optionTaken', figureId, option, source: '001 §Action Options' });
}

export function markMoved(tx: Tx, figureId: string): void {
  const ts = turnStateOf(tx.state);
  if (!ts.moveDone.includes(figureId)) tx.state = setTurnState(tx.state, { moveDone: [...ts.moveDone, figureId] });
}

export function markRetreatDone(tx: Tx, figureId: string): void {
  const ts = turnStateOf(tx.state);
  if (!ts.retreatDone.includes(figureId)) tx.state = setTurnState(tx.state, { retreatDone: [...ts.retreatDone, figureId] });
}

/** RULINGS H3: who dealt physical hits this turn and took none, with the foes next to it that it hit. */
export function retreatOffers(state: EncounterState): TurnState['retreatOffers'] {
  const offers: { figureId: string; targetIds: string[] }[] = [];
  for (const f of state.figures) {
    if (!canAct(f) || f.posture !== 'standing' || f.turn.hitsTaken > 0 || f.hthWith.length > 0) continue;
    const targets = f.turn.hitsDealtTo.filter((id) => {
      const t = state.figures.find((x) => x.id === id);
      return t !== undefined && t.posture !== 'dead' && t.hthWith.length === 0 && adjacentFigures(f, t);
    });
    if (targets.length > 0) offers.push({ figureId: f.id, targetIds: targets });
  }
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
  tx.emit({ type: 'orderSet', phase: 'forcedRetreat', order: offers.map((o) => o.figureId), scores: [], source: '001 §Forced Retreat; RULINGS H3' });
}

/**
 * RULINGS T1: after phase 6 the post-turn effects apply in order: bleeding (A5), then survival
 * saves (C5); then the turn counter advances and the bookkeeping starts afresh.
 */
function endTurn(tx: Tx): void {
  // RULINGS A5: each bleeding figure loses Body at the end of the turn.
  if (tx.rules.bleedingPerTurn > 0) {
    for (const f of tx.state.figures) {
      if (f.posture === 'dead' || !f.conditions.includes('bleeding')) continue;
      const after = tx.update(f.id, (x) => ({ ...x, body: { ...x.body, current: x.body.current - tx.rules.bleedingPerTurn } }));
      tx.emit({ type: 'bled', figureId: f.id, amount: tx.rules.bleedingPerTurn, bodyAfter: after.body.current, source: 'RULINGS A5' });
      settlePosture(tx, f.id);
    }
  }
  // RULINGS C5: a save each turn once a pool is at or below −½ its starting value (when the stat
  // model has saves: O1's ST 0 is simply death).
  for (const f of tx.rules.stats.survivalSaves ? tx.state.figures : []) {
    if (f.posture === 'dead') continue;
    const save = makeSurvivalSave(f.attributes.CON, { fatigue: f.fatigue, body: f.body }, tx.dice, `survival save: ${f.name}`);
    if (!save.due) continue;
    tx.rolls.push(save.roll);
    tx.emit({ type: 'check', figureId: f.id, purpose: 'survival save', target: save.check.target.value, roll: save.roll.total, success: save.outcome === 'survived', source: '001 §Injury Thresholds & Death; RULINGS C5' });
    if (save.outcome === 'died') setPosture(tx, f.id, 'dead', 'RULINGS C5');
  }
  // RULINGS T1, S6: then the runaway drain (the saves above are everyone's, casters' too).
  endOfTurnMagic(tx);
  // RULINGS O3 (002): a figure that ends its movement sprinting carries its stride into next turn.
  for (const f of tx.state.figures) {
    const momentum = f.posture === 'dead' ? 0 : carriedMomentum(f.turn.stride ?? 0);
    if (momentum !== f.momentum) {
      tx.update(f.id, (x) => ({ ...x, momentum }));
      if (momentum > 0) tx.emit({ type: 'momentumCarried', figureId: f.id, momentum, source: '002 §Sprinting; RULINGS O3' });
    }
  }
  tx.emit({ type: 'turnEnded', turn: tx.state.turn, source: 'RULINGS T1' });
  const from = tx.state.phase;
  const first = turnPhases(tx.rules)[0] ?? 'initiative';
  tx.state = {
    ...tx.state,
    turn: tx.state.turn + 1,
    phase: first,
    turnState: FRESH_TURN_STATE,
    // RULINGS A8: the hits taken this turn are next turn's "hits last turn" (heavy blows).
    figures: tx.state.figures.map((f) => {
      const hitsLastTurn = tx.rules.heavyBlowRules.enabled ? f.turn.hitsTaken : 0;
      return hitsLastTurn === f.hitsLastTurn ? { ...f, turn: FRESH_FIGURE_TURN } : { ...f, hitsLastTurn, turn: FRESH_FIGURE_TURN };
    }),
  };
  tx.emit({ type: 'phaseChanged', turn: tx.state.turn, from, to: first, source: 'RULINGS T1' });
}

/**
 * RULINGS O2 (000 §Turn Sequence 7): dropped weapons get their counters and the slain and
 * unconscious are flipped. The map shows a dropped weapon at once; the cleanup marks each as
 * placed (`placed`) and each fallen figure as flipped (`flipped`), so every one is announced once.
 * A flipped figure that is up again is no longer flipped.
 */
function startCleanup(tx: Tx): void {
  const cleanup = tx.rules.initiative.cleanup;
  if (cleanup === undefined) return;
  const items = tx.state.items ?? [];
  const dropped = items
    .filter((i) => i.kind === 'weapon')
    .map((i) => ({ figureId: i.ownerId ?? '', itemId: i.id, position: i.position, placed: i.placed === true }));
  const figures = tx.state.figures.map((f) => ({ id: f.id, posture: f.posture, flipped: f.flipped === true }));
  const events = cleanup(figures, dropped);
  tx.emit(...events);
  const placed = new Set(events.flatMap((e) => (e.type === 'counterPlaced' ? [e.itemId] : [])));
  const flipped = new Set(events.flatMap((e) => (e.type === 'figureFlipped' ? [e.figureId] : [])));
  if (placed.size > 0) tx.state = { ...tx.state, items: items.map((i) => (placed.has(i.id) ? { ...i, placed: true } : i)) };
  tx.state = {
    ...tx.state,
    figures: tx.state.figures.map((f) => {
      if (flipped.has(f.id)) return { ...f, flipped: true };
      if (f.flipped === true && f.posture !== 'dead' && f.posture !== 'unconscious') return { ...f, flipped: false };
      return f;
    }),
  };
}
export function setPosture(tx: Tx, id: string, to: FigureState['posture'], source: string): void {
  const f = tx.fig(id);
  if (f.posture === to) return;
  // Falling or being thrown down does not wake the unconscious (RULINGS C4): they are down already.
  if (f.posture === 'unconscious' && (to === 'prone' || to === 'knockedDown' || to === 'kneeling')) return;
  tx.update(id, (x) => ({ ...x, posture: to, hthWith: to === 'dead' ? [] : x.hthWith }));
  tx.emit({ type: 'postureChanged', figureId: id, from: f.posture, to, source });
  if (to === 'dead' && f.hthWith.length > 0) {
    for (const other of f.hthWith) tx.update(other, (x) => ({ ...x, hthWith: x.hthWith.filter((y) => y !== id) }));
    tx.emit({ type: 'hthChanged', figureIds: [id, ...f.hthWith], inHth: false, source: '001 §Hand-to-Hand Combat' });
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

/**
 * Where the turn stands (001 §Turn Sequence; RULINGS T1–T5): the phases, who is due and pending
 * in the current one, and the check that a figure may act now (or the GM overrides).
 */
import { AppError } from '../../../../shared/errors';
import { asRuleSet, DEFAULT_RULES, type Rules } from '../../rules';
import { isMovementPhase, MOVEMENT_PHASES, PHASE_IDS, phaseName, PILLARS_PHASES } from '../../../../shared/phases';
import type { RuleSet } from '../../options/types';
import { turnStateOf, type EncounterState, type FigureState, type TurnState } from '../schema';
import { canAct, findFigure, isRidden, riderOf, sideName } from '../state';
import { renewalPending } from './renewPhase';
import type { Tx } from '../tx';

export type Phase = EncounterState['phase'];

/** Pillars' six phases (RULINGS T1); a turn goes through its rules' `initiative.phases`. */
export const PHASES: readonly Phase[] = PILLARS_PHASES.map((p) => p.id);

/** Each phase's name in the engine's messages (shared/phases.ts `phaseName`: "Renew Spells"). */
export const PHASE_NAMES: Readonly<Record<Phase, string>> = Object.fromEntries(PHASE_IDS.map((id) => [id, phaseName(id)])) as Record<Phase, string>;

export { isMovementPhase };

/** The turn's phases by the rules (RULINGS T1, O1, O2, O4), as encounter phase ids. */
export function turnPhases(rules: RuleSet): readonly Phase[] {
  const phases = rules.initiative.phases;
  let ids = phaseIds.get(phases);
  if (ids === undefined) {
    ids = phases.map((p) => p.id as Phase);
    phaseIds.set(phases, ids);
  }
  return ids;
}

/** The phase ids per rules' list of phases (a strategy's constant): every command asks. */
const phaseIds = new WeakMap<object, readonly Phase[]>();

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

/** Whether the rules' initiative is rolled by side (RULINGS T2, O1) or by figure (O2, O4). */
export function initiativeBy(rules: Rules | RuleSet): 'side' | 'figure' {
  return asRuleSet(rules).initiative.by;
}

/**
 * The last phase status worked out, per rule set: views and the next command ask for the same
 * state, and the next state's is mostly this one carried forward (`carriedStatus`).
 */
const lastStatus = new WeakMap<RuleSet, { state: EncounterState; status: PhaseStatus }>();

/**
 * Who is still to act in the current phase, and who is due first (RULINGS T1–T5), by the
 * encounter's rules (default: Pillars): their initiative says what is rolled and whether sides or
 * figures are waiting to roll (RULINGS T2, O1, O2, O4).
 */
export function phaseStatus(state: EncounterState, rules: Rules | RuleSet = DEFAULT_RULES): PhaseStatus {
  const rs = asRuleSet(rules);
  const last = lastStatus.get(rs);
  if (last === undefined) {
    const status = computePhaseStatus(state, rs);
    lastStatus.set(rs, { state, status });
    return status;
  }
  if (last.state === state) return last.status;
  const status = carriedStatus(last.state, last.status, state) ?? computePhaseStatus(state, rs);
  last.state = state;
  last.status = status;
  return status;
}

/**
 * `state`'s status from `was`, `before`'s, when all that `computePhaseStatus` reads is as it was
 * but for one more figure done: the same turn and phase (a movement phase or Actions), the same
 * order (and movement groups), no first strike waiting, the same roster in which nobody's being able
 * to act or having yielded changed, and the done list `before`'s with one id added at its end. Null
 * otherwise, and the status is worked out afresh. A replay asks this after nearly every command
 * (`memo.test.ts` compares it with a never-seen copy's along whole fights).
 */
function carriedStatus(before: EncounterState, was: PhaseStatus, state: EncounterState): PhaseStatus | null {
  if (state.turn !== before.turn || state.phase !== before.phase) return null;
  const ts = turnStateOf(state);
  const tb = turnStateOf(before);
  let done: readonly string[];
  let doneBefore: readonly string[];
  if (state.phase === 'actions') {
    if (ts.actionOrder !== tb.actionOrder || ts.firstStrikes !== undefined || tb.firstStrikes !== undefined) return null;
    done = ts.actionDone;
    doneBefore = tb.actionDone;
  } else if (isMovementPhase(state.phase)) {
    if (ts.moveOrder !== tb.moveOrder || ts.moveGroups !== tb.moveGroups) return null;
    done = ts.moveDone;
    doneBefore = tb.moveDone;
  } else return null;
  if (!sameActors(before.figures, state.figures)) return null;
  if (done === doneBefore) return was;
  const n = doneBefore.length;
  if (done.length !== n + 1) return null;
  for (let i = 0; i < n; i++) if (done[i] !== doneBefore[i]) return null;
  const id = done[n]!;
  const at = was.pending.indexOf(id);
  if (at < 0) return was;
  if (was.pending.indexOf(id, at + 1) >= 0) return null;
  // Sized once: the list grown by push would take a larger store, a replay's garbage.
  const pending = new Array<string>(was.pending.length - 1);
  for (let i = 0; i < pending.length; i++) pending[i] = was.pending[i < at ? i : i + 1]!;
  const due = was.due[0] === id ? pending.slice(0, 1) : was.due;
  return status(state, was.order, due, pending, pending.length > 0 ? was.waitingFor : waitingFor(state.phase, 0));
}

/** Whether two rosters hold the same ids in the same places, each as able to act and as yielded as before. */
function sameActors(before: readonly FigureState[], now: readonly FigureState[]): boolean {
  if (before === now) return true;
  if (before.length !== now.length) return false;
  for (let i = 0; i < now.length; i++) {
    const a = before[i]!;
    const b = now[i]!;
    if (a !== b && (a.id !== b.id || canAct(a) !== canAct(b) || a.turn.yielded !== b.turn.yielded)) return false;
  }
  return true;
}

/** What the GM waits for in a movement phase or Actions, with `pending` figures still to go (none: over). */
function waitingFor(phase: Phase, pending: number): string {
  if (phase === 'actions') return pending > 0 ? 'Figures act by adjDEX.' : 'Every figure has acted.';
  if (pending === 0) return phaseOver(phase);
  return phase === 'finalMovement'
    ? 'Figures that yielded move now.'
    : phase === 'initialMovement'
      ? 'Figures move or yield in order.'
      : 'Figures move in order.';
}

function computePhaseStatus(state: EncounterState, rules: RuleSet): PhaseStatus {
  const ts = turnStateOf(state);
  switch (state.phase) {
    case 'initiative': {
      if (ts.initiative === null) {
        // RULINGS T2, O1: each side rolls; O2, O4: each figure that can act rolls.
        // RULINGS H9: a ridden mount rolls with its rider, not on its own.
        const rollers =
          initiativeBy(rules) === 'figure' ? state.figures.filter((f) => canAct(f) && !isRidden(state, f)).map((f) => f.id) : state.sides.map((s) => s.id);
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
      return status(
        state,
        ts.renewOrder,
        pending.slice(0, 1),
        pending,
        pending.length ? 'Casters renew their continuing spells.' : 'No spell is waiting for renewal.',
      );
    }
    case 'initialMovement':
    case 'finalMovement':
    case 'firstMovement':
    case 'secondMovement':
    case 'movement': {
      const order = movementSequence(state, state.phase);
      const pending = stillToAct(state, order, ts.moveDone);
      return status(state, order, pending.slice(0, 1), pending, waitingFor(state.phase, pending.length));
    }
    case 'declarations': {
      // RULINGS O4 (003 §1 Movement): every figure declares before anyone moves; a ridden mount's
      // rider declares for the pair (RULINGS H9).
      const order = state.figures.filter((f) => canAct(f) && !isRidden(state, f)).map((f) => f.id);
      const pending = undeclared(state, order);
      return status(
        state,
        order,
        pending.slice(0, 1),
        pending,
        pending.length ? 'Figures declare action, movement, target, range and weapon.' : 'Every figure has declared: roll initiative.',
      );
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
      return status(state, ts.actionOrder, pending.slice(0, 1), pending, waitingFor('actions', pending.length));
    }
    case 'forcedRetreat': {
      const order = ts.retreatOffers.map((o) => o.figureId);
      const pending = stillToAct(state, order, ts.retreatDone);
      return status(
        state,
        order,
        pending,
        pending,
        pending.length ? 'Figures that hit and took no hits may push a foe back.' : 'Nothing to push: end the turn.',
      );
    }
  }
}

function phaseOver(phase: Phase): string {
  const over = `${PHASE_NAMES[phase]} is over.`;
  return over.charAt(0) + over.slice(1).toLowerCase();
}

/** The ids of `order` not yet `done` whose figures can still act, in order. */
function stillToAct(state: EncounterState, order: readonly string[], done: readonly string[]): string[] {
  const pending: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
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
  const group = groupOf(ts.moveGroups, phase);
  if (group === undefined) return pillarsSplit(state, ts.moveOrder, phase);
  const members = memberSet(group.ids);
  const order = ts.moveOrder;
  const first: string[] = [];
  let last: string[] | null = null;
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    if (!members.has(id)) continue;
    if (findFigure(state, id)?.turn.yielded === true) (last ??= []).push(id);
    else first.push(id);
  }
  if (last !== null) for (const id of last) first.push(id);
  return first;
}

/** Movement without kept groups: Pillars' split, Initial Movement without the yielders, Final with them. */
function pillarsSplit(state: EncounterState, moveOrder: readonly string[], phase: Phase): string[] {
  const yielded = (id: string): boolean => findFigure(state, id)?.turn.yielded === true;
  if (phase === 'finalMovement') return moveOrder.filter(yielded);
  if (phase === 'initialMovement') return moveOrder.filter((id) => !yielded(id));
  return [];
}

/** RULINGS O4: the ids of `order` whose figures have not declared yet. */
function undeclared(state: EncounterState, order: readonly string[]): string[] {
  return order.filter((id) => findFigure(state, id)?.turn.declaration === undefined);
}

function groupOf(groups: TurnState['moveGroups'], phase: Phase): NonNullable<TurnState['moveGroups']>[number] | undefined {
  if (groups === undefined) return undefined;
  for (let i = 0; i < groups.length; i++) if (groups[i]!.phase === phase) return groups[i];
  return undefined;
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
  opts?: { anyOrder?: boolean },
): void {
  const f = tx.fig(command.figureId);
  const override = command.override === true;
  const status = phaseStatus(tx.state, tx.rules);
  if (!phases.includes(tx.state.phase)) {
    if (!override) {
      throw new AppError(
        'rule',
        `${f.name} cannot do that in ${PHASE_NAMES[tx.state.phase]}: it belongs to ${phases.map((p) => PHASE_NAMES[p]).join(' or ')} (RULINGS T1).`,
      );
    }
  } else {
    const waiting = opts?.anyOrder === true ? status.pending : status.due;
    if (waiting.includes(f.id)) return;
    // A rider and its mount move as one: in a movement phase either one's turn is the pair's (movement/mounts.ts).
    const partner = MOVEMENT_PHASES.includes(tx.state.phase) ? (f.ridingId ?? riderOf(tx.state, f.id)?.id) : undefined;
    if (partner !== undefined && waiting.includes(partner)) return;
    if (!override) {
      const due = namesOf(tx.state, status.due);
      throw new AppError(
        'rule',
        due.length > 0
          ? `It is ${due.join(', ')}'s turn, not ${f.name}'s (RULINGS T4, T5). Use override to act out of order.`
          : `${f.name} has nothing left to do in ${PHASE_NAMES[tx.state.phase]}.`,
      );
    }
  }
  tx.emit?.({
    type: 'override',
    command: command.type,
    figureId: f.id,
    due: status.due,
    reason: `GM override: ${f.name} acts out of turn in ${PHASE_NAMES[tx.state.phase]}`,
    source: 'RULINGS T1–T5 (GM override)',
  });
}

/** The names of the figures `ids` (an id stands for a figure no longer there). */
function namesOf(state: EncounterState, ids: readonly string[]): string[] {
  return ids.map((id) => state.figures.find((x) => x.id === id)?.name ?? id);
}

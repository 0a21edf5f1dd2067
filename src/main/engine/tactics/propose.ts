/**
 * The tactics module's one entry: given an encounter, its rules and the GM's settings, what the
 * step the encounter waits on should be, and why. Every proposal is a real command that the
 * engine's own `apply` has just accepted on a copy of the state, so a proposal is never refused.
 */
import { AppError } from '../../../shared/errors';
import { apply } from '../encounter/apply';
import type { EncounterState, FigureState } from '../encounter/schema';
import { isMovementPhase, phaseStatus } from '../encounter/turn/turn';
import { createSeededDice } from '../dice/seeded';
import { asRuleSet, type Rules, type RuleSet } from '../rules';
import { actionCandidates } from './actions';
import { movementCandidates } from './movement';
import { declarationCandidates, initiativeCandidates, offerCandidates, renewalCandidates, retreatCandidates } from './phases';
import { underCover, unseen } from './hidden';
import type { Candidate, Proposal, TacticsSettings } from './types';

export interface ProposeOptions {
  readonly settings?: TacticsSettings;
  /** Only propose for these sides' figures (autopilot); null or absent: any step, the GM's included. */
  readonly sides?: readonly string[] | null;
  /** Work out every candidate the long way, without the shortcuts that skip what cannot be chosen (the tests compare both). */
  readonly exhaustive?: boolean;
}

/** Legality does not depend on the faces: any fixed dice will do for the check. */
const CHECK_SEED = 0x5eed;

export function propose(state: EncounterState, rules: Rules | RuleSet, options: ProposeOptions = {}): Proposal | null {
  const rs = asRuleSet(rules);
  for (const c of proposalCandidates(state, rs, options)) {
    if (accepted(state, c, rs)) return proposalOf(c);
  }
  return null;
}

/** The candidates best first, unchecked: a caller that applies them itself (a simulated fight) keeps the first the engine accepts. */
export function proposalCandidates(state: EncounterState, rules: RuleSet, options: ProposeOptions = {}): Iterable<Candidate> {
  return candidates(state, rules, options.settings ?? {}, options.sides == null ? null : new Set(options.sides), options.exhaustive === true);
}

export function proposalOf(c: Candidate): Proposal {
  return { command: c.command, actorId: actorOf(c), reason: c.reason, ...(c.path !== undefined ? { path: c.path } : {}) };
}

function actorOf(c: Candidate): string | null {
  const cmd = c.command as { figureId?: string; sideId?: string };
  return cmd.figureId ?? cmd.sideId ?? null;
}

function accepted(state: EncounterState, c: Candidate, rules: RuleSet): boolean {
  try {
    apply(state, c.command, createSeededDice(CHECK_SEED), rules);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

function* candidates(
  state: EncounterState,
  rules: RuleSet,
  settings: TacticsSettings,
  sides: ReadonlySet<string> | null,
  exhaustive: boolean,
): Generator<Candidate> {
  const policy = settings.hiddenFigures;
  const check = (c: Candidate) => accepted(state, c, rules);
  /** A figure's candidates, kept out of the players' sight under the GM's policy when it is unseen. */
  const played = (f: FigureState | undefined, inner: Iterable<Candidate>): Iterable<Candidate> =>
    policy !== undefined && f !== undefined && unseen(state, f) ? underCover(state, rules, f, policy, inner, check) : inner;
  for (const offer of offerCandidates(state, sides)) {
    const by = (offer.command as { figureId: string }).figureId;
    yield* played(
      state.figures.find((f) => f.id === by),
      [offer],
    );
  }
  const status = phaseStatus(state, rules);
  const mine = (id: string | undefined): boolean => {
    if (id === undefined) return false;
    if (sides === null) return true;
    const f = state.figures.find((x) => x.id === id);
    return f !== undefined ? sides.has(f.sideId) : sides.has(id);
  };
  const dueId = status.due[0];
  const figure = state.figures.find((f) => f.id === dueId);
  if (state.phase === 'initiative') {
    const rolled = state.turnState?.initiative != null;
    if ((!rolled && sides === null) || (rolled && mine(dueId))) yield* initiativeCandidates(state, status);
  } else if (figure !== undefined && mine(figure.id)) {
    if (state.phase === 'declarations') yield* played(figure, declarationCandidates(state, rules, figure, settings));
    else if (state.phase === 'renewSpells') yield* renewalCandidates(state, figure);
    else if (isMovementPhase(state.phase)) yield* played(figure, movementCandidates(state, rules, figure, settings, exhaustive));
    else if (state.phase === 'actions') yield* played(figure, actionCandidates(state, rules, figure, settings, exhaustive));
    else if (state.phase === 'forcedRetreat') yield* played(figure, retreatCandidates(state, figure));
  }
  if (status.due.length === 0 && sides === null)
    yield { command: { type: 'advancePhase' }, reason: `Nobody is left to act in this phase: on to the next (${status.waitingFor}).` };
}

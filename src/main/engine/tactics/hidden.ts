/**
 * A figure the players cannot see — hidden, or standing on a fogged hex — as the tactics play it.
 * What it may do is the GM's setting (`HIDDEN_FIGURES`, shared/tacticsSettings.ts; the console's
 * choice, not a rule): "stay hidden" keeps it in its cover (it moves only within the fog, never
 * beside a foe, and strikes nobody) until the GM reveals it; "act openly" lets it
 * wait unseen until it can strike a foe that turn, then come out of hiding first (a logged
 * `setFigureHidden`, so the players see it before it strikes). Under either, it never leaves its
 * cover for a foe it cannot strike that turn.
 */
import type { Command } from '../../../shared/contract/commands';
import { hexDistance, hexKey, type Hex } from '../../../shared/hex';
import { footprint } from '../../../shared/hex/footprint';
import type { HiddenFiguresPolicy } from '../../../shared/tacticsSettings';
import type { MoveMode } from '../../../shared/contract/schemas';
import { moveAllowsOption } from '../encounter/turn/options';
import type { EncounterState, FigureState } from '../encounter/schema';
import type { RuleSet } from '../rules';
import { foesOf } from './appraise';
import type { Candidate } from './types';

/** Whether the players cannot see the figure: hidden, or on a fogged hex (DESIGN §One picture). */
export function unseen(state: EncounterState, f: FigureState): boolean {
  return f.hidden || state.map.hidden.includes(hexKey(f.position));
}

const MOVES: ReadonlySet<Command['type']> = new Set<Command['type']>(['move', 'moveFigure', 'fly', 'takeOff']);

function destination(command: Command): Hex | null {
  return MOVES.has(command.type) ? (command as { to: Hex }).to : null;
}

function besideFoe(state: EncounterState, f: FigureState, at: Hex): boolean {
  return foesOf(state, f).some((o) => footprint(o.position, o.facing, o.size).some((h) => hexDistance(h, at) <= 1));
}

/** Whether the command is aimed at a foe: an attack, a spell, a push, a shot of opportunity. */
function aimsAtFoe(state: EncounterState, f: FigureState, command: Command): boolean {
  const c = command as { targetId?: string; targetIds?: readonly string[]; moverId?: string; attackerId?: string };
  const ids = [c.targetId, ...(c.targetIds ?? []), c.moverId, c.attackerId].filter((id): id is string => id !== undefined);
  return ids.some((id) => state.figures.some((o) => o.id === id && o.sideId !== f.sideId));
}

/**
 * Whether the step takes the figure out of its cover or shows it: it ends outside the fog (a
 * hidden figure too: the GM hid it where it lurks, not to cross open ground unseen) or beside a
 * foe, or it acts on a foe. Staying where it stands keeps its cover.
 */
function shows(state: EncounterState, f: FigureState, command: Command): boolean {
  const to = destination(command);
  if (to === null) return aimsAtFoe(state, f, command);
  if (besideFoe(state, f, to)) return true;
  return hexKey(to) !== hexKey(f.position) && !state.map.hidden.includes(hexKey(to));
}

/**
 * Whether the step strikes a foe this turn: an attack or spell at one, or a move that ends beside
 * one at a gait that still leaves the attack open (001 §Action Options b).
 */
function strikes(state: EncounterState, f: FigureState, command: Command, rules: RuleSet): boolean {
  const to = destination(command);
  if (to === null) return aimsAtFoe(state, f, command);
  const mode = (command as { mode?: MoveMode }).mode;
  return besideFoe(state, f, to) && (mode === undefined || moveAllowsOption('b', mode, rules));
}

/**
 * The candidates of an unseen figure, best first, under the GM's policy: each one that would show
 * the figure is kept only if the policy lets it strike now (after its reveal), and otherwise made
 * a hold (a move) or left out (an action: the figure passes or defends instead). `accepted` is the
 * engine's word on a candidate, so the choice is made on what the figure would really do.
 */
export function* underCover(
  state: EncounterState,
  rules: RuleSet,
  f: FigureState,
  policy: HiddenFiguresPolicy,
  inner: Iterable<Candidate>,
  accepted: (c: Candidate) => boolean,
): Generator<Candidate> {
  const setting = policy === 'stay' ? 'hidden figures stay hidden' : 'hidden figures act openly';
  let held = false;
  for (const c of inner) {
    if (!shows(state, f, c.command)) {
      yield c;
      continue;
    }
    if (!accepted(c)) continue;
    if (policy === 'act' && strikes(state, f, c.command, rules)) {
      if (f.hidden)
        yield {
          command: { type: 'setFigureHidden', figureId: f.id, hidden: false },
          reason: `${f.name} comes out of hiding to strike this turn (${setting}: your autopilot setting).`,
        };
      else yield c;
      continue;
    }
    if (destination(c.command) !== null && !held) {
      held = true;
      const why = policy === 'stay' ? 'it holds its place' : 'it waits unseen, with no foe it could strike this turn';
      yield {
        command: { type: 'move', figureId: f.id, mode: 'stand-still', to: f.position, facing: f.facing },
        reason: `${f.name} stays out of sight: ${why} (${setting}: your autopilot setting).`,
        path: [f.position],
      };
    }
  }
}

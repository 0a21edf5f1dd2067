/**
 * When an encounter's rule options may still change: at its start, turn 1, while
 * its log holds only the setting-up of the table (figures placed, edited or removed, sides,
 * terrain, fog, the map image). Once anything is played — an initiative roll, a phase step, a
 * move, an attack, a spell — the encounter keeps the rules it was played under. The
 * console's choice: which commands count as setting up is this list; damage and healing count as
 * play (they can call for survival saves under the rules in force).
 */
import type { Command } from '../../../../shared/contract/commands';
import { asRuleSet, type Rules } from '../../rules';
import { turnPhases } from './phaseStatus';
import type { EncounterState } from '../schema';

export const SETUP_COMMANDS: ReadonlySet<Command['type']> = new Set<Command['type']>([
  'addFigure',
  'updateFigure',
  'removeFigure',
  'moveFigure',
  'turnFigure',
  'setFigureHidden',
  'setPartySight',
  'revealToParty',
  'setHexesHidden',
  'paintTerrain',
  'setMapImage',
  'calibrateMap',
  'resizeMap',
  'fitMapToImage',
  'addSide',
  'updateSide',
  'setPools',
  'markFigure',
  'unmarkFigure',
  'drawOnMap',
  'eraseDrawing',
]);

const PLAYED_WORDS: Partial<Record<Command['type'], string>> = {
  rollInitiative: 'the initiative was rolled',
  chooseInitiative: 'the initiative winner chose',
  advancePhase: 'the turn moved on to the next phase',
  declare: 'an intent was declared',
  setInitiativeScore: 'an initiative score was set',
  move: 'a figure moved',
  attack: 'an attack was made',
  castSpell: 'a spell was cast',
  takeDamage: 'damage was applied',
  heal: 'a figure was healed',
  rest: 'the figures rested',
};

/** Why the rules of an encounter in `state` with these commands in its log cannot change now; null when they can. */
export function rulesChangeRefusal(state: EncounterState, commands: readonly Command[]): string | null {
  const after = 'An encounter’s rules can change only at its start (turn 1, before anything is played); make a new encounter for other rules.';
  if (state.turn !== 1) return `This encounter is in turn ${state.turn}. ${after}`;
  const played = commands.find((c) => !SETUP_COMMANDS.has(c.type));
  if (played) return `This encounter has begun: ${PLAYED_WORDS[played.type] ?? 'a command of play is in its log'}. ${after}`;
  return null;
}

/** The encounter's starting state under other rules: the first phase of their turn (RULINGS T1; O1–O4). */
export function initialUnderRules(initial: EncounterState, rules: Rules): EncounterState {
  const first = turnPhases(asRuleSet(rules))[0];
  return first === undefined ? initial : { ...initial, phase: first };
}

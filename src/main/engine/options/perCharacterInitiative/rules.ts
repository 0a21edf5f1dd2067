/** Per-character initiative's strategy for the `Rules` seam (RULINGS O2; 000). */
import type { InitiativeRules, RuleBehaviour } from '../types';
import { cleanupPhase } from './cleanup';
import { movementSequence, PER_CHARACTER_PHASES, rollFigureInitiative } from './initiative';

export const PER_CHARACTER_INITIATIVE: InitiativeRules = {
  id: 'perCharacter',
  name: 'Per-character initiative (1d20 each)',
  source: '000 §Turn Sequence; RULINGS O2',
  rollText: '1d20 per figure',
  by: 'figure',
  phases: PER_CHARACTER_PHASES,
  canYield: true,
  roll(input, dice) {
    const r = rollFigureInitiative(
      input.figures.map((f) => f.id),
      dice,
    );
    return { by: 'figure', order: r.order, scores: r.scores, rolls: r.rolls, winnerChooses: false, source: r.source };
  },
  settle: (result) => [...result.order],
  movementGroups(order, _figures, yielded) {
    const ids = movementSequence({ order, moved: [], yielded: order.filter((id) => yielded.includes(id)) });
    return [{ phase: 'movement', ids, source: '000 §Turn Sequence (3); RULINGS O2' }];
  },
  cleanup: (figures, dropped) => cleanupPhase(figures, dropped),
};

export const PER_CHARACTER_BEHAVIOUR: Partial<RuleBehaviour> = { initiative: PER_CHARACTER_INITIATIVE };

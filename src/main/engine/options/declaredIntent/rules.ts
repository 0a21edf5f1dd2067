/** Declared intent's strategy for the `Rules` seam (RULINGS O4; 003). */
import type { InitiativeRules, RuleBehaviour } from '../types';
import { DECLARED_INTENT_PHASES, defaultInitiativeScore, rollInitiativeTotals, type Declaration } from './declarations';
import type { StressDie } from './stressDie';

const NOTHING_DECLARED = (figureId: string): Declaration => ({ figureId, action: 'other', movement: 'none' });

/** The strategy for a campaign's stress die (RULINGS O4 setting). */
export function declaredIntentInitiative(stressDie: StressDie): InitiativeRules {
  return {
    id: 'declaredIntent',
    name: `Declared intent (stress d${stressDie.sides} + score + modifiers)`,
    source: '003 §1 Movement; RULINGS O4',
    rollText: `stress d${stressDie.sides} + initiative score per figure`,
    by: 'figure',
    phases: DECLARED_INTENT_PHASES,
    canYield: false,
    roll(input, dice) {
      const r = rollInitiativeTotals(
        input.figures.map((f) => ({
          declaration: f.declaration ?? NOTHING_DECLARED(f.id),
          // RULINGS O4 (amended): the score the GM typed, else the DEX modifier, and the breakdown says which.
          initiativeScore: f.initiativeScore ?? defaultInitiativeScore(f.dex),
          scoreLabel: f.initiativeScore === undefined ? `Initiative score: DEX ${f.dex} modifier (none typed)` : 'Initiative score (typed by the GM)',
        })),
        dice,
        stressDie,
      );
      return {
        by: 'figure',
        order: r.order,
        scores: r.totals.map((t) => ({ id: t.figureId, value: t.total })),
        rolls: r.rolls,
        winnerChooses: false,
        source: r.source,
      };
    },
    settle: (result) => [...result.order],
    movementGroups: (order) => [{ phase: 'movement', ids: [...order], source: '003 §1 Movement; RULINGS O4' }],
  };
}

export function declaredIntentBehaviour(stressDie: StressDie): Partial<RuleBehaviour> {
  return { initiative: declaredIntentInitiative(stressDie) };
}

/**
 * What the tracker offers a figure beyond 001's options a–v: picking up a dropped pack (001
 * §Encumbrance), taking off and landing (004 §Flight; RULINGS H6). Each offer carries the reason
 * it cannot be taken now, or null.
 */
import { flightBudget, isFlier, landRefusal, takeOffRefusal } from '../movement/flight';
import { hasCondition } from '../state';
import { packPickUpRefusal, packsWithinReach } from './pack';
import type { EncounterState } from '../schema';
import { figureById } from '../state';

export interface SpecialActions {
  readonly figureId: string;
  readonly packs: readonly { readonly itemId: string; readonly lbs: number; readonly at: { q: number; r: number }; readonly reason: string | null }[];
  /** Null for a figure that cannot fly. */
  readonly flight: {
    readonly flying: boolean;
    readonly hexes: number;
    readonly takeOff: string | null;
    readonly land: string | null;
    readonly engagesGround: boolean;
  } | null;
}

export function specialActions(state: EncounterState, figureId: string): SpecialActions {
  const f = figureById(state, figureId);
  return {
    figureId: f.id,
    packs: packsWithinReach(state, f).map((p) => ({
      itemId: p.id,
      lbs: p.lbs,
      at: { q: p.position.q, r: p.position.r },
      reason: packPickUpRefusal(state, f.id, p.id),
    })),
    flight: isFlier(f)
      ? {
          flying: hasCondition(f, 'flying'),
          hexes: flightBudget(f, !hasCondition(f, 'flying')),
          takeOff: takeOffRefusal(state, f),
          land: landRefusal(state, f),
          engagesGround: f.turn.engagesGround === true,
        }
      : null,
  };
}

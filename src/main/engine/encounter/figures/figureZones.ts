/**
 * The hexes around a figure by facing zone, as attacks see them (001 §Facing): the tracker's
 * facing overlay asks for them, so the prone rule is the engine's, not the page's.
 */
import type { Hex } from '../../../../shared/hex';
import { adjacentZones, type Zone } from '../../facing';
import type { EncounterState } from '../schema';
import { figureById } from '../state';

export interface FigureZones {
  readonly figureId: string;
  readonly zones: { readonly hex: Hex; readonly zone: Zone }[];
}

/** Every hex next to the figure with its zone; throws `not-found` for an unknown figure. */
export function figureZones(state: EncounterState, figureId: string): FigureZones {
  const f = figureById(state, figureId);
  // 001 §Facing: prone and knocked-down figures have only rear hexes, as attacks see them.
  const prone = f.posture === 'prone' || f.posture === 'knockedDown';
  const zones = [...adjacentZones({ position: f.position, facing: f.facing, size: f.size, prone }).values()];
  return { figureId: f.id, zones: zones.map((z) => ({ hex: { q: z.hex.q, r: z.hex.r }, zone: z.zone })) };
}

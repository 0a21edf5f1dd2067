/**
 * Where a forced retreat may push a foe (001 §Forced Retreat; RULINGS H3): a free hex next to the
 * foe, never the pusher's own hex. The push command checks against this list and the GM's
 * tracker offers exactly these hexes, so the two never disagree.
 */
import { hexEquals, hexNeighbor, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { EncounterState } from '../schema';
import { effectiveMap } from '../../map/effectiveMap';

/** A hex a 1-hex figure may step into: on the map, no wall, no living figure over any of its hexes (RULINGS M7). */
export function isFreeHex(state: EncounterState, h: Hex, except: readonly string[] = []): boolean {
  if (effectiveMap(state).blocksMovement(h)) return false;
  return !state.figures.some((o) => !except.includes(o.id) && o.posture !== 'dead' && footprint(o.position, o.facing, o.size).some((c) => hexEquals(c, h)));
}

/** The free hexes next to `target` it may be pushed into by `pusher`, by direction 0–5 (a multi-hex target's whole body must fit). */
export function retreatHexes(
  state: EncounterState,
  pusher: { position: Hex },
  target: { id: string; position: Hex; facing?: number; size?: 1 | 3 | 7 },
): Hex[] {
  const riders = state.figures.filter((o) => o.ridingId === target.id).map((o) => o.id);
  return [0, 1, 2, 3, 4, 5]
    .map((d) => hexNeighbor(target.position, d))
    .filter((h) => {
      const body = footprint(h, target.facing ?? 0, target.size ?? 1);
      return body.every((c) => !hexEquals(c, pusher.position) && isFreeHex(state, c, [target.id, ...riders]));
    });
}

/**
 * Where a forced retreat may push a foe (001 §Forced Retreat; RULINGS H3): a free hex next to the
 * foe, never the pusher's own hex. The push command checks against this list and the GM's
 * tracker offers exactly these hexes, so the two never disagree.
 */
import { hexEquals, hexKey, hexNeighbor, type Hex } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { EncounterState } from './schema';

/** A hex a 1-hex figure may step into: on the map, no wall, no living figure (RULINGS M7). */
export function isFreeHex(state: EncounterState, h: Hex, except: readonly string[] = []): boolean {
  if (!isOnMap(state.map, h) || state.map.terrain[hexKey(h)] === 'wall') return false;
  return !state.figures.some((o) => !except.includes(o.id) && o.posture !== 'dead' && hexEquals(o.position, h));
}

/** The free hexes next to `target` it may be pushed into by `pusher`, by direction 0–5. */
export function retreatHexes(state: EncounterState, pusher: { position: Hex }, target: { id: string; position: Hex }): Hex[] {
  return [0, 1, 2, 3, 4, 5]
    .map((d) => hexNeighbor(target.position, d))
    .filter((h) => !hexEquals(h, pusher.position) && isFreeHex(state, h, [target.id]));
}

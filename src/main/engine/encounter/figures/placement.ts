/**
 * Where the GM may put a new figure: on the map, out of walls and other figures
 * (RULINGS M7; `canPlace`). Inside an enemy's front hexes it would start engaged (001 §Engagement;
 * RULINGS M6): the console's choice is to say so while the GM aims (a GM setting up a fight already
 * under way wants exactly that) and to keep a figure placed without a hex out of engagement.
 */
import { hexKey, hexSpiral, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import { isOnMap, offsetToAxial } from '../../../../shared/mapGrid';
import { engagedByCount, engagementField, engagersAt } from '../movement/engagement';
import type { EncounterState, FigureState } from '../schema';
import { isAlive } from '../state';
import { effectiveMap } from '../../map/effectiveMap';

export interface Placement {
  readonly at: Hex;
  readonly facing: number;
  readonly size: 1 | 3 | 7;
  readonly sideId: string;
}

/** A figure of `sideId` on the ground that is not yet on the map: what the engagement field needs of it. */
function newcomer(sideId: string): FigureState {
  return { id: '', sideId, conditions: [], turn: {} } as unknown as FigureState;
}

/** Why a new figure cannot be placed there, in the GM's words, or null when it can. */
export function placementRefusal(state: EncounterState, p: Placement): string | null {
  return canPlace(state, p.at, p.facing, p.size);
}

/** Who would engage a new figure placed there, said for the GM, or null when nobody would. */
export function placementEngagement(state: EncounterState, p: Placement): string | null {
  const cells = footprint(p.at, p.facing, p.size);
  const foes = engagersAt(engagementField(state, newcomer(p.sideId)), cells);
  if (!engagedByCount(p.size, foes)) return null;
  return `${foes.map((f) => f.name).join(' and ')} would engage it there: it starts engaged (001 §Engagement; RULINGS M6).`;
}

/** Whether a figure of `size` facing `facing` can stand at `at`: on the map, out of walls, in free hexes (RULINGS M7). */
export function canPlace(state: EncounterState, at: Hex, facing: number, size: 1 | 3 | 7, ignoreId?: string): string | null {
  const taken = new Set<string>();
  for (const f of state.figures) {
    if (f.id === ignoreId || !isAlive(f)) continue;
    for (const h of footprint(f.position, f.facing, f.size)) taken.add(hexKey(h));
  }
  for (const h of footprint(at, facing, size)) {
    if (!isOnMap(state.map, h)) return 'That place is (partly) off the map.';
    if (effectiveMap(state).isWall(h)) return 'A wall stands there.'; // RULINGS M7
    if (taken.has(hexKey(h))) return 'Another figure stands there.'; // RULINGS M7
  }
  return null;
}

/** The place nearest `from` where a new figure may stand out of engagement (deterministic: the spiral's order), or null when there is none. */
export function nearestFreeHex(state: EncounterState, from: Hex, p: Omit<Placement, 'at'>): Hex | null {
  const radius = state.map.cols + state.map.rows;
  const free = (at: Hex) => placementRefusal(state, { ...p, at }) === null && placementEngagement(state, { ...p, at }) === null;
  if (free(from)) return from;
  for (const h of hexSpiral(from, radius)) if (free(h)) return h;
  return null;
}

export function mapCentre(state: EncounterState): Hex {
  return offsetToAxial(state.map, Math.floor(state.map.cols / 2), Math.floor(state.map.rows / 2));
}

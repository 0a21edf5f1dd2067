/**
 * Where the GM may put a new figure (issue 12 §4): on the map, out of walls and other figures
 * (RULINGS M7; `canPlace`), and — the console's choice — not inside an enemy's front hexes, so a
 * figure never starts engaged (001 §Engagement; RULINGS M6) before anyone has moved. The GM who
 * wants it engaged places it beside and moves it in, which the log then shows as a move.
 */
import { hexKey, hexSpiral, type Hex } from '../../../shared/hex';
import { footprint } from '../../../shared/hex/footprint';
import { isOnMap, offsetToAxial } from '../../../shared/mapGrid';
import { engagedByCount, engagementField, engagersAt } from './engagement';
import type { EncounterState, FigureState } from './schema';
import { isAlive } from './state';

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
  const taken = canPlace(state, p.at, p.facing, p.size);
  if (taken !== null) return taken;
  const cells = footprint(p.at, p.facing, p.size);
  const foes = engagersAt(engagementField(state, newcomer(p.sideId)), cells);
  if (!engagedByCount(p.size, foes)) return null;
  const names = foes.map((f) => f.name).join(' and ');
  return `${names} would engage it there (001 §Engagement; RULINGS M6): the console places new figures out of engagement — place it beside and move it in.`;
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
    if (state.map.terrain[hexKey(h)] === 'wall') return 'A wall stands there.'; // RULINGS M7
    if (taken.has(hexKey(h))) return 'Another figure stands there.'; // RULINGS M7
  }
  return null;
}

/** The place nearest `from` where a new figure may stand (deterministic: the spiral's order), or null when there is none. */
export function nearestFreeHex(state: EncounterState, from: Hex, p: Omit<Placement, 'at'>): Hex | null {
  const radius = state.map.cols + state.map.rows;
  if (placementRefusal(state, { ...p, at: from }) === null) return from;
  for (const h of hexSpiral(from, radius)) if (placementRefusal(state, { ...p, at: h }) === null) return h;
  return null;
}

export function mapCentre(state: EncounterState): Hex {
  return offsetToAxial(state.map, Math.floor(state.map.cols / 2), Math.floor(state.map.rows / 2));
}

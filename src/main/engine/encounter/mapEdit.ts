import { AppError } from '../../../shared/errors';
import { hexKey, type Hex } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { ApplyResult } from './events';
import type { EncounterState } from './schema';

function onMapOnly(state: EncounterState, hexes: readonly Hex[]): Hex[] {
  const inside = hexes.filter((h) => isOnMap(state.map, h));
  if (inside.length === 0) throw new AppError('rule', 'None of those hexes are on the map.');
  return [...new Map(inside.map((h) => [hexKey(h), h] as const)).values()];
}

/**
 * The GM's terrain brush. Painting a wall or any terrain under a standing figure is refused:
 * walls block figures (RULINGS M7), so a figure cannot stand inside one.
 */
export function paintTerrain(state: EncounterState, hexes: readonly Hex[], terrain: string): ApplyResult<EncounterState> {
  const targets = onMapOnly(state, hexes);
  if (terrain === 'wall') {
    const keys = new Set(targets.map(hexKey));
    const inside = state.figures.find((f) => f.posture !== 'dead' && keys.has(hexKey(f.position)));
    if (inside) throw new AppError('rule', `${inside.name} stands there: a wall cannot be painted under a figure.`);
  }
  const next = { ...state.map.terrain };
  for (const h of targets) {
    if (terrain === 'open') delete next[hexKey(h)];
    else next[hexKey(h)] = terrain as EncounterState['map']['terrain'][string];
  }
  return {
    state: { ...state, map: { ...state.map, terrain: next } },
    events: [{ type: 'terrainPainted', hexes: targets, terrain, source: 'RULINGS M7' }],
    rolls: [],
  };
}

/** Fog: hexes the players do not see, and nothing on them (DESIGN §One picture). */
export function setHexesHidden(state: EncounterState, hexes: readonly Hex[], hidden: boolean): ApplyResult<EncounterState> {
  const targets = onMapOnly(state, hexes);
  const set = new Set(state.map.hidden);
  for (const h of targets) {
    if (hidden) set.add(hexKey(h));
    else set.delete(hexKey(h));
  }
  return {
    state: { ...state, map: { ...state.map, hidden: [...set] } },
    events: [{ type: 'hexesHidden', hexes: targets, hidden, source: 'DESIGN §One picture' }],
    rolls: [],
  };
}

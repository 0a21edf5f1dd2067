import type { GmView, PlayerView } from '../../../shared/views';
import type { MapFigureModel, MapTerrainModel } from './mapModel';

const colorOf = (sides: readonly { id: string; color: string }[], sideId: string) =>
  sides.find((s) => s.id === sideId)?.color ?? '#888888';

export function gmTerrain(view: GmView): MapTerrainModel {
  const { map } = view.encounter;
  return { ...map, veiled: new Set(map.hidden), veilStyle: 'gm' };
}

export function gmFigures(view: GmView): MapFigureModel[] {
  return view.encounter.figures.map((f) => ({
    ...f,
    color: colorOf(view.encounter.sides, f.sideId),
    conditions: f.hthWith.length > 0 ? [...f.conditions, 'hth'] : f.conditions,
  }));
}

export function playerTerrain(view: PlayerView): MapTerrainModel {
  const { map } = view.encounter;
  return { ...map, veiled: new Set(map.fogged), veilStyle: 'player' };
}

export function playerFigures(view: PlayerView): MapFigureModel[] {
  return view.encounter.figures.map((f) => ({ ...f, hidden: false, color: colorOf(view.encounter.sides, f.sideId) }));
}

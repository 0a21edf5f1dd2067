import { AppError } from '../../../../shared/errors';
import { footprint, hexToPixel, parseHexKey, type Hex } from '../../../../shared/hex';
import { isOnMap, offsetToAxial, type MapShape } from '../../../../shared/mapGrid';
import type { ApplyResult } from '../events';
import { itemsOf, type EncounterState } from '../schema';

/** The largest grid a map may have (the shared map schema's bound). */
export const MAX_MAP_SIDE = 500;

/**
 * What would fall off a grid of `shape`: the first figure, item on the ground, spell on a hex,
 * painted terrain or fogged hex outside it, said as the GM reads it; null when nothing would.
 */
function whatFallsOff(state: EncounterState, shape: MapShape): string | null {
  const off = (h: Hex) => !isOnMap(shape, h);
  const keyOff = (key: string) => {
    const h = parseHexKey(key);
    return h !== null && off(h);
  };
  const figure = state.figures.find((f) => footprint(f.position, f.facing, f.size ?? 1).some(off));
  if (figure) return `${figure.name} stands outside it`;
  const item = itemsOf(state).find((i) => off(i.position));
  if (item) return `a dropped ${item.kind} lies outside it`;
  const spell = state.spells.find((s) => s.at !== undefined && off(s.at));
  if (spell) return 'a spell on a hex lies outside it';
  const painted = Object.keys(state.map.terrain).filter(keyOff);
  if (painted.length > 0) return `${painted.length} painted ${painted.length === 1 ? 'hex lies' : 'hexes lie'} outside it (paint them open first)`;
  const fogged = state.map.hidden.filter(keyOff);
  if (fogged.length > 0) return `${fogged.length} hidden ${fogged.length === 1 ? 'hex lies' : 'hexes lie'} outside it (reveal them first)`;
  return null;
}

/**
 * Resizes the grid to `cols` × `rows`. The first hex stays where it is and every hex keeps its
 * address: the grid grows or shrinks on its right and bottom edges (the console's choice, so
 * figures, terrain and the calibrated image never move). Refused, with the reason, when anything
 * placed would fall off.
 */
export function resizeMap(state: EncounterState, cols: number, rows: number, fitted = false): ApplyResult<EncounterState> {
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols > MAX_MAP_SIDE || rows > MAX_MAP_SIDE) {
    throw new AppError('rule', `A grid is 1 to ${MAX_MAP_SIDE} columns by 1 to ${MAX_MAP_SIDE} rows; ${cols} × ${rows} is not.`);
  }
  if (cols === state.map.cols && rows === state.map.rows) throw new AppError('rule', `The grid is already ${cols} × ${rows}.`);
  const shape = { cols, rows, orientation: state.map.orientation };
  const off = whatFallsOff(state, shape);
  if (off) throw new AppError('rule', `The grid cannot be ${cols} × ${rows}: ${off}.`);
  return {
    state: { ...state, map: { ...state.map, cols, rows } },
    events: [{ type: 'mapResized', cols, rows, fitted, source: 'DESIGN §Rendering' }],
    rolls: [],
  };
}

/**
 * The grid fitted to the calibrated map image: every column and row whose first hex's centre
 * lies on the picture, counted from the grid's first hex (world units as `hexBoundsInWorld`).
 */
export function gridFittingImage(map: EncounterState['map']): { cols: number; rows: number } {
  const image = map.image;
  if (!image) throw new AppError('rule', 'Import and calibrate a map image before fitting the grid to it.');
  const right = image.x + image.width * image.scale;
  const bottom = image.y + image.height * image.scale;
  const layout = { orientation: map.orientation, size: 1, origin: { x: 1, y: 1 } } as const;
  const centre = (col: number, row: number) => hexToPixel(layout, offsetToAxial(map, col, row));
  let cols = 0;
  while (cols < MAX_MAP_SIDE && centre(cols, 0).x < right) cols++;
  let rows = 0;
  while (rows < MAX_MAP_SIDE && centre(0, rows).y < bottom) rows++;
  if (cols === 0 || rows === 0) throw new AppError('rule', 'The map image lies above or left of the grid: calibrate it onto the grid first.');
  return { cols, rows };
}

/** Resizes the grid to cover the calibrated map image, refused as `resizeMap` is. */
export function fitMapToImage(state: EncounterState): ApplyResult<EncounterState> {
  const { cols, rows } = gridFittingImage(state.map);
  if (cols === state.map.cols && rows === state.map.rows) throw new AppError('rule', `The grid already fits the map image (${cols} × ${rows}).`);
  return resizeMap(state, cols, rows, true);
}

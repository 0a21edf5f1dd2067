import { AppError } from '../../../../shared/errors';
import { hexCorners, hexKey, type Hex } from '../../../../shared/hex';
import { isOnMap, offsetToAxial } from '../../../../shared/mapGrid';
import type { ApplyResult } from '../events';
import type { EncounterState } from '../schema';

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

/* ---- The map image under the grid (DESIGN §Rendering layer 1) ---- */

type MapImage = NonNullable<EncounterState['map']['image']>;

/**
 * The hexes' bounding box in world units (1 = a hex's size; the first hex's centre at (1, 1),
 * as the battlemap draws it and the display `Frame` counts).
 */
export function hexBoundsInWorld(map: EncounterState['map']): { x0: number; y0: number; x1: number; y1: number } {
  const layout = { orientation: map.orientation, size: 1, origin: { x: 1, y: 1 } } as const;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const take = (col: number, row: number) => {
    for (const p of hexCorners(layout, offsetToAxial(map, col, row))) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  };
  for (let c = 0; c < map.cols; c++) {
    take(c, 0);
    take(c, map.rows - 1);
  }
  for (let r = 0; r < map.rows; r++) {
    take(0, r);
    take(map.cols - 1, r);
  }
  return { x0, y0, x1, y1 };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Puts an imported image under the grid, first fitted inside the hexes' bounding box and centred
 * (the GM calibrates it next), or takes it away (`null`).
 */
export function setMapImage(state: EncounterState, image: { asset: string; width: number; height: number } | null): ApplyResult<EncounterState> {
  const { image: _old, ...rest } = state.map;
  void _old;
  if (image === null) {
    if (!state.map.image) throw new AppError('rule', 'This map has no image to take away.');
    return { state: { ...state, map: rest }, events: [{ type: 'mapImageSet', asset: null, source: 'DESIGN §Rendering' }], rolls: [] };
  }
  const b = hexBoundsInWorld(state.map);
  const scale = round(Math.min((b.x1 - b.x0) / image.width, (b.y1 - b.y0) / image.height));
  const placed: MapImage = {
    asset: image.asset,
    width: image.width,
    height: image.height,
    x: round((b.x0 + b.x1 - image.width * scale) / 2),
    y: round((b.y0 + b.y1 - image.height * scale) / 2),
    scale,
  };
  return {
    state: { ...state, map: { ...rest, image: placed } },
    events: [{ type: 'mapImageSet', asset: image.asset, source: 'DESIGN §Rendering' }],
    rolls: [],
  };
}

/** Smallest pin distances that still say something (image pixels, world units). */
const MIN_PIN_PIXELS = 4;
const MIN_PIN_WORLD = 0.05;

/**
 * Calibration: each pin takes an image point (pixels) to a grid point (world units). One pin
 * moves the image; two pins also set its scale (their world distance over their image
 * distance) and the image sits where the two pins agree best (the mean of their offsets).
 * A typed placement replaces all three numbers.
 */
export function calibrateMap(
  state: EncounterState,
  pins: readonly { image: { x: number; y: number }; world: { x: number; y: number } }[] | undefined,
  placement: { x: number; y: number; scale: number } | undefined,
): ApplyResult<EncounterState> {
  const image = state.map.image;
  if (!image) throw new AppError('rule', 'Import a map image before calibrating it.');
  if ((pins === undefined) === (placement === undefined)) throw new AppError('rule', 'Calibrate with pins or with a typed placement, one of the two.');
  let next: MapImage;
  if (placement) {
    next = { ...image, ...placement };
  } else {
    const [a, b] = pins as readonly [
      { image: { x: number; y: number }; world: { x: number; y: number } },
      ...{ image: { x: number; y: number }; world: { x: number; y: number } }[],
    ];
    let scale = image.scale;
    if (b) {
      const pixels = Math.hypot(b.image.x - a.image.x, b.image.y - a.image.y);
      const world = Math.hypot(b.world.x - a.world.x, b.world.y - a.world.y);
      if (pixels < MIN_PIN_PIXELS) throw new AppError('rule', 'The two pins are on the same spot of the image: put them further apart.');
      if (world < MIN_PIN_WORLD) throw new AppError('rule', 'The two pins are on the same spot of the grid: put them on different corners.');
      scale = world / pixels;
    }
    const all = b ? [a, b] : [a];
    const x = all.reduce((s, p) => s + p.world.x - p.image.x * scale, 0) / all.length;
    const y = all.reduce((s, p) => s + p.world.y - p.image.y * scale, 0) / all.length;
    next = { ...image, x: round(x), y: round(y), scale: round(scale) };
  }
  if (!(next.scale >= 1e-5 && next.scale <= 100)) throw new AppError('rule', `A scale of ${next.scale} world units per pixel is out of reach (1e-5 to 100).`);
  if (Math.abs(next.x) > 1e5 || Math.abs(next.y) > 1e5) throw new AppError('rule', 'That places the image too far from the map.');
  return {
    state: { ...state, map: { ...state.map, image: next } },
    events: [{ type: 'mapCalibrated', x: next.x, y: next.y, scale: next.scale, source: 'DESIGN §Rendering' }],
    rolls: [],
  };
}

import { createHash } from 'node:crypto';
import { hexKey, parseHexKey } from '../../shared/hex/axial';
import { hexCorners, hexToPixel, pixelToHex, type HexLayout } from '../../shared/hex/layout';
import { isOnMap } from '../../shared/mapGrid';
import { pieceCrop } from '../../shared/mapPieces';
import type { MapImage, PlayerMapImage } from '../../shared/contract/views';
import type { EncounterState } from '../engine/encounter/schema';
import { tableFog } from './sight';

/**
 * The players' own copy of the map image (DESIGN §The player projection): the GM's image with
 * every fogged hex painted out (under the party's sight, the picture beyond the map's hexes too: it
 * is never seen), made in main (services/assetAccess.ts) so the pixels under fog never
 * reach a player page. Its name is a hash of what it is made from — the source asset, its
 * placement, the grid's orientation and the fogged hexes — so it changes exactly when fog or the
 * image changes, tells a player nothing, and a page's cache never holds a stale mask under a
 * current name. The copy also comes in square pieces, each named by what it is made from (its
 * square and the fogged hexes over it alone), so a step of the fog renames, and a page fetches
 * again, only the pieces it changed. Only the names in the frame an audience holds now are served
 * (projection/assets.ts): no list of older names is kept, so none can be asked for.
 */
export interface MaskedImageRecipe {
  readonly source: string;
  readonly image: MapImage;
  readonly orientation: 'flat' | 'pointy';
  /** Sorted hex keys: every fogged hex on the copy (on a piece: every one that reaches it). */
  readonly fogged: readonly string[];
  /** A piece: the part of the picture it shows, in the picture's own pixels (`image.width` × `image.height`). */
  readonly crop?: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}

export interface MaskedImage {
  /** The image as a frame names it: the GM's placement, the masked copy's name and its pieces. */
  readonly shown: PlayerMapImage;
  readonly recipe: MaskedImageRecipe;
  /** Each piece's recipe, by its name. */
  readonly tiles: ReadonlyMap<string, MaskedImageRecipe>;
}

/** Pixels each piece reaches past its square to the right and below, under the next pieces: they hide its edge. */
export const TILE_OVERLAP = 16;
/**
 * Picture pixels around a hex's corners within which its fog may be painted (the painter's own
 * margin is 2 pixels of the file, store/fogPainter.ts), with room to spare: a piece's name takes in
 * every fogged hex that could paint on it, so no fog change leaves a piece under its old name.
 */
const FOG_REACH = 8;

/** A piece's side: 512 pixels, doubled until the picture is at most 8 pieces a side. */
export function tileSize(width: number, height: number): number {
  let size = 512;
  while (Math.max(width, height) > 8 * size) size *= 2;
  return size;
}

const byMap = new WeakMap<object, WeakMap<ReadonlySet<string>, MaskedImage>>();

/**
 * The masked copy of the map's image under the table's fog (projection/sight.ts `tableFog`), or
 * undefined without one; the same object while the map and the fog are.
 */
export function maskedMapImage(state: EncounterState): MaskedImage | undefined {
  const map = state.map;
  const image = map.image;
  if (!image) return undefined;
  const fog = tableFog(state);
  let byFog = byMap.get(map);
  if (byFog === undefined) byMap.set(map, (byFog = new WeakMap()));
  const known = byFog.get(fog);
  if (known) return known;
  // Under the party's sight the picture beyond the hexes is as unseen as a hex never seen.
  const fogged = (state.sight === undefined ? [...fog] : [...fog, ...beyondTheHexes(map, image)]).sort();
  const recipe: MaskedImageRecipe = { source: image.asset, image: { ...image }, orientation: map.orientation, fogged };
  const ext = image.asset.slice(image.asset.lastIndexOf('.') + 1);
  const nameOf = (r: MaskedImageRecipe) => `${createHash('sha256').update(JSON.stringify(r)).digest('hex')}.${ext}`;
  const size = tileSize(image.width, image.height);
  const tiles = new Map<string, MaskedImageRecipe>();
  const names = piecesOf(recipe, size).map(({ crop, fogged: over }) => {
    const piece: MaskedImageRecipe = { ...recipe, fogged: over, crop };
    const name = nameOf(piece);
    tiles.set(name, piece);
    return name;
  });
  const masked = { shown: { ...image, asset: nameOf(recipe), tiles: { size, overlap: TILE_OVERLAP, names } }, recipe, tiles };
  byFog.set(fog, masked);
  return masked;
}

/** Each piece, row by row: its square (with its overlap, cut at the picture's edge) and the fogged hexes that reach it, sorted. */
export function piecesOf(recipe: MaskedImageRecipe, size: number): { crop: NonNullable<MaskedImageRecipe['crop']>; fogged: string[] }[] {
  const { image } = recipe;
  const cols = Math.ceil(image.width / size);
  const rows = Math.ceil(image.height / size);
  const pieces = Array.from({ length: rows * cols }, (_, i) => ({ crop: pieceCrop(i, image, size, TILE_OVERLAP), fogged: [] as string[] }));
  // World units are a hex's size with hex (0, 0) at (1, 1), as the grid draws them.
  const layout: HexLayout = { orientation: recipe.orientation, size: 1, origin: { x: 1, y: 1 } };
  // Piece c covers pixels [c·size, (c + 1)·size + TILE_OVERLAP) across.
  const first = (low: number) => Math.max(0, Math.floor((low - TILE_OVERLAP) / size));
  const last = (high: number, count: number) => Math.min(count - 1, Math.ceil(high / size) - 1);
  // Sorted keys in, so each piece's list comes out sorted.
  for (const key of recipe.fogged) {
    const hex = parseHexKey(key);
    if (hex === null) continue;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const p of hexCorners(layout, hex)) {
      const px = (p.x - image.x) / image.scale;
      const py = (p.y - image.y) / image.scale;
      x0 = Math.min(x0, px);
      y0 = Math.min(y0, py);
      x1 = Math.max(x1, px);
      y1 = Math.max(y1, py);
    }
    const [c0, c1] = [first(x0 - FOG_REACH), last(x1 + FOG_REACH, cols)];
    const [r0, r1] = [first(y0 - FOG_REACH), last(y1 + FOG_REACH, rows)];
    for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) pieces[row * cols + col]!.fogged.push(key);
  }
  return pieces;
}

/** The hexes off the map that the picture reaches under (their keys), each once: the picture's margin. */
const beyondByMap = new WeakMap<EncounterState['map'], readonly string[]>();
function beyondTheHexes(map: EncounterState['map'], image: MapImage): readonly string[] {
  const known = beyondByMap.get(map);
  if (known !== undefined) return known;
  const layout: HexLayout = { orientation: map.orientation, size: 1, origin: { x: 1, y: 1 } };
  const [x0, y0, x1, y1] = [image.x, image.y, image.x + image.width * image.scale, image.y + image.height * image.scale];
  const corners = [
    pixelToHex(layout, { x: x0, y: y0 }),
    pixelToHex(layout, { x: x1, y: y0 }),
    pixelToHex(layout, { x: x0, y: y1 }),
    pixelToHex(layout, { x: x1, y: y1 }),
  ];
  const qs = corners.map((h) => h.q);
  const rs = corners.map((h) => h.r);
  const keys: string[] = [];
  for (let q = Math.min(...qs) - 2; q <= Math.max(...qs) + 2; q++)
    for (let r = Math.min(...rs) - 2; r <= Math.max(...rs) + 2; r++) {
      const c = hexToPixel(layout, { q, r });
      // A hex (1 from centre to corner) whose centre is within 1 of the picture can cover some of it.
      if (c.x < x0 - 1 || c.x > x1 + 1 || c.y < y0 - 1 || c.y > y1 + 1 || isOnMap(map, { q, r })) continue;
      keys.push(hexKey({ q, r }));
    }
  beyondByMap.set(map, keys);
  return keys;
}

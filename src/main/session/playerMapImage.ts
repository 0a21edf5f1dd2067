import { createHash } from 'node:crypto';
import type { MapImage } from '../../shared/views';
import type { EncounterState } from '../engine/encounter/schema';

/**
 * The players' own copy of the map image (issue 13 §5): the GM's image with every fogged hex
 * painted out, made in main (host/assetAccess.ts) so the pixels under fog never reach a player
 * page. Its name is a hash of what it is made from — the source asset, its placement, the grid's
 * orientation and the fogged hexes — so it changes exactly when fog or the image changes, tells
 * a player nothing, and a page's cache never holds a stale mask under a current name.
 */
export interface MaskedImageRecipe {
  readonly source: string;
  readonly image: MapImage;
  readonly orientation: 'flat' | 'pointy';
  /** Sorted hex keys. */
  readonly fogged: readonly string[];
}

/** Names handed out to player views, newest last; bounded (a recipe is small). */
const issued = new Map<string, MaskedImageRecipe>();
const MAX_ISSUED = 64;
const byMap = new WeakMap<object, MapImage>();

/** The map image as the player view names it (the masked copy), or undefined without one. */
export function playerMapImage(map: EncounterState['map']): MapImage | undefined {
  const image = map.image;
  if (!image) return undefined;
  const known = byMap.get(map);
  if (known) return known;
  const recipe: MaskedImageRecipe = { source: image.asset, image: { ...image }, orientation: map.orientation, fogged: [...map.hidden].sort() };
  const ext = image.asset.slice(image.asset.lastIndexOf('.') + 1);
  const name = `${createHash('sha256').update(JSON.stringify(recipe)).digest('hex')}.${ext}`;
  issued.delete(name);
  issued.set(name, recipe);
  if (issued.size > MAX_ISSUED) issued.delete(issued.keys().next().value!);
  const shown = { ...image, asset: name };
  byMap.set(map, shown);
  return shown;
}

/** The recipe of a masked image a player view was given, or undefined for any other name. */
export function maskedImageRecipe(name: string): MaskedImageRecipe | undefined {
  return issued.get(name);
}

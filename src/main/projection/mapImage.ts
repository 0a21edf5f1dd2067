import { createHash } from 'node:crypto';
import type { MapImage } from '../../shared/views';
import type { EncounterState } from '../engine/encounter/schema';
import { tableFog } from './sight';

/**
 * The players' own copy of the map image (DESIGN §The player projection): the GM's image with
 * every fogged hex painted out, made in main (services/assetAccess.ts) so the pixels under fog never
 * reach a player page. Its name is a hash of what it is made from — the source asset, its
 * placement, the grid's orientation and the fogged hexes — so it changes exactly when fog or the
 * image changes, tells a player nothing, and a page's cache never holds a stale mask under a
 * current name. Only the name in the frame an audience holds now is served (projection/assets.ts):
 * no list of older names is kept, so none can be asked for.
 */
export interface MaskedImageRecipe {
  readonly source: string;
  readonly image: MapImage;
  readonly orientation: 'flat' | 'pointy';
  /** Sorted hex keys. */
  readonly fogged: readonly string[];
}

export interface MaskedImage {
  /** The image as a frame names it: the GM's placement, the masked copy's name. */
  readonly shown: MapImage;
  readonly recipe: MaskedImageRecipe;
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
  const recipe: MaskedImageRecipe = { source: image.asset, image: { ...image }, orientation: map.orientation, fogged: [...fog].sort() };
  const ext = image.asset.slice(image.asset.lastIndexOf('.') + 1);
  const name = `${createHash('sha256').update(JSON.stringify(recipe)).digest('hex')}.${ext}`;
  const masked = { shown: { ...image, asset: name }, recipe };
  byFog.set(fog, masked);
  return masked;
}

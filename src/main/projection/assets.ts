import type { PlayerView } from '../../shared/contract/views';
import type { MaskedImage, MaskedImageRecipe } from './mapImage';
import type { Screen } from './screen';

/** What an audience may be served under one asset name: a campaign asset as it is, or the masked map image made by a recipe. */
export type AssetGrant =
  { readonly kind: 'asset'; readonly name: string } | { readonly kind: 'masked'; readonly name: string; readonly recipe: MaskedImageRecipe };

/**
 * The asset names an audience may fetch (DESIGN §The player projection): exactly those the frame
 * it holds now names, and the image of the handout the projector shows now. The map image is the
 * masked copy of the current frame only, whole or in its pieces — an older view's name is refused, so a page cannot make
 * the host mask old images again; token art only of figures in the frame; under blackout the frame
 * names nothing and the screen shows no handout, so nothing is served.
 */
export function assetGrant(held: PlayerView['encounter'] | null, masked: MaskedImage | undefined, screen: Screen, name: string): AssetGrant | null {
  if (screen.handout?.image?.asset === name) return { kind: 'asset', name };
  if (held === null) return null;
  const shown = held.map.image;
  if (masked !== undefined && shown !== undefined) {
    if (shown.asset === name && masked.shown.asset === name) return { kind: 'masked', name, recipe: masked.recipe };
    const piece = masked.tiles.get(name);
    if (piece !== undefined && shown.tiles?.names.includes(name)) return { kind: 'masked', name, recipe: piece };
  }
  if (held.figures.some((f) => f.art === name)) return { kind: 'asset', name };
  return null;
}

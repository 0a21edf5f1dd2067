import { untrack } from 'svelte';
import type { PlayerMapImage } from '../../../shared/contract/views';
import type { MapBackground } from './gridShape';
import { backgroundFor, imageKey } from './mapImage';

/** A page's map image as the map draws it, and whether the one the view names is still on its way. */
export interface MapBackgroundLoad {
  /** The picture the map draws (null without one, or when the named one failed). */
  readonly background: MapBackground | null;
  /** The asset of the picture drawn ('' without one). */
  readonly asset: string;
  /** The view names a picture that is not decoded yet: the map is not at rest until it is. */
  readonly pending: boolean;
}

/**
 * Loads the map image a page's view names, when its placement changes (a push that left the
 * image alone loads nothing), and keeps the one drawn until the next is decoded. Call while a
 * component initialises. A picture that fails to decode is not drawn (the old one is not the
 * encounter's any more); `failed` hears why.
 */
export function loadMapBackground(image: () => PlayerMapImage | null | undefined, failed: (e: Error) => void = () => {}): MapBackgroundLoad {
  let background = $state<MapBackground | null>(null);
  let asset = $state('');
  let loadedKey = $state('');
  const key = $derived(imageKey(image()));
  // Before the map's own effects, so the image is fetched while the tokens are built.
  $effect.pre(() => {
    const wanted = key;
    const named = untrack(image);
    void backgroundFor(named).then(
      (bg) => {
        if (key !== wanted) return;
        background = bg;
        asset = bg ? (named?.asset ?? '') : '';
        loadedKey = wanted;
      },
      (e: Error) => {
        if (key !== wanted) return;
        background = null;
        asset = '';
        loadedKey = wanted;
        failed(e);
      },
    );
  });
  return {
    get background() {
      return background;
    },
    get asset() {
      return asset;
    },
    get pending() {
      return loadedKey !== key;
    },
  };
}

import type { MAP_CHANNELS } from '../../../shared/channels/map';
import { hexDistance, megahexDistance } from '../../../shared/hex';
import { explainMissileRangeModifier, explainThrownRangeModifier } from '../../engine/range';
import type { Explained } from '../../engine/explain';
import type { HandlersFor } from '../dispatch';

const plain = (e: Explained) => ({ value: e.value, breakdown: e.breakdown.map((l) => ({ ...l })) });

/** The ruler's numbers come from the engine's range rules (RULINGS A2), never from the page. */
export function mapHandlers(): HandlersFor<typeof MAP_CHANNELS> {
  return {
    measureRange: ({ from, to }) => {
      const hexes = hexDistance(from, to);
      // RULINGS A2: megahexes on the map's tiling (anchored at the axial origin, as the overlay draws it).
      const megahexes = megahexDistance(from, to);
      return {
        hexes,
        megahexes,
        missile: plain(explainMissileRangeModifier(megahexes)),
        thrown: plain(explainThrownRangeModifier(hexes)),
      };
    },
  };
}

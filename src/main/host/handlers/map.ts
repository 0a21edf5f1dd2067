import type { MAP_CHANNELS, RangeMeasure } from '../../../shared/channels/map';
import { hexDistance, megahexDistance, type Hex } from '../../../shared/hex';
import { explainMissileRangeModifier, explainThrownRangeModifier } from '../../engine/range';
import type { Explained } from '../../engine/explain';
import type { HandlersFor } from '../dispatch';

const plain = (e: Explained) => ({ value: e.value, breakdown: e.breakdown.map((l) => ({ ...l })) });

/** The ruler's numbers come from the engine's range rules (RULINGS A2), never from the page. */
export function mapHandlers(): HandlersFor<typeof MAP_CHANNELS> {
  return { measureRange: ({ from, to }) => measureRange(from, to) };
}

export function measureRange(from: Hex, to: Hex): RangeMeasure {
  const hexes = hexDistance(from, to);
  // RULINGS A2: megahexes on the map's tiling (anchored at the axial origin, as the overlay draws it).
  const megahexes = megahexDistance(from, to);
  return {
    hexes,
    megahexes,
    missile: plain(explainMissileRangeModifier(megahexes)),
    thrown: plain(explainThrownRangeModifier(hexes)),
  };
}

/** The ruler in the table's words: hexes, megahexes and the missile range band (RULINGS A2). */
export function rulerWords(from: Hex, to: Hex): string {
  const m = measureRange(from, to);
  const missile = m.missile.value === 0 ? 'missiles ±0' : `missiles ${m.missile.value}`;
  return `${m.hexes} ${m.hexes === 1 ? 'hex' : 'hexes'} · ${m.megahexes} MH · ${missile}`;
}

/**
 * The GM's ruler (RULINGS A2): the hexes and megahexes between two hexes and the missile and
 * thrown range adjustments they give, each explained; and the same in the table's words for the
 * projector. The numbers come from the engine's range rules, never from the page.
 */
import type { RangeMeasure } from '../../../shared/contract/channels/map';
import { hexDistance, megahexDistance, type Hex } from '../../../shared/hex';
import type { Explained } from '../explain';
import { explainMissileRangeModifier, explainThrownRangeModifier } from '../range';

const plain = (e: Explained) => ({ value: e.value, breakdown: e.breakdown.map((l) => ({ ...l })) });

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

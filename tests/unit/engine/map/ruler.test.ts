/**
 * The GM's ruler (engine/map/ruler.ts, RULINGS A2): hexes, megahexes on the map's tiling, the
 * missile and thrown range adjustments with their citations, and the same in the table's words.
 */
import { describe, expect, it } from 'vitest';
import { measureRange, rulerWords } from '../../../../src/main/engine/map/ruler';

describe('measureRange (RULINGS A2)', () => {
  it('counts 9 hexes and 3 megahexes along U = (2, 1): missiles −1, thrown −9, each cited', () => {
    const m = measureRange({ q: 0, r: 0 }, { q: 6, r: 3 });
    expect([m.hexes, m.megahexes, m.missile.value, m.thrown.value]).toEqual([9, 3, -1, -9]);
    expect(m.missile.breakdown[0]!.source).toContain('RULINGS A2');
    expect(m.thrown.breakdown[0]!.source).toContain('RULINGS A2');
  });

  it('anchors megahexes at the axial origin: (−1, 0) → (3, 1) is 5 hexes but one megahex', () => {
    const m = measureRange({ q: -1, r: 0 }, { q: 3, r: 1 });
    expect([m.hexes, m.megahexes, m.missile.value, m.thrown.value]).toEqual([5, 1, 0, -5]);
  });

  it('gives plain copies of the breakdown lines', () => {
    const a = measureRange({ q: 0, r: 0 }, { q: 1, r: 0 });
    const b = measureRange({ q: 0, r: 0 }, { q: 1, r: 0 });
    expect(a).toEqual(b);
    expect(a.missile.breakdown[0]).not.toBe(b.missile.breakdown[0]);
  });
});

describe('rulerWords', () => {
  it('says hex or hexes, the megahexes and the missile band (±0 when nothing changes)', () => {
    expect(rulerWords({ q: 0, r: 0 }, { q: 1, r: 0 })).toBe('1 hex · 0 MH · missiles ±0');
    expect(rulerWords({ q: 0, r: 0 }, { q: 6, r: 3 })).toBe('9 hexes · 3 MH · missiles -1');
  });
});

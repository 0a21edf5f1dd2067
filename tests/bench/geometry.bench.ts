/** Throughput of the hex geometry the map and the engine call most: megahex range and hex lines. */
import { bench, describe } from 'vitest';
import { hex, hexDistance, hexLine, megahexDistance, megahexOf } from '../../src/shared/hex';
import type { Hex } from '../../src/shared/hex';

/** Deterministic pairs of hexes on a 100 × 100 pointy map (odd rows shifted right). */
function randomPairs(count: number): [Hex, Hex][] {
  let seed = 0x2f6b_3a1d;
  const next = (): number => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    return seed / 2 ** 32;
  };
  const onMap = (): Hex => {
    const col = Math.floor(next() * 100);
    const row = Math.floor(next() * 100);
    return hex(col - Math.floor(row / 2), row);
  };
  return Array.from({ length: count }, () => [onMap(), onMap()] as [Hex, Hex]);
}

const PAIRS = randomPairs(10_000);
let sink = 0;

describe('geometry, 10 000 random pairs on a 100 × 100 map', () => {
  bench('megahexDistance', () => {
    for (const [a, b] of PAIRS) sink += megahexDistance(a, b);
  });

  bench('megahexOf', () => {
    for (const [a] of PAIRS) sink += megahexOf(a).q;
  });

  bench('hexLine', () => {
    for (const [a, b] of PAIRS) sink += hexLine(a, b).length;
  });

  bench('hexDistance (baseline)', () => {
    for (const [a, b] of PAIRS) sink += hexDistance(a, b);
  });
});

export { sink };

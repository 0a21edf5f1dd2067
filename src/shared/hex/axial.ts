/**
 * Axial hex coordinates and their arithmetic (no rules here).
 *
 * A hex is `(q, r)`; the third cube coordinate is `s = -q - r`, so `q + r + s = 0` always.
 * Every function that builds a hex goes through `hex()`, which turns `-0` into `0` so that
 * hexes compare equal under `Object.is` (and `toEqual` in tests) as well as under `===`.
 */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** Builds a hex, normalising `-0` to `0`. */
export function hex(q: number, r: number): Hex {
  return { q: q + 0, r: r + 0 };
}

/** The hex at the axial origin. */
export const ORIGIN: Hex = hex(0, 0);

/** The third cube coordinate, `s = -q - r`. */
export function hexS(h: Hex): number {
  return -h.q - h.r + 0;
}

/** A stable string key for maps and sets: `"q,r"`, e.g. `"3,-2"`. */
export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

const KEY_PATTERN = /^(-?\d+),(-?\d+)$/;

/** Parses a key made by `hexKey`; returns `null` for anything that is not two integers `"q,r"`. */
export function parseHexKey(key: string): Hex | null {
  const match = KEY_PATTERN.exec(key);
  if (match === null) return null;
  const q = Number(match[1]);
  const r = Number(match[2]);
  if (!Number.isSafeInteger(q) || !Number.isSafeInteger(r)) return null;
  return hex(q, r);
}

export function hexEquals(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}

export function hexAdd(a: Hex, b: Hex): Hex {
  return hex(a.q + b.q, a.r + b.r);
}

export function hexSubtract(a: Hex, b: Hex): Hex {
  return hex(a.q - b.q, a.r - b.r);
}

export function hexScale(h: Hex, k: number): Hex {
  return hex(h.q * k, h.r * k);
}

/** Distance from the origin in hex steps. */
export function hexLength(h: Hex): number {
  return (Math.abs(h.q) + Math.abs(h.r) + Math.abs(h.q + h.r)) / 2;
}

/** Number of steps between two hexes (cube distance). */
export function hexDistance(a: Hex, b: Hex): number {
  return hexLength(hexSubtract(a, b));
}

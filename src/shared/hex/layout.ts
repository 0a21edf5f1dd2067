import type { Hex } from './axial';
import { hexRound } from './line';

/** A screen point in pixels; y grows downwards. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * How hexes sit on screen. `flat`: flat top and bottom edges, columns of hexes; `pointy`: a
 * corner at the top, rows of hexes. `size` is the centre-to-corner distance in pixels;
 * `origin` is where the centre of hex (0, 0) is drawn.
 */
export interface HexLayout {
  readonly orientation: 'flat' | 'pointy';
  readonly size: number;
  readonly origin: Point;
}

const SQRT3 = Math.sqrt(3);

/** The pixel centre of `h`. */
export function hexToPixel(layout: HexLayout, h: Hex): Point {
  const { size, origin } = layout;
  if (layout.orientation === 'pointy') {
    return {
      x: origin.x + size * (SQRT3 * h.q + (SQRT3 / 2) * h.r),
      y: origin.y + size * (1.5 * h.r),
    };
  }
  return {
    x: origin.x + size * (1.5 * h.q),
    y: origin.y + size * ((SQRT3 / 2) * h.q + SQRT3 * h.r),
  };
}

/** The hex that contains pixel `p` (exact inverse of `hexToPixel` on hex centres). */
export function pixelToHex(layout: HexLayout, p: Point): Hex {
  const x = (p.x - layout.origin.x) / layout.size;
  const y = (p.y - layout.origin.y) / layout.size;
  let q: number;
  let r: number;
  if (layout.orientation === 'pointy') {
    q = (SQRT3 / 3) * x - y / 3;
    r = (2 / 3) * y;
  } else {
    q = (2 / 3) * x;
    r = -x / 3 + (SQRT3 / 3) * y;
  }
  return hexRound({ q, r, s: -q - r });
}

/**
 * The six corners of `h`, clockwise on screen. Corner `k` lies at angle `60k − 30`° (pointy) or
 * `60k`° (flat) from the centre, which puts it between neighbour directions `k − 1` and `k`:
 * the edge from corner `d` to corner `d + 1` faces direction `d` (see `DIRECTIONS`).
 */
export function hexCorners(layout: HexLayout, h: Hex): Point[] {
  return [0, 1, 2, 3, 4, 5].map((k) => hexCorner(layout, h, k));
}

/** The pixel position of corner `k` (taken mod 6) of `h`. */
export function hexCorner(layout: HexLayout, h: Hex, k: number): Point {
  const centre = hexToPixel(layout, h);
  const start = layout.orientation === 'pointy' ? -30 : 0;
  const angle = ((start + 60 * (((k % 6) + 6) % 6)) * Math.PI) / 180;
  return { x: centre.x + layout.size * Math.cos(angle), y: centre.y + layout.size * Math.sin(angle) };
}

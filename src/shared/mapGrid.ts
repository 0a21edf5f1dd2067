import type { Hex } from './hex';

/**
 * A battlemap is a rectangle of `cols` × `rows` hexes laid out in offset rows (flat-top maps
 * shift odd columns down, pointy-top maps shift odd rows right) and addressed in axial
 * coordinates everywhere else.
 */
export interface MapShape {
  readonly cols: number;
  readonly rows: number;
  readonly orientation: 'flat' | 'pointy';
}

export function offsetToAxial(shape: MapShape, col: number, row: number): Hex {
  return shape.orientation === 'flat' ? { q: col, r: row - Math.floor(col / 2) } : { q: col - Math.floor(row / 2), r: row };
}

export function axialToOffset(shape: MapShape, hex: Hex): { col: number; row: number } {
  return shape.orientation === 'flat' ? { col: hex.q, row: hex.r + Math.floor(hex.q / 2) } : { col: hex.q + Math.floor(hex.r / 2), row: hex.r };
}

export function isOnMap(shape: MapShape, hex: Hex): boolean {
  const { col, row } = axialToOffset(shape, hex);
  return col >= 0 && col < shape.cols && row >= 0 && row < shape.rows;
}

export function mapHexes(shape: MapShape): Hex[] {
  const out: Hex[] = [];
  for (let row = 0; row < shape.rows; row++) {
    for (let col = 0; col < shape.cols; col++) out.push(offsetToAxial(shape, col, row));
  }
  return out;
}

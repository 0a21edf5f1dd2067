/**
 * Pure hex geometry shared by the main process and the renderer: no rules, no I/O, no Node APIs.
 * Rules built on it (facing zones, range) live in `src/main/engine`.
 */
export type { Hex } from './axial';
export { hex, ORIGIN, hexS, hexKey, parseHexKey, hexEquals, hexAdd, hexSubtract, hexScale, hexLength, hexDistance } from './axial';
export { DIRECTIONS, normalizeDirection, hexDirection, hexNeighbor, hexNeighbors, directionTo, hexRotate } from './directions';
export { hexRing, hexSpiral } from './shapes';
export type { CubeFraction } from './line';
export { hexRound, hexLine } from './line';
export type { HexLayout, Point } from './layout';
export { hexToPixel, pixelToHex, hexCorners, hexCorner } from './layout';
export { hexOutline } from './outline';
export { MEGAHEX_BASIS, megahexOf, megahexCoords, megahexCenter, megahexDistance, megahexHexes, megahexOutline } from './megahex';
export { footprint, type FigureSize } from './footprint';

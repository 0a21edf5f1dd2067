import type { Frame, ProjectorState } from '../../../shared/contract/channels/display';
import { hexKey, hexLine, hexSpiral, hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';

/**
 * Pure camera arithmetic shared by the GM page (the projector's outline) and the player page
 * (what it shows). World units: 1 = a hex's centre-to-corner size, so a hex is √3 units across
 * its flats, whatever size the renderer draws it at.
 */

/** Where a view is centred and how many screen pixels one world unit takes. */
export interface Camera {
  readonly centre: Point;
  readonly pxPerUnit: number;
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

const SQRT3 = Math.sqrt(3);

/** Pixels per inch of a screen from its resolution and diagonal. */
export function pixelsPerInch(screen: ProjectorState['screen']): number {
  return Math.hypot(screen.widthPx, screen.heightPx) / screen.diagonalInches;
}

/** The projector's screen: the resolution the player display reported, else the typed one; the typed diagonal. */
export function projectorScreen(p: Pick<ProjectorState, 'screen' | 'reported'>): ProjectorState['screen'] {
  return p.reported === null ? p.screen : { ...p.reported.screen, diagonalInches: p.screen.diagonalInches };
}

/**
 * The physical scale: a hex `hexInches` across its flats on the real screen. `devicePixelRatio`
 * turns the screen's device pixels into the page's CSS pixels.
 */
export function physicalPxPerUnit(p: Pick<ProjectorState, 'hexInches' | 'screen' | 'reported'>, devicePixelRatio = 1): number {
  return (p.hexInches * pixelsPerInch(projectorScreen(p))) / devicePixelRatio / SQRT3;
}

/** The largest scale at which all of `frame` fits in `viewport`. */
export function containScale(frame: Frame, viewport: Viewport): number {
  return Math.min(viewport.width / frame.width, viewport.height / frame.height);
}

/**
 * The camera of a player display of `viewport` CSS pixels; `wholeMap` stands in for a null frame.
 * At physical scale with `snap`, the centre is the nearest hex centre of a map of `orientation`, so
 * the grid lies on the glass where it lay before whatever the GM pans: miniatures stay on hexes.
 */
export function projectorCamera(
  p: ProjectorState,
  viewport: Viewport,
  wholeMap: Frame,
  devicePixelRatio = 1,
  orientation: HexLayout['orientation'] = 'flat',
): Camera {
  const frame = p.frame ?? wholeMap;
  const physical = p.scale === 'physical';
  const pxPerUnit = physical ? physicalPxPerUnit(p, devicePixelRatio) : containScale(frame, viewport);
  const centre = { x: frame.x, y: frame.y };
  return { centre: physical && p.snap ? nearestHexCentre(centre, orientation) : centre, pxPerUnit };
}

/**
 * The camera of the GM's mirror of the TV: the TV's camera for a map area `shrink`⁻¹ times the
 * mirror's `viewport` (laid out in the TV's device pixels), drawn `shrink` times as large, so the
 * mirror frames exactly what the TV frames.
 */
export function mirrorCamera(p: ProjectorState, viewport: Viewport, wholeMap: Frame, shrink: number, orientation: HexLayout['orientation'] = 'flat'): Camera {
  const tv = projectorCamera(p, { width: viewport.width / shrink, height: viewport.height / shrink }, wholeMap, 1, orientation);
  return { centre: tv.centre, pxPerUnit: tv.pxPerUnit * shrink };
}

/**
 * The framing "look here" holds: the size the projector shows now, as near centred on the hex as the
 * map allows (the console's choice: the players see the hex without a screen of empty table; a
 * framing wider than the map stays centred on it).
 */
export function lookFrame(centre: { x: number; y: number }, shown: Frame, whole: Frame): Frame {
  const axis = (c: number, size: number, wholeCentre: number, wholeSize: number): number =>
    size >= wholeSize ? wholeCentre : Math.min(Math.max(c, wholeCentre - (wholeSize - size) / 2), wholeCentre + (wholeSize - size) / 2);
  return { ...shown, x: axis(centre.x, shown.width, whole.x, whole.width), y: axis(centre.y, shown.height, whole.y, whole.height) };
}

/** The hex centre nearest a point, in frame units (the map's hex (0,0) is centred at (1, 1): a hex size from each edge). */
export function nearestHexCentre(point: Point, orientation: HexLayout['orientation']): Point {
  const layout: HexLayout = { orientation, size: 1, origin: { x: 1, y: 1 } };
  return hexToPixel(layout, pixelToHex(layout, point));
}

/**
 * The part of the map the player display shows, as a frame: its map area as it reported it (the
 * window less the status bar), else the configured resolution.
 */
export function projectorOutline(p: ProjectorState, wholeMap: Frame): Frame {
  const area = p.reported?.map ?? p.screen;
  const screen = { width: area.widthPx, height: area.heightPx };
  const camera = projectorCamera(p, screen, wholeMap, 1);
  return {
    x: camera.centre.x,
    y: camera.centre.y,
    width: screen.width / camera.pxPerUnit,
    height: screen.height / camera.pxPerUnit,
  };
}

/** Brush sizes: one hex, or every hex within radius 1 or 2 of the one under the pointer. */
export type BrushRadius = 0 | 1 | 2;

/** The hexes a brush covers at `centre`. */
export function brushHexes(centre: Hex, radius: BrushRadius): Hex[] {
  return hexSpiral(centre, radius);
}

/**
 * A stroke: the brush stamped along the hex line between successive pointer hexes, so a quick
 * drag leaves no gaps. Adds to `into` (keyed by hex) and returns it.
 */
export function extendStroke(into: Map<string, Hex>, from: Hex | null, to: Hex, radius: BrushRadius): Map<string, Hex> {
  const path = from ? hexLine(from, to) : [to];
  for (const step of path) for (const h of brushHexes(step, radius)) into.set(hexKey(h), h);
  return into;
}

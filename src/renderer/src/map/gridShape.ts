import Konva from './konva';
import { hexCorners, hexKey, hexToPixel, megahexOf, megahexOutline, type Hex, type HexLayout } from '../../../shared/hex';
import { offsetToAxial } from '../../../shared/mapGrid';
import type { TiledPainter, WorldRect } from './tiledPainter';
import { TERRAIN_FILL, type MapTerrainModel } from './mapModel';
import { traceHexLines, tracePolygon, visibleRange } from './gridLines';
import type { MapPicture } from './mapPicture';
import { setRedraw } from './layerStrips';
import { terrainLook } from './terrainLook';

export type { WorldRect } from './tiledPainter';
export { tracePolygon } from './gridLines';

/**
 * A picture under the grid (a map image), placed on a world rectangle: drawn from its pieces in
 * order — one picture, or the players' copy and the pieces of it a later copy changed
 * (mapImage.ts), each piece overlapping the next ones' edges. `squares` says which picture each
 * square of the players' copy is drawn from, to tell which squares a new copy changed.
 */
export interface MapBackground {
  readonly pieces: readonly { readonly picture: MapPicture; readonly rect: WorldRect }[];
  readonly rect: WorldRect;
  readonly squares?: { readonly key: string; readonly sources: readonly MapPicture[]; readonly rects: readonly WorldRect[] };
}

/** The console's choice: for bright rooms, open ground light and the grid black and thicker. */
const CONTRAST_GROUND = '#e9e4d4';

/**
 * How the grid's lines are drawn: as usual; black and thicker for bright rooms (the player
 * display's setting); or, while the GM calibrates a map image, bright over a dark edge so every
 * hex corner shows on any picture (the console's choice).
 */
export type GridLook = 'plain' | 'contrast' | 'calibrate';

/** Terrain marks are drawn from this many screen pixels a hex (smaller, the fill says enough). */
const MARKS_FROM_PX = 12;
const markPaths = new Map<string, Path2D>();
function markPath(kind: string): Path2D | null {
  const mark = terrainLook(kind).mark;
  if (!mark) return null;
  let path = markPaths.get(kind);
  if (!path) markPaths.set(kind, (path = new Path2D(mark)));
  return path;
}

/**
 * Paints the terrain and grid of the hexes in `view`: one path per fill colour and one for all
 * the grid lines, so ten thousand hexes cost a handful of canvas fills. Returns a promise while
 * the map image was drawn from a picture coarser than this zoom needs and a sharper one is being
 * decoded (mapPicture.ts).
 */
export function paintGrid(
  ctx: CanvasRenderingContext2D,
  model: MapTerrainModel,
  layout: HexLayout,
  view: WorldRect,
  scale: number,
  background: MapBackground | null,
  look: GridLook = 'plain',
): Promise<void> | null {
  const highContrast = look === 'contrast';
  const range = visibleRange(model, layout, view);
  const { c0, c1, r0, r1 } = range;
  const sharpening: Promise<void>[] = [];
  if (background) {
    for (const { picture, rect } of background.pieces) {
      if (rect.x1 <= view.x0 || rect.x0 >= view.x1 || rect.y1 <= view.y0 || rect.y0 >= view.y1) continue;
      // The context is set to device pixels per world unit (tiledPainter.ts): the picture is picked for that.
      const drawn = picture.at((rect.x1 - rect.x0) * ctx.getTransform().a);
      ctx.drawImage(drawn.image, rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
      if (drawn.sharper) sharpening.push(drawn.sharper);
    }
  }
  const sharper = sharpening.length === 0 ? null : sharpening.length === 1 ? sharpening[0]! : Promise.all(sharpening).then(() => undefined);
  const fills = new Map<string, Path2D>();
  const marks = new Map<string, Path2D>();
  const marksShown = layout.size * scale >= MARKS_FROM_PX;
  const veil = new Path2D();
  const dim = new Path2D();
  const dark = new Path2D();
  const lines = new Path2D();
  const playerVeil = model.veilStyle === 'player';
  // The grid fades out when hexes are too small on screen to read it.
  const gridShown = layout.size * scale >= 5;
  const lineWidth = highContrast ? Math.min(2.5 / scale, layout.size * 0.12) : Math.min(1.2 / scale, layout.size * 0.08);
  // Chromium draws a line at most a device pixel wide as a hairline, segment by segment, so an
  // edge traced by both its hexes is blended twice, darker: there each hex keeps its outline, to
  // look as it always has. A wider line covers its segments' union, once (gridLines.ts).
  const hairline = lineWidth * ctx.getTransform().a <= 1.01;
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const hex = offsetToAxial(model, col, row);
      const key = hexKey(hex);
      const corners = hexCorners(layout, hex);
      if (model.veiled.has(key)) {
        tracePolygon(veil, corners);
        if (playerVeil) continue;
      }
      if (model.unexplored?.has(key)) tracePolygon(dark, corners);
      else if (model.dimmed?.has(key)) tracePolygon(dim, corners);
      const kind = model.terrain[key] ?? 'open';
      if (!(background && kind === 'open')) {
        const colour = highContrast && kind === 'open' ? CONTRAST_GROUND : (TERRAIN_FILL[kind] ?? TERRAIN_FILL.open!);
        let path = fills.get(colour);
        if (!path) fills.set(colour, (path = new Path2D()));
        tracePolygon(path, corners);
      }
      const mark = kind !== 'open' && marksShown ? markPath(kind) : null;
      if (mark) {
        const c = hexToPixel(layout, hex);
        let path = marks.get(kind);
        if (!path) marks.set(kind, (path = new Path2D()));
        path.addPath(mark, new DOMMatrix([layout.size, 0, 0, layout.size, c.x, c.y]));
      }
      if (!gridShown) continue;
      if (hairline) tracePolygon(lines, corners);
      else traceHexLines(lines, model, range, { col, row, hex }, corners);
    }
  }
  // Over a map image terrain is a tint, so the picture (a wall, a ford's stones) shows through it.
  ctx.globalAlpha = background ? 0.45 : 1;
  for (const [colour, path] of fills) {
    ctx.fillStyle = colour;
    ctx.fill(path);
  }
  ctx.globalAlpha = 1;
  // Each kind's mark, in full ink over a picture too.
  ctx.lineWidth = layout.size * 0.09;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [kind, path] of marks) {
    ctx.strokeStyle = terrainLook(kind).ink!;
    ctx.stroke(path);
  }
  if (gridShown && look === 'calibrate') {
    ctx.lineWidth = Math.max(4 / scale, lineWidth * 3);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
    ctx.stroke(lines);
    ctx.lineWidth = Math.max(1.6 / scale, lineWidth * 1.3);
    ctx.strokeStyle = '#4ff0ff';
    ctx.stroke(lines);
  } else if (gridShown) {
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = highContrast ? '#000000' : background ? 'rgba(20, 20, 20, 0.55)' : 'rgba(220, 228, 215, 0.28)';
    ctx.stroke(lines);
  }
  // Sight-driven fog: the players' explored ground out of sight is dimmed; the GM sees the party's
  // sight as lighter ground in a darker shade (darkest where the party has never been).
  ctx.fillStyle = playerVeil ? 'rgba(5, 6, 7, 0.6)' : 'rgba(8, 10, 18, 0.35)';
  ctx.fill(dim);
  ctx.fillStyle = 'rgba(8, 10, 18, 0.55)';
  ctx.fill(dark);
  ctx.fillStyle = playerVeil ? '#050607' : 'rgba(120, 60, 170, 0.42)';
  ctx.fill(veil);
  if (!playerVeil) {
    ctx.lineWidth = 1.5 / scale;
    ctx.strokeStyle = 'rgba(190, 140, 240, 0.7)';
    ctx.stroke(veil);
  }
  return sharper;
}

/** Megahex outlines (RULINGS G2, the √7 tiling anchored at the axial origin, as RULINGS A2 counts). */
export function paintMegahexes(ctx: CanvasRenderingContext2D, model: MapTerrainModel, layout: HexLayout, view: WorldRect, scale: number): void {
  const { c0, c1, r0, r1 } = visibleRange(model, layout, view);
  const centres = new Map<string, Hex>();
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const centre = megahexOf(offsetToAxial(model, col, row));
      centres.set(hexKey(centre), centre);
    }
  }
  const path = new Path2D();
  for (const centre of centres.values()) tracePolygon(path, megahexOutline(layout, centre));
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2 / scale, layout.size * 0.07);
  ctx.strokeStyle = 'rgba(255, 209, 102, 0.75)';
  ctx.stroke(path);
}

/**
 * A custom shape drawing through a `TiledPainter` (DESIGN §Rendering): it never listens to the
 * pointer (the hex under the pointer comes from pixel→hex math). While tiles are missing it calls
 * `pending`, which asks for frames to paint the next ones between draws (cameraLayers.ts). Those
 * wait while the camera moves: mid-gesture the view is made of tiles already painted, and the
 * tiles it lacks are painted for the view the gesture rests at.
 */
export function createCachedShape(
  painter: TiledPainter,
  getView: () => { view: WorldRect; scale: number; bounds: WorldRect; fitScale: number },
  pending: (layer: Konva.Layer, fill: () => boolean) => void,
): Konva.Shape {
  let drawnAt: WorldRect | null = null;
  /** Its last draw, to draw it again over part of the canvas (layerStrips.ts). */
  let last: { transform: DOMMatrix; view: WorldRect; scale: number; pixelRatio: number; bounds: WorldRect } | null = null;
  const fill = () => {
    const { view } = getView();
    const still = drawnAt !== null && view.x0 === drawnAt.x0 && view.y0 === drawnAt.y0 && view.x1 === drawnAt.x1 && view.y1 === drawnAt.y1;
    return still && painter.fill();
  };
  const shape = new Konva.Shape({
    listening: false,
    perfectDrawEnabled: false,
    sceneFunc(context) {
      const { view, scale, bounds, fitScale } = getView();
      drawnAt = view;
      const layer = shape.getLayer();
      const pixelRatio = context.canvas.getPixelRatio();
      last = { transform: context._context.getTransform(), view, scale, pixelRatio, bounds };
      painter.keepWhole(fitScale, pixelRatio, bounds);
      if (!painter.draw(context._context, view, scale, pixelRatio, bounds) && layer) pending(layer as Konva.Layer, fill);
    },
  });
  // Only the same tiles, all painted and sharp, draw the same pixels again; a patch paints the
  // changed parts of its tiles first, and what it could not paint yet follows as after a whole draw.
  setRedraw(shape, (ctx, patching = false) => {
    if (!last || (painter.pending && !patching)) return false;
    ctx.setTransform(last.transform);
    const sharp = painter.draw(ctx, last.view, last.scale, last.pixelRatio, last.bounds);
    const layer = shape.getLayer();
    if (patching && !sharp && layer) pending(layer as Konva.Layer, fill);
    return sharp || patching;
  });
  painter.onStale = () => {
    const layer = shape.getLayer();
    if (layer) pending(layer as Konva.Layer, fill);
  };
  return shape;
}

import Konva from 'konva';
import type { Frame } from '../../../shared/channels/display';
import { footprint, hexCorners, hexKey, hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import { isOnMap, offsetToAxial } from '../../../shared/mapGrid';
import { CachedPainter, type WorldRect } from './cachedPainter';
import { createFigureNode, setFigureDetail, updateFigureNode } from './figureNode';
import { createCachedShape, paintGrid, paintMegahexes, tracePolygon, type MapBackground } from './gridShape';
import { HEX_SIZE, type MapFigureModel, type MapTerrainModel } from './mapModel';
import { brushHexes, extendStroke, type BrushRadius, type Camera, type Viewport } from './projection';
import { ReachOverlay, type ReachModel } from './reachOverlay';
import { SpellOverlay, type SpellAimMarker, type SpellMarker } from './spellOverlay';

/** Chooses the camera from the container's size and the whole map's frame; null = fit the map. */
export type CameraPolicy = (viewport: Viewport, wholeMap: Frame) => Camera | null;

/** What a pointer drag on the GM map does. */
export type MapTool = 'select' | 'paint' | 'ruler' | 'calibrate';

export interface BattleMapOptions {
  readonly container: HTMLDivElement;
  /** The GM may drag figures, pan, zoom and use the tools; the player view only looks. */
  readonly interactive: boolean;
  /** Asks main to move a figure; resolves to null, or to the reason it was refused. */
  readonly onMoveRequest?: (figureId: string, to: Hex) => Promise<string | null>;
  readonly onSelect?: (figureId: string | null) => void;
  /** A paint stroke ended: the hexes it covered (on the map, each once). */
  readonly onStroke?: (hexes: Hex[]) => void;
  /** The ruler moved: from its start to its end hex, or null when it was cleared. */
  readonly onRuler?: (ruler: { from: Hex; to: Hex } | null) => void;
  /** The camera moved (pan, zoom, fit, resize). */
  readonly onCameraChange?: () => void;
  /** Map image calibration: a point of the image (`from`) dragged onto a hex corner (`to`), world units (1 = a hex's size). */
  readonly onCalibrate?: (pin: { from: Point; to: Point }) => void;
  /** While hex picking is on (`setHexPick`), a click on any hex, with a figure or without. */
  readonly onHexClick?: (hex: Hex) => void;
}

const MIN_SCALE = 0.04;
const MAX_SCALE = 4;
const CLICK_SLOP = 4;
const IDLE_MS = 140;

type Gesture =
  | { kind: 'pan'; pointerId: number; start: Point; origin: Point; moved: boolean; pick?: boolean }
  | { kind: 'figure'; pointerId: number; id: string; start: Point; grab: Point; moved: boolean }
  | { kind: 'paint'; pointerId: number; last: Hex; stroke: Map<string, Hex> }
  | { kind: 'ruler'; pointerId: number; from: Hex; to: Hex }
  | { kind: 'calibrate'; pointerId: number; from: Point; to: Point };

/**
 * The Konva battlemap (DESIGN §Rendering): (1) map image, terrain and grid as one cached shape;
 * (2) overlays — megahexes, ruler, brush, the projector's frame — never listening; (3) figures;
 * (4) the figure being dragged. Pan and zoom move the stage; the hex under the pointer comes
 * from pixel→hex math on DOM pointer events, never from Konva's hit graph.
 */
export class BattleMap {
  readonly stage: Konva.Stage;
  private layout: HexLayout;
  private readonly gridLayer = new Konva.Layer({ listening: false });
  private readonly overlayLayer = new Konva.Layer({ listening: false });
  private readonly figureLayer = new Konva.Layer({ listening: false });
  private readonly dragLayer = new Konva.Layer({ listening: false });
  private readonly nodes = new Map<string, Konva.Group>();
  /** What each node was last drawn from, so an unchanged figure costs nothing on a push. */
  private readonly drawn = new Map<string, { figure: MapFigureModel; selected: boolean }>();
  private readonly gridPainter: CachedPainter;
  private readonly megahexPainter: CachedPainter;
  private readonly brushShape: Konva.Shape;
  private readonly megahexShape: Konva.Shape;
  private readonly ruler = new Konva.Group({ listening: false, visible: false });
  private readonly projectorFrame = new Konva.Group({ listening: false, visible: false });
  /** The calibration drag: from a point of the map image to the hex corner it snaps to. */
  private readonly calibrateLine = new Konva.Group({ listening: false, visible: false });
  private readonly reach = new ReachOverlay(() => this.layout);
  private readonly spells = new SpellOverlay(() => this.layout, () => this.viewRect());
  /** A click picks a hex (the cast flow's hex target) instead of selecting or dragging. */
  private hexPick = false;
  private terrain: MapTerrainModel;
  /** The map's world rectangle: cached bitmaps never reach past it. */
  private bounds: WorldRect = { x0: 0, y0: 0, x1: 1, y1: 1 };
  private figures: readonly MapFigureModel[] = [];
  private occupied = new Map<string, string>();
  private selectedId: string | null = null;
  private background: MapBackground | null = null;
  private tool: MapTool = 'select';
  private brushRadius: BrushRadius = 0;
  private brushColour = '#6e6960';
  private hover: Hex | null = null;
  private gesture: Gesture | null = null;
  private rulerEnds: { from: Hex; to: Hex } | null = null;
  /** While true the camera is the automatic fit (or the policy's), re-applied on resize. */
  private autoCamera = true;
  private cameraPolicy: CameraPolicy | null = null;
  private lastDetail = -1;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly resizeObserver: ResizeObserver;
  private readonly off: (() => void)[] = [];

  constructor(private readonly options: BattleMapOptions) {
    const { container } = options;
    this.layout = { orientation: 'flat', size: HEX_SIZE, origin: { x: HEX_SIZE, y: HEX_SIZE } };
    this.terrain = { cols: 1, rows: 1, orientation: 'flat', terrain: {}, veiled: new Set(), veilStyle: 'gm' };
    this.stage = new Konva.Stage({
      container,
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
    });
    const camera = () => ({ view: this.viewRect(), scale: this.stage.scaleX(), bounds: this.bounds });
    this.gridPainter = new CachedPainter((ctx, view, scale) => paintGrid(ctx, this.terrain, this.layout, view, scale, this.background));
    this.megahexPainter = new CachedPainter((ctx, view, scale) => paintMegahexes(ctx, this.terrain, this.layout, view, scale));
    this.gridLayer.add(createCachedShape(this.gridPainter, camera));
    this.megahexShape = createCachedShape(this.megahexPainter, camera);
    this.megahexShape.visible(false);
    this.brushShape = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.drawBrush(context._context),
    });
    this.buildRuler();
    this.buildProjectorFrame();
    this.overlayLayer.add(this.reach.shape, this.spells.shape, this.megahexShape, this.projectorFrame, this.brushShape, this.ruler, this.calibrateLine);
    this.calibrateLine.add(
      new Konva.Line({ name: 'line', points: [], stroke: '#4fd1c5', strokeWidth: 2, dash: [6, 4], strokeScaleEnabled: false, listening: false }),
      new Konva.Circle({ name: 'from', radius: 5, stroke: '#4fd1c5', strokeWidth: 2, strokeScaleEnabled: false, listening: false }),
      new Konva.Circle({ name: 'to', radius: 6, fill: '#4fd1c5', strokeScaleEnabled: false, listening: false }),
    );
    this.stage.add(this.gridLayer, this.overlayLayer, this.figureLayer, this.dragLayer);
    // The player display is read from across the table: its spell labels never go below 16 px.
    if (!options.interactive) this.spells.minFontPx = 16;
    if (options.interactive) this.listen(container);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
  }

  /* ---------------- model ---------------- */

  setTerrain(model: MapTerrainModel): void {
    // Every view push brings a new model; most commands leave the map as it was.
    if (sameTerrain(this.terrain, model)) return;
    const reshaped =
      model.orientation !== this.terrain.orientation || model.cols !== this.terrain.cols || model.rows !== this.terrain.rows;
    this.terrain = model;
    if (model.orientation !== this.layout.orientation) {
      this.layout = { ...this.layout, orientation: model.orientation };
      for (const node of this.nodes.values()) node.destroy();
      this.nodes.clear();
      this.drawn.clear();
      this.setFigures(this.figures);
    }
    this.bounds = this.mapBounds();
    this.gridPainter.invalidate();
    this.megahexPainter.invalidate();
    if (reshaped && this.autoCamera) this.applyAutoCamera();
    this.gridLayer.batchDraw();
    this.overlayLayer.batchDraw();
    this.scheduleIdle();
  }

  setFigures(figures: readonly MapFigureModel[]): void {
    this.figures = figures;
    const seen = new Set<string>();
    const occupied = new Map<string, string>();
    const hexPx = this.layout.size * this.stage.scaleX();
    for (const figure of figures) {
      seen.add(figure.id);
      for (const h of footprint(figure.position, figure.facing, figure.size)) occupied.set(hexKey(h), figure.id);
      let node = this.nodes.get(figure.id);
      if (!node) {
        node = createFigureNode(this.layout);
        this.nodes.set(figure.id, node);
        this.figureLayer.add(node);
      }
      const dragging = this.gesture?.kind === 'figure' && this.gesture.id === figure.id && this.gesture.moved;
      const selected = figure.id === this.selectedId;
      const drawn = this.drawn.get(figure.id);
      if (!dragging && (!drawn || drawn.selected !== selected || !sameFigure(drawn.figure, figure))) {
        updateFigureNode(node, figure, this.layout, selected);
        setFigureDetail(node, hexPx, selected);
        this.drawn.set(figure.id, { figure, selected });
      }
    }
    this.occupied = occupied;
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        node.destroy();
        this.nodes.delete(id);
        this.drawn.delete(id);
      }
    }
    const selected = this.selectedId ? this.nodes.get(this.selectedId) : undefined;
    if (selected && selected.getLayer() === this.figureLayer) selected.moveToTop();
    this.cullFigures();
    this.figureLayer.batchDraw();
  }

  /** A picture under the grid (the map image), stretched over `rect` (world pixels). */
  setBackground(background: MapBackground | null): void {
    this.background = background;
    this.bounds = this.mapBounds();
    this.gridPainter.invalidate();
    this.gridLayer.batchDraw();
    this.scheduleIdle();
  }

  select(figureId: string | null): void {
    if (figureId === this.selectedId) return;
    this.selectedId = figureId;
    this.setFigures(this.figures);
    this.options.onSelect?.(figureId);
  }

  /* ---------------- tools and overlays ---------------- */

  setTool(tool: MapTool): void {
    if (tool === this.tool) return;
    this.tool = tool;
    if (tool !== 'ruler') this.setRulerEnds(null);
    this.options.container.dataset.tool = tool;
    this.overlayLayer.batchDraw();
  }

  setBrush(radius: BrushRadius, colour: string): void {
    this.brushRadius = radius;
    this.brushColour = colour;
    this.overlayLayer.batchDraw();
  }

  setMegahexes(on: boolean): void {
    this.megahexShape.visible(on);
    this.overlayLayer.batchDraw();
    this.scheduleIdle();
  }

  get megahexesShown(): boolean {
    return this.megahexShape.visible();
  }

  /** The selected figure's reach bands and facing zones (reachOverlay.ts), or none. */
  setReach(model: ReachModel | null): void {
    this.reach.set(model);
    this.overlayLayer.batchDraw();
  }

  /** Continuing spells cast at bare hexes (spellOverlay.ts), from main's view. */
  setSpells(markers: readonly SpellMarker[]): void {
    if (this.spells.setMarkers(markers)) this.overlayLayer.batchDraw();
  }

  /** The hexes with a spell marker and the spells' names (for the end-to-end tests). */
  get spellMarkers(): readonly { readonly hex: Hex; readonly names: readonly string[] }[] {
    return this.spells.marked;
  }

  /** The hex the cast flow aims at, ringed in main's verdict's colour, or none. */
  setSpellAim(aim: SpellAimMarker | null): void {
    if (this.spells.setAim(aim)) this.overlayLayer.batchDraw();
  }

  /** While on, a left click on any hex calls `onHexClick` (a drag still pans). */
  setHexPick(on: boolean): void {
    if (on === this.hexPick) return;
    this.hexPick = on;
    if (!on) this.hover = null;
    this.overlayLayer.batchDraw();
  }

  /** The ruler's label (the numbers main measured), or null while it is being measured. */
  setRulerLabel(text: string | null): void {
    const label = this.ruler.findOne<Konva.Label>('.label')!;
    label.visible(text !== null && this.rulerEnds !== null);
    label.getText().text(text ?? '');
    this.placeRulerLabel();
    this.overlayLayer.batchDraw();
  }

  clearRuler(): void {
    this.setRulerEnds(null);
  }

  get rulerState(): { from: Hex; to: Hex } | null {
    return this.rulerEnds;
  }

  /** Outlines the part of the map the projector shows (world units, see `Frame`), or hides it. */
  setProjectorFrame(frame: Frame | null, label = 'Projector'): void {
    this.projectorFrame.visible(frame !== null);
    if (frame) {
      const s = HEX_SIZE;
      const rect = this.projectorFrame.findOne<Konva.Rect>('.rect')!;
      rect.setAttrs({ x: (frame.x - frame.width / 2) * s, y: (frame.y - frame.height / 2) * s, width: frame.width * s, height: frame.height * s });
      this.projectorFrame.findOne<Konva.Text>('.text')!.text(label);
      this.placeProjectorLabel();
    }
    this.overlayLayer.batchDraw();
  }

  /* ---------------- camera ---------------- */

  /** Screen (container) position of a hex centre: used by the end-to-end tests and overlays. */
  hexToScreen(hex: Hex): Point {
    return this.stage.getAbsoluteTransform().point(hexToPixel(this.layout, hex));
  }

  screenToHex(point: Point): Hex {
    return pixelToHex(this.layout, this.stage.getAbsoluteTransform().copy().invert().point(point));
  }

  /** What the camera shows, in world units (1 = a hex's size). */
  getFrame(): Frame {
    const v = this.viewRect();
    const s = HEX_SIZE;
    return { x: (v.x0 + v.x1) / 2 / s, y: (v.y0 + v.y1) / 2 / s, width: (v.x1 - v.x0) / s, height: (v.y1 - v.y0) / s };
  }

  /** The whole map as a frame in world units. */
  wholeMapFrame(): Frame {
    const b = this.mapBounds();
    const s = HEX_SIZE;
    return { x: (b.x0 + b.x1) / 2 / s, y: (b.y0 + b.y1) / 2 / s, width: (b.x1 - b.x0) / s, height: (b.y1 - b.y0) / s };
  }

  /** Places the camera; the camera is then the given one until someone pans or zooms. */
  setCamera(camera: Camera): void {
    const scale = Math.max(MIN_SCALE / 4, Math.min(MAX_SCALE * 4, camera.pxPerUnit / HEX_SIZE));
    this.stage.scale({ x: scale, y: scale });
    this.stage.position({
      x: this.stage.width() / 2 - camera.centre.x * HEX_SIZE * scale,
      y: this.stage.height() / 2 - camera.centre.y * HEX_SIZE * scale,
    });
    this.cameraMoved();
  }

  /**
   * A camera chosen from outside (the projector's framing on the player page): applied now and
   * again on every resize and map change. Null gives the automatic fit back.
   */
  setCameraPolicy(policy: CameraPolicy | null): void {
    this.cameraPolicy = policy;
    this.autoCamera = true;
    this.applyAutoCamera();
  }

  /** True while the camera is the automatic one (fit, or the policy's), re-applied on resize. */
  get isAutoCamera(): boolean {
    return this.autoCamera;
  }

  /** Frames the whole map in the container. */
  fitToView(): void {
    const bounds = this.mapBounds();
    const w = this.stage.width();
    const h = this.stage.height();
    if (w < 2 || h < 2) return;
    const scale = Math.min(w / (bounds.x1 - bounds.x0), h / (bounds.y1 - bounds.y0));
    this.stage.scale({ x: scale, y: scale });
    this.stage.position({
      x: (w - (bounds.x1 - bounds.x0) * scale) / 2 - bounds.x0 * scale,
      y: (h - (bounds.y1 - bounds.y0) * scale) / 2 - bounds.y0 * scale,
    });
    this.autoCamera = true;
    this.cameraMoved();
  }

  /** Zooms by `factor` keeping the world point under `anchor` (a screen point) still. */
  zoomAt(anchor: Point, factor: number): void {
    const old = this.stage.scaleX();
    const next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, old * factor));
    const world = { x: (anchor.x - this.stage.x()) / old, y: (anchor.y - this.stage.y()) / old };
    this.stage.scale({ x: next, y: next });
    this.stage.position({ x: anchor.x - world.x * next, y: anchor.y - world.y * next });
    this.autoCamera = false;
    this.cameraMoved();
  }

  panBy(dx: number, dy: number): void {
    this.stage.position({ x: this.stage.x() + dx, y: this.stage.y() + dy });
    this.autoCamera = false;
    this.cameraMoved();
  }

  destroy(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const off of this.off) off();
    this.resizeObserver.disconnect();
    this.stage.destroy();
  }

  /* ---------------- internals ---------------- */

  private applyAutoCamera(): void {
    const viewport = { width: this.stage.width(), height: this.stage.height() };
    const camera = this.cameraPolicy?.(viewport, this.wholeMapFrame()) ?? null;
    if (camera) this.setCamera(camera);
    else this.fitToView();
    this.autoCamera = true;
  }

  private cameraMoved(): void {
    const hexPx = this.layout.size * this.stage.scaleX();
    const detail = hexPx >= 30 ? 3 : hexPx >= 14 ? 2 : hexPx >= 9 ? 1 : 0;
    if (detail !== this.lastDetail) {
      this.lastDetail = detail;
      for (const [id, node] of this.nodes) setFigureDetail(node, hexPx, id === this.selectedId);
    }
    this.cullFigures();
    this.placeRulerLabel();
    this.placeProjectorLabel();
    this.stage.batchDraw();
    this.scheduleIdle();
    this.options.onCameraChange?.();
  }

  /** Tokens wholly outside the view are not drawn (a 7-hex token reaches 2.5 hexes from its anchor). */
  private cullFigures(): void {
    const v = this.viewRect();
    const m = this.layout.size * 3;
    for (const node of this.nodes.values()) {
      if (node.getLayer() !== this.figureLayer) continue;
      const x = node.x();
      const y = node.y();
      node.visible(x > v.x0 - m && x < v.x1 + m && y > v.y0 - m && y < v.y1 + m);
    }
  }

  /** Once the camera rests, repaint the cached layers at the new scale around the new view. */
  private scheduleIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const view = this.viewRect();
      const scale = this.stage.scaleX();
      const ratio = window.devicePixelRatio || 1;
      let redraw = false;
      if (this.gridPainter.stale(view, scale, this.bounds)) {
        this.gridPainter.rebuild(view, scale, ratio, this.bounds);
        redraw = true;
      }
      if (this.megahexShape.visible() && this.megahexPainter.stale(view, scale, this.bounds)) {
        this.megahexPainter.rebuild(view, scale, ratio, this.bounds);
        redraw = true;
      }
      if (redraw) {
        this.gridLayer.batchDraw();
        this.overlayLayer.batchDraw();
      }
    }, IDLE_MS);
  }

  private viewRect(): WorldRect {
    const inverse = this.stage.getAbsoluteTransform().copy().invert();
    const a = inverse.point({ x: 0, y: 0 });
    const b = inverse.point({ x: this.stage.width(), y: this.stage.height() });
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }

  /** The world rectangle around every hex of the map (border hexes decide it). */
  private mapBounds(): WorldRect {
    if (this.background) {
      // The map image may reach past the hexes.
      const b = this.background.rect;
      const h = this.hexBounds();
      return { x0: Math.min(b.x0, h.x0), y0: Math.min(b.y0, h.y0), x1: Math.max(b.x1, h.x1), y1: Math.max(b.y1, h.y1) };
    }
    return this.hexBounds();
  }

  private hexBounds(): WorldRect {
    const { cols, rows } = this.terrain;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    const take = (col: number, row: number) => {
      const p = hexToPixel(this.layout, offsetToAxial(this.terrain, col, row));
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    };
    for (let c = 0; c < cols; c++) (take(c, 0), take(c, rows - 1));
    for (let r = 0; r < rows; r++) (take(0, r), take(cols - 1, r));
    const s = this.layout.size;
    return { x0: x0 - s, y0: y0 - s, x1: x1 + s, y1: y1 + s };
  }

  private resize(): void {
    const { clientWidth, clientHeight } = this.options.container;
    if (clientWidth === this.stage.width() && clientHeight === this.stage.height()) return;
    const before = this.getFrame();
    this.stage.size({ width: Math.max(1, clientWidth), height: Math.max(1, clientHeight) });
    if (this.autoCamera) this.applyAutoCamera();
    else this.setCamera({ centre: { x: before.x, y: before.y }, pxPerUnit: this.stage.scaleX() * HEX_SIZE });
  }

  private figureAt(hex: Hex): MapFigureModel | null {
    const id = this.occupied.get(hexKey(hex));
    return id ? (this.figures.find((f) => f.id === id) ?? null) : null;
  }

  private localPoint(e: PointerEvent | WheelEvent): Point {
    const box = this.options.container.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  private worldPoint(p: Point): Point {
    return this.stage.getAbsoluteTransform().copy().invert().point(p);
  }

  private listen(container: HTMLDivElement): void {
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      container.addEventListener(type, fn as EventListener, opts);
      this.off.push(() => container.removeEventListener(type, fn as EventListener, opts));
    };
    on('pointerdown', (e) => this.onPointerDown(e));
    on('pointermove', (e) => this.onPointerMove(e));
    on('pointerup', (e) => this.onPointerUp(e));
    on('pointercancel', (e) => this.onPointerUp(e, true));
    on('pointerleave', () => {
      if (!this.gesture && this.hover) {
        this.hover = null;
        this.overlayLayer.batchDraw();
      }
    });
    on('contextmenu', (e) => e.preventDefault());
    on('wheel', (e) => this.onWheel(e), { passive: false });
  }

  private onPointerDown(e: PointerEvent): void {
    if (this.gesture) return;
    const p = this.localPoint(e);
    const hex = this.screenToHex(p);
    const capture = () => this.options.container.setPointerCapture?.(e.pointerId);
    if (this.hexPick && e.button === 0) {
      this.gesture = { kind: 'pan', pointerId: e.pointerId, start: p, origin: this.stage.position(), moved: false, pick: true };
      capture();
      return;
    }
    if (e.button === 1 || e.button === 2 || (e.button === 0 && this.tool === 'select' && !this.figureAt(hex))) {
      this.gesture = { kind: 'pan', pointerId: e.pointerId, start: p, origin: this.stage.position(), moved: false };
      capture();
      return;
    }
    if (e.button !== 0) return;
    if (this.tool === 'select') {
      const figure = this.figureAt(hex)!;
      const node = this.nodes.get(figure.id)!;
      const world = this.worldPoint(p);
      this.select(figure.id);
      this.gesture = { kind: 'figure', pointerId: e.pointerId, id: figure.id, start: p, grab: { x: world.x - node.x(), y: world.y - node.y() }, moved: false };
      capture();
    } else if (this.tool === 'paint') {
      const stroke = new Map<string, Hex>();
      this.gesture = { kind: 'paint', pointerId: e.pointerId, last: hex, stroke };
      this.addToStroke(stroke, null, hex);
      capture();
    } else if (this.tool === 'calibrate') {
      const world = this.worldPoint(p);
      this.gesture = { kind: 'calibrate', pointerId: e.pointerId, from: world, to: this.nearestCorner(world) };
      this.drawCalibrateLine(this.gesture.from, this.gesture.to);
      capture();
    } else {
      const from = this.figureAt(hex)?.position ?? hex;
      this.gesture = { kind: 'ruler', pointerId: e.pointerId, from, to: from };
      this.setRulerEnds({ from, to: from });
      capture();
    }
  }

  private onPointerMove(e: PointerEvent): void {
    const p = this.localPoint(e);
    const g = this.gesture;
    if (!g) {
      if (this.tool === 'paint' || this.tool === 'ruler' || this.hexPick) {
        const hex = this.screenToHex(p);
        if (!this.hover || hexKey(this.hover) !== hexKey(hex)) {
          this.hover = hex;
          this.overlayLayer.batchDraw();
        }
      }
      return;
    }
    if (e.pointerId !== g.pointerId) return;
    if (g.kind === 'pan') {
      if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) < CLICK_SLOP) return;
      g.moved = true;
      this.stage.position({ x: g.origin.x + p.x - g.start.x, y: g.origin.y + p.y - g.start.y });
      this.autoCamera = false;
      this.cameraMoved();
    } else if (g.kind === 'figure') {
      if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) < CLICK_SLOP) return;
      const node = this.nodes.get(g.id);
      if (!node) return;
      if (!g.moved) {
        g.moved = true;
        node.visible(true);
        node.moveTo(this.dragLayer);
        this.figureLayer.batchDraw();
      }
      const world = this.worldPoint(p);
      node.position({ x: world.x - g.grab.x, y: world.y - g.grab.y });
      this.dragLayer.batchDraw();
    } else if (g.kind === 'paint') {
      const hex = this.screenToHex(p);
      this.hover = hex;
      if (hexKey(hex) !== hexKey(g.last)) {
        this.addToStroke(g.stroke, g.last, hex);
        g.last = hex;
      }
      this.overlayLayer.batchDraw();
    } else if (g.kind === 'calibrate') {
      g.to = this.nearestCorner(this.worldPoint(p));
      this.drawCalibrateLine(g.from, g.to);
    } else {
      const hex = this.screenToHex(p);
      const to = this.figureAt(hex)?.position ?? hex;
      if (hexKey(to) !== hexKey(g.to)) {
        g.to = to;
        this.setRulerEnds({ from: g.from, to });
      }
    }
  }

  private onPointerUp(e: PointerEvent, cancelled = false): void {
    const g = this.gesture;
    if (!g || e.pointerId !== g.pointerId) return;
    this.gesture = null;
    this.options.container.releasePointerCapture?.(e.pointerId);
    if (g.kind === 'pan') {
      if (g.pick) {
        if (!g.moved && !cancelled) this.options.onHexClick?.(this.screenToHex(this.localPoint(e)));
      } else if (!g.moved && !cancelled && e.button === 0) this.select(null);
    } else if (g.kind === 'figure') {
      if (g.moved) void this.dropFigure(g.id, cancelled);
    } else if (g.kind === 'paint') {
      const hexes = [...g.stroke.values()];
      this.overlayLayer.batchDraw();
      if (!cancelled && hexes.length > 0) this.options.onStroke?.(hexes);
    } else if (g.kind === 'calibrate') {
      this.calibrateLine.visible(false);
      this.overlayLayer.batchDraw();
      const s = HEX_SIZE;
      if (!cancelled) this.options.onCalibrate?.({ from: { x: g.from.x / s, y: g.from.y / s }, to: { x: g.to.x / s, y: g.to.y / s } });
    }
  }

  /** The corner of the hex under a world point that lies nearest to it (calibration snaps to corners). */
  private nearestCorner(world: Point): Point {
    let best: Point = world;
    let bestD = Infinity;
    for (const c of hexCorners(this.layout, pixelToHex(this.layout, world))) {
      const d = Math.hypot(c.x - world.x, c.y - world.y);
      if (d < bestD) (bestD = d), (best = c);
    }
    return best;
  }

  private drawCalibrateLine(from: Point, to: Point): void {
    this.calibrateLine.visible(true);
    this.calibrateLine.findOne<Konva.Line>('.line')!.points([from.x, from.y, to.x, to.y]);
    this.calibrateLine.findOne<Konva.Circle>('.from')!.position(from);
    this.calibrateLine.findOne<Konva.Circle>('.to')!.position(to);
    this.overlayLayer.batchDraw();
  }

  private async dropFigure(figureId: string, cancelled: boolean): Promise<void> {
    const node = this.nodes.get(figureId);
    const figure = this.figures.find((f) => f.id === figureId);
    if (!node) return;
    const target = pixelToHex(this.layout, node.position());
    node.moveTo(this.figureLayer);
    this.dragLayer.batchDraw();
    if (!figure) return;
    const home = hexToPixel(this.layout, figure.position);
    const snapBack = () => node.to({ x: home.x, y: home.y, duration: 0.15 });
    if (cancelled || hexKey(target) === hexKey(figure.position) || !isOnMap(this.terrain, target)) {
      snapBack();
      return;
    }
    node.position(hexToPixel(this.layout, target));
    this.figureLayer.batchDraw();
    const refusal = (await this.options.onMoveRequest?.(figureId, target)) ?? null;
    if (refusal) {
      const now = this.figures.find((f) => f.id === figureId);
      if (now) {
        const back = hexToPixel(this.layout, now.position);
        node.to({ x: back.x, y: back.y, duration: 0.15 });
      }
    }
  }

  private addToStroke(stroke: Map<string, Hex>, from: Hex | null, to: Hex): void {
    const added = extendStroke(new Map(), from, to, this.brushRadius);
    for (const [key, h] of added) if (isOnMap(this.terrain, h)) stroke.set(key, h);
  }

  private onWheel(evt: WheelEvent): void {
    evt.preventDefault();
    this.zoomAt(this.localPoint(evt), evt.deltaY > 0 ? 1 / 1.1 : 1.1);
  }

  private setRulerEnds(ends: { from: Hex; to: Hex } | null): void {
    this.rulerEnds = ends;
    this.ruler.visible(ends !== null);
    if (ends) {
      const a = hexToPixel(this.layout, ends.from);
      const b = hexToPixel(this.layout, ends.to);
      this.ruler.findOne<Konva.Line>('.line')!.points([a.x, a.y, b.x, b.y]);
      this.ruler.findOne<Konva.Circle>('.from')!.position(a);
      this.ruler.findOne<Konva.Circle>('.to')!.position(b);
      this.ruler.findOne('.label')!.visible(false);
    }
    this.overlayLayer.batchDraw();
    this.options.onRuler?.(ends);
  }

  private buildRuler(): void {
    const s = HEX_SIZE;
    this.ruler.add(new Konva.Line({ name: 'line', stroke: '#ffd166', strokeWidth: s * 0.14, dash: [s * 0.4, s * 0.22], lineCap: 'round', listening: false }));
    this.ruler.add(new Konva.Circle({ name: 'from', radius: s * 0.3, stroke: '#ffd166', strokeWidth: s * 0.1, listening: false }));
    this.ruler.add(new Konva.Circle({ name: 'to', radius: s * 0.42, stroke: '#ffd166', strokeWidth: s * 0.12, listening: false }));
    const label = new Konva.Label({ name: 'label', visible: false, listening: false });
    label.add(new Konva.Tag({ fill: 'rgba(12, 14, 18, 0.92)', stroke: '#ffd166', strokeWidth: 1, cornerRadius: 5, listening: false }));
    label.add(new Konva.Text({ fontSize: 14, fontStyle: 'bold', fill: '#ffe9b0', padding: 7, lineHeight: 1.3, listening: false }));
    this.ruler.add(label);
  }

  /** The ruler's label keeps a constant size on screen, just past the end of the line. */
  private placeRulerLabel(): void {
    const label = this.ruler.findOne<Konva.Label>('.label');
    if (!label || !this.rulerEnds) return;
    const k = 1 / this.stage.scaleX();
    const b = hexToPixel(this.layout, this.rulerEnds.to);
    label.scale({ x: k, y: k });
    label.position({ x: b.x + HEX_SIZE * 0.6, y: b.y - HEX_SIZE * 0.6 - label.height() * k });
  }

  private buildProjectorFrame(): void {
    this.projectorFrame.add(new Konva.Rect({ name: 'rect', stroke: '#6fd3ff', strokeWidth: 2, strokeScaleEnabled: false, dash: [10, 6], listening: false }));
    this.projectorFrame.add(new Konva.Text({ name: 'text', fontSize: 13, fontStyle: 'bold', fill: '#6fd3ff', padding: 4, listening: false }));
  }

  private placeProjectorLabel(): void {
    const text = this.projectorFrame.findOne<Konva.Text>('.text');
    const rect = this.projectorFrame.findOne<Konva.Rect>('.rect');
    if (!text || !rect) return;
    const k = 1 / this.stage.scaleX();
    text.scale({ x: k, y: k });
    text.position({ x: rect.x(), y: rect.y() });
  }

  /** The brush under the pointer and the stroke being painted. */
  private drawBrush(ctx: CanvasRenderingContext2D): void {
    if (this.tool !== 'paint' && this.tool !== 'ruler' && !this.hexPick) return;
    const scale = this.stage.scaleX();
    const trace = (hexes: Iterable<Hex>) => {
      const path = new Path2D();
      for (const h of hexes) tracePolygon(path, hexCorners(this.layout, h));
      return path;
    };
    const g = this.gesture;
    if (g?.kind === 'paint') {
      ctx.globalAlpha = 0.7;
      ctx.fillStyle = this.brushColour;
      ctx.fill(trace(g.stroke.values()));
      ctx.globalAlpha = 1;
    }
    if (this.hover) {
      const hexes = this.tool === 'paint' && !this.hexPick ? brushHexes(this.hover, this.brushRadius) : [this.hover];
      ctx.lineWidth = 2.5 / scale;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke(trace(hexes));
    }
  }
}

function sameFigure(a: MapFigureModel, b: MapFigureModel): boolean {
  return (
    a.position.q === b.position.q &&
    a.position.r === b.position.r &&
    a.facing === b.facing &&
    a.size === b.size &&
    a.posture === b.posture &&
    a.hidden === b.hidden &&
    a.color === b.color &&
    a.name === b.name &&
    a.stride === b.stride &&
    (a.conditions ?? []).join() === (b.conditions ?? []).join()
  );
}

function sameTerrain(a: MapTerrainModel, b: MapTerrainModel): boolean {
  if (a === b) return true;
  if (a.cols !== b.cols || a.rows !== b.rows || a.orientation !== b.orientation || a.veilStyle !== b.veilStyle) return false;
  if (a.veiled.size !== b.veiled.size) return false;
  for (const k of a.veiled) if (!b.veiled.has(k)) return false;
  const ka = Object.keys(a.terrain);
  if (ka.length !== Object.keys(b.terrain).length) return false;
  for (const k of ka) if (a.terrain[k] !== b.terrain[k]) return false;
  return true;
}

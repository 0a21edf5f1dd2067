import Konva from './konva';
import type { Frame } from '../../../shared/contract/channels/display';
import { hexToPixel, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import { TiledPainter, type WorldRect } from './tiledPainter';
import { CameraLayers, FIGURES_SLACK } from './cameraLayers';
import { FigureTokens } from './figureTokens';
import { createCachedShape, paintGrid, type GridLook, type MapBackground } from './gridShape';
import type { TokenLook } from './figureNode';
import { mapBounds, sameTerrain } from './mapBounds';
import { changedHexKeys, changedPieces, hexAreas } from './mapChanges';
import { frameOf, MapCamera, type CameraPolicy } from './mapCamera';
import { MapInput } from './mapInput';
import { HEX_SIZE, type MapFigureModel, type MapTerrainModel } from './mapModel';
import type { BattleMapOptions, MapTool } from './mapOptions';
import { brushHexes, type BrushRadius, type Camera } from './projection';
import { MapMarks } from './mapMarks';
import type { BrushState } from './toolOverlays';

export type { CameraPolicy } from './mapCamera';
export type { BattleMapOptions, MapTool } from './mapOptions';

/**
 * The Konva battlemap (DESIGN §Rendering): (1) map image, terrain and grid as one cached shape;
 * (2) the marks over it, never listening (mapMarks.ts: reach, spells, megahexes, the GM's tools,
 * the projector's frame); (3) figures; (4) the figure being dragged. Pan and zoom move the stage (mapCamera.ts); the hex under the
 * pointer comes from pixel→hex math on DOM pointer events (mapInput.ts), never Konva's hit graph.
 */
export class BattleMap {
  readonly stage: Konva.Stage;
  private layout: HexLayout;
  private readonly gridLayer = new Konva.Layer({ listening: false });
  private readonly dragLayer = new Konva.Layer({ listening: false });
  private readonly tokens = new FigureTokens();
  private readonly camera: MapCamera;
  readonly frames: CameraLayers;
  /** What the map marks over the terrain; its setters are the overlays' whole interface. */
  readonly marks: MapMarks;
  private readonly input: MapInput | null;
  private readonly gridPainter: TiledPainter;
  /** A click picks a hex (the cast flow's hex target) instead of selecting or dragging. */
  private hexPick = false;
  private terrain: MapTerrainModel;
  /** The map's world rectangle: cached bitmaps never reach past it. */
  private bounds: WorldRect = { x0: 0, y0: 0, x1: 1, y1: 1 };
  private selectedId: string | null = null;
  private background: MapBackground | null = null;
  private backgroundPending = false;
  private contrastGrid = false;
  private tool: MapTool = 'select';
  /** The camera was the automatic fit when calibrating began: it fits the calibrated map once it ends. */
  private refitAfterCalibrating = false;
  private brushRadius: BrushRadius = 0;
  private brushColour = '#6e6960';
  private readonly resizeObserver: ResizeObserver;

  constructor(private readonly options: BattleMapOptions) {
    const { container } = options;
    this.layout = { orientation: 'flat', size: HEX_SIZE, origin: { x: HEX_SIZE, y: HEX_SIZE } };
    this.terrain = { cols: 1, rows: 1, orientation: 'flat', terrain: {}, veiled: new Set(), veilStyle: 'gm' };
    this.stage = new Konva.Stage({
      container,
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
    });
    const moved = () => (this.frames.moved(), this.options.onCameraChange?.());
    this.camera = new MapCamera(
      this.stage,
      () => this.layout,
      () => this.mapBounds(),
      moved,
    );
    const camera = () => ({ view: this.camera.viewRect(), scale: this.camera.scale, bounds: this.bounds, fitScale: this.camera.fitScale });
    const pending = (layer: Konva.Layer, fill: () => boolean) => this.frames?.want(layer, fill); // none yet while the stage is built
    this.gridPainter = new TiledPainter((ctx, view, scale) => paintGrid(ctx, this.terrain, this.layout, view, scale, this.background, this.gridLook()));
    this.gridLayer.add(createCachedShape(this.gridPainter, camera, pending));
    this.marks = new MapMarks(
      {
        layout: () => this.layout,
        terrain: () => this.terrain,
        scale: () => this.camera.scale,
        viewRect: () => this.camera.viewRect(),
        camera,
        want: pending,
        brush: () => this.brushState(),
      },
      { interactive: options.interactive === true },
    );
    this.stage.add(this.gridLayer, this.marks.layer, this.tokens.layer, this.dragLayer);
    const layers = [
      { layer: this.gridLayer },
      { layer: this.marks.layer, hideWhenBlank: true },
      { layer: this.tokens.layer, slack: FIGURES_SLACK },
      { layer: this.dragLayer, hideWhenBlank: true },
    ];
    this.frames = new CameraLayers(this.stage, this.camera, layers, { synced: () => this.cameraSynced() });
    this.input = options.interactive ? this.listen() : null;
    this.resizeObserver = new ResizeObserver(() => this.camera.resize(container.clientWidth, container.clientHeight));
    this.resizeObserver.observe(container);
  }

  /* ---------------- model ---------------- */

  setTerrain(model: MapTerrainModel): void {
    // Every view push brings a new model; most commands leave the map as it was.
    if (sameTerrain(this.terrain, model)) return;
    const reshaped = model.orientation !== this.terrain.orientation || model.cols !== this.terrain.cols || model.rows !== this.terrain.rows;
    const changed = this.gridLook() === 'calibrate' ? null : changedHexKeys(this.terrain, model);
    this.terrain = model;
    if (model.orientation !== this.layout.orientation) {
      this.layout = { ...this.layout, orientation: model.orientation };
      this.tokens.clear();
      this.setFigures(this.tokens.all);
    }
    this.bounds = this.mapBounds();
    const areas = changed && hexAreas(changed, this.layout);
    this.gridPainter.invalidate(areas);
    this.marks.mapChanged();
    if (reshaped && this.camera.auto) this.camera.applyAuto();
    this.frames.redraw(this.gridLayer, areas);
    this.marks.layer.batchDraw();
  }

  setFigures(figures: readonly MapFigureModel[]): void {
    this.tokens.set(figures, {
      layout: this.layout,
      selectedId: this.selectedId,
      draggingId: this.input?.draggingId ?? null,
      hexPx: this.layout.size * this.camera.scale,
      view: this.camera.viewRect(),
    });
  }

  /** A picture under the grid (the map image), stretched over `rect` (world pixels). */
  setBackground(background: MapBackground | null): void {
    if (background === this.background) return;
    const changed = changedPieces(this.background, background);
    this.background = background;
    const was = this.bounds;
    this.bounds = this.mapBounds();
    this.gridPainter.invalidate(changed);
    // A picture reaching past the hexes changes what "the whole map" frames: an automatic camera frames it again.
    const b = this.bounds;
    const reframed = this.camera.auto && (b.x0 !== was.x0 || b.y0 !== was.y0 || b.x1 !== was.x1 || b.y1 !== was.y1);
    if (reframed) this.camera.applyAuto();
    this.frames.redraw(this.gridLayer, reframed ? null : changed);
  }

  /** Whether the page is still decoding the map image its view names (`unsettledBy` names it meanwhile). */
  expectBackground(pending: boolean): void {
    this.backgroundPending = pending;
  }

  /** The player display's token and label sizes and its grid for bright rooms. */
  setLegibility(look: TokenLook, contrastGrid: boolean): void {
    if (this.tokens.setLook(look)) this.setFigures(this.tokens.all);
    this.marks.setLabelScale(look.labelScale);
    if (contrastGrid === this.contrastGrid) return;
    this.contrastGrid = contrastGrid;
    this.gridPainter.invalidate();
    this.gridLayer.batchDraw();
  }

  /** Hex key → the id of the figure covering it, as main's last view placed them. */
  get occupied(): ReadonlyMap<string, string> {
    return this.tokens.occupancy;
  }

  /** How many times the grid, terrain and map image were painted (a push should cost none). */
  get gridRepaints(): number {
    return this.gridPainter.paints;
  }

  /** How many of those paints were patches: the grid tiles painted again only where a few hexes changed. */
  get gridPatches(): number {
    return this.gridPainter.patches;
  }

  /** Whether a map image is set (it is drawn from the next frame on). */
  get hasBackground(): boolean {
    return this.background !== null;
  }

  /** True once every map tile the view needs is painted and fresh. */
  get settled(): boolean {
    return this.unsettledBy.length === 0;
  }

  /** What the map still waits for before it has settled: empty once it has (named in a test's failure). */
  get unsettledBy(): string[] {
    const waits = {
      image: this.backgroundPending,
      layers: this.frames.busy,
      tokens: this.tokens.repainting,
      grid: this.gridPainter.pending,
      marks: this.marks.pending,
    };
    return Object.entries(waits)
      .filter(([, waiting]) => waiting)
      .map(([name]) => name);
  }

  select(figureId: string | null): void {
    if (figureId === this.selectedId) return;
    this.selectedId = figureId;
    this.setFigures(this.tokens.all);
    this.options.onSelect?.(figureId);
  }

  /* ---------------- tools and overlays ---------------- */

  setTool(tool: MapTool): void {
    if (tool === this.tool) return;
    const calibrating = tool === 'calibrate' || this.tool === 'calibrate';
    if (tool === 'calibrate') {
      // Pins move the picture: the camera holds still under the GM's hand until calibrating ends.
      this.refitAfterCalibrating = this.camera.auto;
      this.camera.hold();
    } else if (this.tool === 'calibrate' && this.refitAfterCalibrating) this.camera.applyAuto();
    this.tool = tool;
    if (calibrating) {
      this.gridPainter.invalidate();
      this.gridLayer.batchDraw();
    }
    if (tool !== 'ruler') this.setRulerEnds(null);
    this.options.container.dataset.tool = tool;
    this.marks.layer.batchDraw();
  }

  setBrush(radius: BrushRadius, colour: string): void {
    this.brushRadius = radius;
    this.brushColour = colour;
    this.marks.layer.batchDraw();
  }

  /** While on, a left click on any hex calls `onHexClick` (a drag still pans). */
  setHexPick(on: boolean): void {
    if (on === this.hexPick) return;
    this.hexPick = on;
    if (!on && this.input) this.input.hover = null;
    this.marks.layer.batchDraw();
  }

  /** Turns the figure being dragged; false when none is (the key is then the page's). */
  turnDrag(delta: number): boolean {
    return this.input?.turnDrag(delta) ?? false;
  }

  clearRuler(): void {
    this.setRulerEnds(null);
  }

  /** The player display: the GM's ruler as main measured it for the table, or none. */
  showRuler(ruler: { from: Hex; to: Hex; label: string } | null): void {
    this.marks.tools.setRulerEnds(ruler && { from: ruler.from, to: ruler.to });
    this.marks.setRulerLabel(ruler?.label ?? null);
  }

  get rulerState(): { from: Hex; to: Hex } | null {
    return this.marks.tools.rulerEnds;
  }

  /* ---------------- camera ---------------- */

  /** Screen (container) position of a hex centre: used by the end-to-end tests and overlays. */
  hexToScreen(hex: Hex): Point {
    return this.camera.hexToScreen(hex);
  }

  /** A hex centre in the projector's frame units (world px / HEX_SIZE, as `frameOf`). */
  hexInFrameUnits(hex: Hex): Point {
    const p = hexToPixel(this.layout, hex);
    return { x: p.x / HEX_SIZE, y: p.y / HEX_SIZE };
  }

  screenToHex(point: Point): Hex {
    return this.camera.screenToHex(point);
  }

  /** The live camera: screen = world × scale + (x, y) (the stage itself is never moved). */
  get cameraState(): { scale: number; x: number; y: number } {
    return this.camera.state;
  }

  /** What the camera shows, in world units (1 = a hex's size). */
  getFrame(): Frame {
    return frameOf(this.camera.viewRect());
  }

  /** The whole map as a frame in world units. */
  wholeMapFrame(): Frame {
    return frameOf(this.mapBounds());
  }

  /** Places the camera; the camera is then the given one until someone pans or zooms. */
  setCamera(camera: Camera): void {
    this.camera.set(camera);
  }

  /**
   * A camera chosen from outside (the projector's framing on the player page): applied now and
   * again on every resize and map change. Null gives the automatic fit back.
   */
  setCameraPolicy(policy: CameraPolicy | null): void {
    this.camera.setPolicy(policy);
  }

  /** True while the camera is the automatic one (fit, or the policy's), re-applied on resize. */
  get isAutoCamera(): boolean {
    return this.camera.auto;
  }

  /** Frames the whole map in the container. */
  fitToView(): void {
    this.camera.fit();
  }

  /** Zooms by `factor` keeping the world point under `anchor` (a screen point) still. */
  zoomAt(anchor: Point, factor: number): void {
    this.camera.zoomAt(anchor, factor);
  }

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
  }

  destroy(): void {
    this.input?.destroy();
    this.frames.destroy();
    this.resizeObserver.disconnect();
    this.stage.destroy();
  }

  /* ---------------- internals ---------------- */

  private listen(): MapInput {
    // The host's getters read the map's live fields; inside an object literal's getter `this` is the literal.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const map = this;
    return new MapInput({
      options: this.options,
      stage: this.stage,
      camera: this.camera,
      tokens: this.tokens,
      overlays: this.marks.tools,
      overlayLayer: this.marks.layer,
      dragLayer: this.dragLayer,
      get tool() {
        return map.tool;
      },
      get hexPick() {
        return map.hexPick;
      },
      get brushRadius() {
        return map.brushRadius;
      },
      get layout() {
        return map.layout;
      },
      get terrain() {
        return map.terrain;
      },
      select: (id) => this.select(id),
      setRulerEnds: (ends) => this.setRulerEnds(ends),
    });
  }

  private setRulerEnds(ends: { from: Hex; to: Hex } | null): void {
    this.marks.tools.setRulerEnds(ends);
    this.marks.layer.batchDraw();
    this.options.onRuler?.(ends);
  }

  /** What the brush overlay shows: the stroke being painted and the hexes under the pointer. */
  private brushState(): BrushState | null {
    if (this.tool !== 'paint' && this.tool !== 'ruler' && !this.hexPick) return null;
    const g = this.input?.gesture;
    const hover = this.input?.hover ?? null;
    return {
      stroke: g?.kind === 'paint' ? g.stroke.values() : null,
      colour: this.brushColour,
      outline: hover ? (this.tool === 'paint' && !this.hexPick ? brushHexes(hover, this.brushRadius) : [hover]) : null,
    };
  }

  private gridLook(): GridLook {
    return this.tool === 'calibrate' ? 'calibrate' : this.contrastGrid ? 'contrast' : 'plain';
  }

  /** A layer takes a new live camera (cameraLayers.ts): what depends on the zoom follows it. */
  private cameraSynced(): void {
    this.tokens.setDetail(this.layout.size * this.camera.scale, this.selectedId);
    this.tokens.cull(this.camera.viewRect(), this.layout.size * 3);
    this.marks.tools.placeLabels();
  }

  private mapBounds(): WorldRect {
    return mapBounds(this.terrain, this.layout, this.background);
  }
}

import Konva from 'konva';
import { hexKey, hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import { isOnMap, offsetToAxial } from '../../../shared/mapGrid';
import { createFigureNode, updateFigureNode } from './figureNode';
import { createGridShape, type WorldRect } from './gridShape';
import { HEX_SIZE, type MapFigureModel, type MapTerrainModel } from './mapModel';

export interface BattleMapOptions {
  readonly container: HTMLDivElement;
  /** The GM may drag figures; the player view only looks. */
  readonly interactive: boolean;
  /** Asks main to move a figure; resolves to null, or to the reason it was refused. */
  readonly onMoveRequest?: (figureId: string, to: Hex) => Promise<string | null>;
  readonly onSelect?: (figureId: string | null) => void;
}

const MIN_SCALE = 0.15;
const MAX_SCALE = 4;

/**
 * The Konva battlemap (DESIGN §Rendering): a grid/terrain layer drawn by one shape, and a
 * figures layer. Pan and zoom move the stage.
 */
export class BattleMap {
  readonly stage: Konva.Stage;
  private layout: HexLayout;
  private readonly gridLayer = new Konva.Layer({ listening: false });
  private readonly figureLayer = new Konva.Layer();
  private readonly nodes = new Map<string, Konva.Group>();
  private terrain: MapTerrainModel;
  private figures: readonly MapFigureModel[] = [];
  private selectedId: string | null = null;
  private fitted = false;
  private readonly resizeObserver: ResizeObserver;

  constructor(private readonly options: BattleMapOptions) {
    const { container } = options;
    this.layout = { orientation: 'flat', size: HEX_SIZE, origin: { x: HEX_SIZE, y: HEX_SIZE } };
    this.terrain = { cols: 1, rows: 1, orientation: 'flat', terrain: {}, veiled: new Set(), veilStyle: 'gm' };
    this.stage = new Konva.Stage({
      container,
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
      draggable: options.interactive,
    });
    this.gridLayer.add(createGridShape(() => this.terrain, this.layout, () => this.viewRect()));
    this.stage.add(this.gridLayer, this.figureLayer);
    this.stage.on('wheel', (e) => this.onWheel(e.evt));
    this.stage.on('dragmove', () => this.gridLayer.batchDraw());
    this.stage.on('click tap', (e) => {
      if (e.target === this.stage) this.select(null);
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
  }

  setTerrain(model: MapTerrainModel): void {
    const orientationChanged = model.orientation !== this.layout.orientation;
    this.terrain = model;
    if (orientationChanged) {
      this.layout = { ...this.layout, orientation: model.orientation };
      this.gridLayer.destroyChildren();
      this.gridLayer.add(createGridShape(() => this.terrain, this.layout, () => this.viewRect()));
      this.fitted = false;
    }
    if (!this.fitted) this.fitToView();
    this.gridLayer.batchDraw();
  }

  setFigures(figures: readonly MapFigureModel[]): void {
    this.figures = figures;
    const seen = new Set<string>();
    for (const figure of figures) {
      seen.add(figure.id);
      let node = this.nodes.get(figure.id);
      if (!node) {
        node = createFigureNode(this.layout);
        this.attachFigureEvents(node, figure.id);
        this.nodes.set(figure.id, node);
        this.figureLayer.add(node);
      }
      if (!node.isDragging()) updateFigureNode(node, figure, this.layout, figure.id === this.selectedId);
    }
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        node.destroy();
        this.nodes.delete(id);
      }
    }
    this.figureLayer.batchDraw();
  }

  select(figureId: string | null): void {
    if (figureId === this.selectedId) return;
    this.selectedId = figureId;
    this.setFigures(this.figures);
    this.options.onSelect?.(figureId);
  }

  /** Screen (container) position of a hex centre: used by the end-to-end tests and overlays. */
  hexToScreen(hex: Hex): Point {
    const p = hexToPixel(this.layout, hex);
    return this.stage.getAbsoluteTransform().point(p);
  }

  screenToHex(point: Point): Hex {
    const world = this.stage.getAbsoluteTransform().copy().invert().point(point);
    return pixelToHex(this.layout, world);
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    this.stage.destroy();
  }

  private attachFigureEvents(node: Konva.Group, figureId: string): void {
    node.on('click tap', (e) => {
      e.cancelBubble = true;
      this.select(figureId);
    });
    if (!this.options.interactive) return;
    node.draggable(true);
    node.on('dragstart', () => {
      node.moveToTop();
      this.select(figureId);
    });
    node.on('dragend', async () => {
      const figure = this.figures.find((f) => f.id === figureId);
      if (!figure) return;
      const target = pixelToHex(this.layout, node.position());
      const snapBack = () => node.to({ ...hexToPixel(this.layout, figure.position), duration: 0.15 });
      if (hexKey(target) === hexKey(figure.position) || !isOnMap(this.terrain, target)) {
        snapBack();
        return;
      }
      node.position(hexToPixel(this.layout, target));
      const refusal = (await this.options.onMoveRequest?.(figureId, target)) ?? null;
      if (refusal) snapBack();
    });
  }

  private viewRect(): WorldRect {
    const inverse = this.stage.getAbsoluteTransform().copy().invert();
    const a = inverse.point({ x: 0, y: 0 });
    const b = inverse.point({ x: this.stage.width(), y: this.stage.height() });
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }

  private mapBounds(): WorldRect {
    const last = offsetToAxial(this.terrain, this.terrain.cols - 1, this.terrain.rows - 1);
    const end = hexToPixel(this.layout, last);
    const s = this.layout.size;
    return { x0: 0, y0: 0, x1: end.x + s * 1.5, y1: end.y + s * 1.8 };
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
    this.fitted = true;
    this.stage.batchDraw();
  }

  /** Zooms by `factor` keeping the world point under `anchor` (a screen point) still. */
  zoomAt(anchor: Point, factor: number): void {
    const old = this.stage.scaleX();
    const next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, old * factor));
    const world = { x: (anchor.x - this.stage.x()) / old, y: (anchor.y - this.stage.y()) / old };
    this.stage.scale({ x: next, y: next });
    this.stage.position({ x: anchor.x - world.x * next, y: anchor.y - world.y * next });
    this.stage.batchDraw();
  }

  panBy(dx: number, dy: number): void {
    this.stage.position({ x: this.stage.x() + dx, y: this.stage.y() + dy });
    this.stage.batchDraw();
  }

  private onWheel(evt: WheelEvent): void {
    evt.preventDefault();
    const pointer = this.stage.getPointerPosition();
    if (!pointer) return;
    this.zoomAt(pointer, evt.deltaY > 0 ? 1 / 1.1 : 1.1);
  }

  private resize(): void {
    const { clientWidth, clientHeight } = this.options.container;
    if (clientWidth === this.stage.width() && clientHeight === this.stage.height()) return;
    this.stage.size({ width: Math.max(1, clientWidth), height: Math.max(1, clientHeight) });
    if (!this.fitted) this.fitToView();
    this.stage.batchDraw();
  }
}

import type Konva from './konva';
import { hexCorners, hexKey, hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { FigureTokens } from './figureTokens';
import type { MapCamera } from './mapCamera';
import { HEX_SIZE, type MapTerrainModel } from './mapModel';
import type { BattleMapOptions, MapTool } from './mapOptions';
import { extendStroke, type BrushRadius } from './projection';
import type { ToolOverlays } from './toolOverlays';
import { TouchGestures } from './mapTouch';

const CLICK_SLOP = 4;

export type Gesture =
  | { kind: 'pan'; pointerId: number; start: Point; origin: Point; moved: boolean; pick?: boolean }
  | { kind: 'figure'; pointerId: number; id: string; start: Point; grab: Point; moved: boolean; over?: Hex; facing?: number }
  | { kind: 'paint'; pointerId: number; last: Hex; stroke: Map<string, Hex> }
  | { kind: 'ruler'; pointerId: number; from: Hex; to: Hex }
  | { kind: 'calibrate'; pointerId: number; from: Point; to: Point }
  | { kind: 'draw'; pointerId: number; start: Point; points: Point[]; moved: boolean };

/** The parts of the battlemap the pointer works on. */
export interface InputHost {
  readonly options: BattleMapOptions;
  readonly stage: Konva.Stage;
  readonly camera: MapCamera;
  readonly tokens: FigureTokens;
  readonly overlays: ToolOverlays;
  readonly overlayLayer: Konva.Layer;
  readonly dragLayer: Konva.Layer;
  readonly tool: MapTool;
  readonly hexPick: boolean;
  readonly brushRadius: BrushRadius;
  readonly layout: HexLayout;
  readonly terrain: MapTerrainModel;
  select(figureId: string | null): void;
  setRulerEnds(ends: { from: Hex; to: Hex } | null): void;
}

/**
 * The GM's pointer and wheel on the map: pan, zoom, figure drags, paint strokes, the ruler and
 * calibration drags. The hex under the pointer comes from pixel→hex math on DOM events.
 */
export class MapInput {
  gesture: Gesture | null = null;
  hover: Hex | null = null;
  private readonly off: (() => void)[] = [];

  constructor(private readonly host: InputHost) {
    const container = host.options.container;
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
        this.host.overlayLayer.batchDraw();
        if (this.host.hexPick) this.host.options.onHexHover?.(null);
      }
    });
    on('contextmenu', (e) => e.preventDefault());
    on('wheel', (e) => this.onWheel(e), { passive: false });
    const touch = new TouchGestures(
      container,
      host.camera,
      () => this.cancel(),
      (at) => {
        const hex = pixelToHex(host.layout, host.camera.worldPoint(at));
        if (!isOnMap(host.terrain, hex)) return;
        // A finger held on a figure opens its menu (as a right click does); on open ground it pings.
        const figure = host.options.onFigureMenu ? host.tokens.figureAt(hex) : null;
        if (figure) {
          host.select(figure.id);
          host.options.onFigureMenu!(figure.id, at);
        } else host.options.onLongPress?.(hex);
      },
    );
    this.off.push(() => touch.destroy());
  }

  /** Ends the gesture under way without its effect (a second finger made it a pinch). */
  cancel(): void {
    const g = this.gesture;
    if (g) this.onPointerUp(new PointerEvent('pointercancel', { pointerId: g.pointerId }), true);
  }

  /** The figure under the GM's hand once a drag has begun, whose node the pointer places. */
  get draggingId(): string | null {
    const g = this.gesture;
    return g?.kind === 'figure' && g.moved ? g.id : null;
  }

  /**
   * Turns the figure being dragged (Q / E, or the wheel): the token shows the facing the drop
   * will give it, and the path preview is asked again with it. False when no figure is dragged.
   */
  turnDrag(delta: number): boolean {
    const g = this.gesture;
    const figure = g?.kind === 'figure' && g.moved ? this.host.tokens.find(g.id) : undefined;
    if (g?.kind !== 'figure' || !figure) return false;
    g.facing = ((((g.facing ?? figure.facing) + delta) % 6) + 6) % 6;
    this.host.tokens.showFacing(g.id, g.facing, this.host.layout);
    this.host.dragLayer.batchDraw();
    if (g.over) this.host.options.onDragOver?.(g.id, g.over, g.facing);
    return true;
  }

  destroy(): void {
    for (const off of this.off) off();
  }

  private localPoint(e: PointerEvent | WheelEvent): Point {
    const box = this.host.options.container.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  private onPointerDown(e: PointerEvent): void {
    if (this.gesture) return;
    const { host } = this;
    const p = this.localPoint(e);
    const hex = host.camera.screenToHex(p);
    const capture = () => host.options.container.setPointerCapture?.(e.pointerId);
    if (host.hexPick && e.button === 0) {
      this.gesture = { kind: 'pan', pointerId: e.pointerId, start: p, origin: host.camera.position, moved: false, pick: true };
      capture();
      return;
    }
    if (e.button === 1 || e.button === 2 || (e.button === 0 && host.tool === 'select' && !host.tokens.figureAt(hex))) {
      this.gesture = { kind: 'pan', pointerId: e.pointerId, start: p, origin: host.camera.position, moved: false };
      capture();
      return;
    }
    if (e.button !== 0) return;
    if (host.tool === 'select') {
      const figure = host.tokens.figureAt(hex)!;
      const node = host.tokens.node(figure.id)!;
      const world = host.camera.worldPoint(p);
      host.select(figure.id);
      this.gesture = { kind: 'figure', pointerId: e.pointerId, id: figure.id, start: p, grab: { x: world.x - node.x(), y: world.y - node.y() }, moved: false };
      capture();
    } else if (host.tool === 'paint') {
      const stroke = new Map<string, Hex>();
      this.gesture = { kind: 'paint', pointerId: e.pointerId, last: hex, stroke };
      this.addToStroke(stroke, null, hex);
      capture();
    } else if (host.tool === 'calibrate') {
      const world = host.camera.worldPoint(p);
      this.gesture = { kind: 'calibrate', pointerId: e.pointerId, from: world, to: this.nearestCorner(world) };
      this.drawCalibrateLine(this.gesture.from, this.gesture.to);
      capture();
    } else if (host.tool === 'draw') {
      this.gesture = { kind: 'draw', pointerId: e.pointerId, start: p, points: [host.camera.worldPoint(p)], moved: false };
      capture();
    } else {
      const from = host.tokens.figureAt(hex)?.position ?? hex;
      this.gesture = { kind: 'ruler', pointerId: e.pointerId, from, to: from };
      host.setRulerEnds({ from, to: from });
      capture();
    }
  }

  private onPointerMove(e: PointerEvent): void {
    const { host } = this;
    const p = this.localPoint(e);
    const g = this.gesture;
    if (!g) {
      if (host.tool === 'paint' || host.tool === 'ruler' || host.hexPick) {
        const hex = host.camera.screenToHex(p);
        if (!this.hover || hexKey(this.hover) !== hexKey(hex)) {
          this.hover = hex;
          host.overlayLayer.batchDraw();
          if (host.hexPick) host.options.onHexHover?.(hex);
        }
      }
      return;
    }
    if (e.pointerId !== g.pointerId) return;
    if (g.kind === 'pan') {
      if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) < CLICK_SLOP) return;
      g.moved = true;
      host.camera.panTo({ x: g.origin.x + p.x - g.start.x, y: g.origin.y + p.y - g.start.y });
    } else if (g.kind === 'figure') {
      if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) < CLICK_SLOP) return;
      const node = host.tokens.node(g.id);
      if (!node) return;
      if (!g.moved) {
        g.moved = true;
        node.visible(true);
        node.moveTo(host.dragLayer);
        host.tokens.layer.batchDraw();
      }
      const world = host.camera.worldPoint(p);
      node.position({ x: world.x - g.grab.x, y: world.y - g.grab.y });
      host.dragLayer.batchDraw();
      // The hex the drop would land on: the page asks main for the path to it.
      const over = pixelToHex(host.layout, node.position());
      if (!g.over || hexKey(g.over) !== hexKey(over)) {
        g.over = over;
        host.options.onDragOver?.(g.id, over, g.facing);
      }
    } else if (g.kind === 'paint') {
      const hex = host.camera.screenToHex(p);
      this.hover = hex;
      if (hexKey(hex) !== hexKey(g.last)) {
        this.addToStroke(g.stroke, g.last, hex);
        g.last = hex;
      }
      host.overlayLayer.batchDraw();
    } else if (g.kind === 'calibrate') {
      g.to = this.nearestCorner(host.camera.worldPoint(p));
      this.drawCalibrateLine(g.from, g.to);
    } else if (g.kind === 'draw') {
      if (!g.moved && Math.hypot(p.x - g.start.x, p.y - g.start.y) < CLICK_SLOP) return;
      g.moved = true;
      g.points.push(host.camera.worldPoint(p));
      host.overlays.setDrawingStroke(g.points);
      host.overlayLayer.batchDraw();
    } else {
      const hex = host.camera.screenToHex(p);
      const to = host.tokens.figureAt(hex)?.position ?? hex;
      if (hexKey(to) !== hexKey(g.to)) {
        g.to = to;
        host.setRulerEnds({ from: g.from, to });
      }
    }
  }

  private onPointerUp(e: PointerEvent, cancelled = false): void {
    const { host } = this;
    const g = this.gesture;
    if (!g || e.pointerId !== g.pointerId) return;
    this.gesture = null;
    host.options.container.releasePointerCapture?.(e.pointerId);
    if (g.kind === 'pan') {
      if (g.pick) {
        if (!g.moved && !cancelled) host.options.onHexClick?.(host.camera.screenToHex(this.localPoint(e)));
      } else if (!g.moved && !cancelled && e.button === 0) host.select(null);
      else if (!g.moved && !cancelled && e.button === 2) {
        const p = this.localPoint(e);
        const figure = host.tokens.figureAt(host.camera.screenToHex(p));
        if (figure) {
          host.select(figure.id);
          host.options.onFigureMenu?.(figure.id, p);
        }
      }
    } else if (g.kind === 'figure') {
      if (g.over) host.options.onDragOver?.(g.id, null);
      if (g.moved) void this.dropFigure(g.id, cancelled, g.facing);
    } else if (g.kind === 'paint') {
      const hexes = [...g.stroke.values()];
      host.overlayLayer.batchDraw();
      if (!cancelled && hexes.length > 0) host.options.onStroke?.(hexes);
    } else if (g.kind === 'draw') {
      host.overlays.setDrawingStroke(null);
      host.overlayLayer.batchDraw();
      const s = HEX_SIZE;
      const inMap = (w: Point): Point => ({ x: w.x / s, y: w.y / s });
      if (cancelled) return;
      if (g.moved) host.options.onDraw?.(g.points.map(inMap));
      else host.options.onDrawClick?.(inMap(g.points[0]!));
    } else if (g.kind === 'calibrate') {
      host.overlays.calibrateLine.visible(false);
      host.overlayLayer.batchDraw();
      const s = HEX_SIZE;
      if (!cancelled) host.options.onCalibrate?.({ from: { x: g.from.x / s, y: g.from.y / s }, to: { x: g.to.x / s, y: g.to.y / s } });
    }
  }

  private onWheel(evt: WheelEvent): void {
    evt.preventDefault();
    // While a figure is dragged the wheel turns it (as a VTT rotates a token under the hand).
    if (evt.deltaY !== 0 && this.turnDrag(evt.deltaY > 0 ? 1 : -1)) return;
    this.host.camera.zoomAt(this.localPoint(evt), evt.deltaY > 0 ? 1 / 1.1 : 1.1);
  }

  /** The corner of the hex under a world point that lies nearest to it (calibration snaps to corners). */
  private nearestCorner(world: Point): Point {
    let best: Point = world;
    let bestD = Infinity;
    for (const c of hexCorners(this.host.layout, pixelToHex(this.host.layout, world))) {
      const d = Math.hypot(c.x - world.x, c.y - world.y);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    return best;
  }

  private drawCalibrateLine(from: Point, to: Point): void {
    this.host.overlays.drawCalibrateLine(from, to);
    this.host.overlayLayer.batchDraw();
  }

  private async dropFigure(figureId: string, cancelled: boolean, facing: number | undefined): Promise<void> {
    const { host } = this;
    const node = host.tokens.node(figureId);
    const figure = host.tokens.find(figureId);
    if (!node) return;
    const target = pixelToHex(host.layout, node.position());
    node.moveTo(host.tokens.layer);
    host.dragLayer.batchDraw();
    if (!figure) return;
    const home = hexToPixel(host.layout, figure.position);
    const turned = facing !== undefined && facing !== figure.facing ? facing : undefined;
    const snapBack = () => {
      if (facing !== undefined) host.tokens.showFacing(figureId, null, host.layout);
      node.to({ x: home.x, y: home.y, duration: 0.15 });
    };
    if (cancelled || hexKey(target) === hexKey(figure.position) || !isOnMap(host.terrain, target)) {
      snapBack();
      return;
    }
    node.position(hexToPixel(host.layout, target));
    host.tokens.layer.batchDraw();
    const refusal = (await host.options.onMoveRequest?.(figureId, target, turned)) ?? null;
    if (refusal) {
      const now = host.tokens.find(figureId);
      if (now) {
        if (facing !== undefined) host.tokens.showFacing(figureId, null, host.layout);
        const back = hexToPixel(host.layout, now.position);
        node.to({ x: back.x, y: back.y, duration: 0.15 });
      }
    }
  }

  private addToStroke(stroke: Map<string, Hex>, from: Hex | null, to: Hex): void {
    const added = extendStroke(new Map(), from, to, this.host.brushRadius);
    for (const [key, h] of added) if (isOnMap(this.host.terrain, h)) stroke.set(key, h);
  }
}

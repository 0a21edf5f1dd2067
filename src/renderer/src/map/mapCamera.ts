import type Konva from './konva';
import type { Frame } from '../../../shared/contract/channels/display';
import { hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import type { WorldRect } from './tiledPainter';
import { HEX_SIZE } from './mapModel';
import type { Camera, Viewport } from './projection';
import { sameCamera, type CameraState } from './layerDrift';

/** Chooses the camera from the container's size and the whole map's frame; null = fit the map. */
export type CameraPolicy = (viewport: Viewport, wholeMap: Frame) => Camera | null;

const MIN_SCALE = 0.04;
const MAX_SCALE = 4;

/** A world rectangle as a frame in world units (1 = a hex's size). */
export function frameOf(r: WorldRect): Frame {
  const s = HEX_SIZE;
  return { x: (r.x0 + r.x1) / 2 / s, y: (r.y0 + r.y1) / 2 / s, width: (r.x1 - r.x0) / s, height: (r.y1 - r.y0) / s };
}

/**
 * The live camera (pan and zoom) and the conversions between screen, world and hex. The stage
 * stays unscaled: each layer takes the live camera as its own transform just before it draws
 * (`toLayer`, see cameraLayers.ts), since moving a node's transform walks every node under it and
 * the figures' layer has thousands. `moved` runs after every change of the camera.
 */
export class MapCamera {
  /** While true the camera is the automatic fit (or the policy's), re-applied on resize. */
  auto = true;
  private policy: CameraPolicy | null = null;
  private live: CameraState = { scale: 1, x: 0, y: 0 };

  constructor(
    private readonly stage: Konva.Stage,
    private readonly layout: () => HexLayout,
    private readonly wholeMap: () => WorldRect,
    private readonly moved: () => void,
  ) {}

  get scale(): number {
    return this.live.scale;
  }

  /** The live camera (screen = world × scale + position). */
  get state(): CameraState {
    return this.live;
  }

  get position(): Point {
    return { x: this.live.x, y: this.live.y };
  }

  /** Gives a layer the live camera as its transform; true when it had another. */
  toLayer(layer: Konva.Layer): boolean {
    if (sameCamera({ scale: layer.scaleX(), x: layer.x(), y: layer.y() }, this.live)) return false;
    layer.setAttrs({ scaleX: this.live.scale, scaleY: this.live.scale, x: this.live.x, y: this.live.y });
    return true;
  }

  /** The map's world-space rectangle that is on screen. */
  viewRect(): WorldRect {
    const a = this.worldPoint({ x: 0, y: 0 });
    const b = this.worldPoint({ x: this.stage.width(), y: this.stage.height() });
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }

  worldPoint(screen: Point): Point {
    const { scale, x, y } = this.live;
    return { x: (screen.x - x) / scale, y: (screen.y - y) / scale };
  }

  hexToScreen(hex: Hex): Point {
    const p = hexToPixel(this.layout(), hex);
    const { scale, x, y } = this.live;
    return { x: p.x * scale + x, y: p.y * scale + y };
  }

  screenToHex(point: Point): Hex {
    return pixelToHex(this.layout(), this.worldPoint(point));
  }

  /** Places the camera; the camera is then the given one until someone pans or zooms. */
  set(camera: Camera): void {
    const scale = Math.max(MIN_SCALE / 4, Math.min(MAX_SCALE * 4, camera.pxPerUnit / HEX_SIZE));
    this.place(scale, {
      x: this.stage.width() / 2 - camera.centre.x * HEX_SIZE * scale,
      y: this.stage.height() / 2 - camera.centre.y * HEX_SIZE * scale,
    });
    this.auto = false;
    this.moved();
  }

  setPolicy(policy: CameraPolicy | null): void {
    this.policy = policy;
    this.auto = true;
    this.applyAuto();
  }

  /** Keeps the camera where it is, no longer automatic: a change to the map does not move it. */
  hold(): void {
    this.auto = false;
  }

  /** The policy's camera, or the whole map framed; it stays automatic. */
  applyAuto(): void {
    const viewport = { width: this.stage.width(), height: this.stage.height() };
    const camera = this.policy?.(viewport, frameOf(this.wholeMap())) ?? null;
    if (camera) this.set(camera);
    else this.fit();
    this.auto = true;
  }

  /** The scale that frames the whole map in the container; 0 while the container has no size. */
  get fitScale(): number {
    const bounds = this.wholeMap();
    const w = this.stage.width();
    const h = this.stage.height();
    return w < 2 || h < 2 ? 0 : Math.min(w / (bounds.x1 - bounds.x0), h / (bounds.y1 - bounds.y0));
  }

  /** Frames the whole map in the container. */
  fit(): void {
    const scale = this.fitScale;
    if (scale === 0) return;
    const bounds = this.wholeMap();
    const w = this.stage.width();
    const h = this.stage.height();
    this.place(scale, {
      x: (w - (bounds.x1 - bounds.x0) * scale) / 2 - bounds.x0 * scale,
      y: (h - (bounds.y1 - bounds.y0) * scale) / 2 - bounds.y0 * scale,
    });
    this.auto = true;
    this.moved();
  }

  /** Zooms by `factor` keeping the world point under `anchor` (a screen point) still. */
  zoomAt(anchor: Point, factor: number): void {
    const old = this.live.scale;
    const next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, old * factor));
    const world = this.worldPoint(anchor);
    this.place(next, { x: anchor.x - world.x * next, y: anchor.y - world.y * next });
    this.auto = false;
    this.moved();
  }

  /** Puts the stage at a screen position (a pan gesture from where it started). */
  panTo(position: Point): void {
    this.place(this.live.scale, position);
    this.auto = false;
    this.moved();
  }

  panBy(dx: number, dy: number): void {
    this.panTo({ x: this.live.x + dx, y: this.live.y + dy });
  }

  private place(scale: number, position: Point): void {
    this.live = { scale, x: position.x, y: position.y };
  }

  /** The container changed size: the automatic camera re-applies, a chosen one keeps its centre and scale. */
  resize(width: number, height: number): void {
    if (width === this.stage.width() && height === this.stage.height()) return;
    const before = frameOf(this.viewRect());
    this.stage.size({ width: Math.max(1, width), height: Math.max(1, height) });
    if (this.auto) this.applyAuto();
    else this.set({ centre: { x: before.x, y: before.y }, pxPerUnit: this.live.scale * HEX_SIZE });
  }
}

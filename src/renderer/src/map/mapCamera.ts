import type Konva from 'konva';
import type { Frame } from '../../../shared/channels/display';
import { hexToPixel, pixelToHex, type Hex, type HexLayout, type Point } from '../../../shared/hex';
import type { WorldRect } from './cachedPainter';
import { HEX_SIZE } from './mapModel';
import type { Camera, Viewport } from './projection';

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
 * Pan and zoom move the Konva stage; this is the one place that moves it and converts between
 * screen, world and hex. `moved` runs after every change of the camera.
 */
export class MapCamera {
  /** While true the camera is the automatic fit (or the policy's), re-applied on resize. */
  auto = true;
  private policy: CameraPolicy | null = null;

  constructor(
    private readonly stage: Konva.Stage,
    private readonly layout: () => HexLayout,
    private readonly wholeMap: () => WorldRect,
    private readonly moved: () => void,
  ) {}

  get scale(): number {
    return this.stage.scaleX();
  }

  /** The map's world-space rectangle that is on screen. */
  viewRect(): WorldRect {
    const inverse = this.stage.getAbsoluteTransform().copy().invert();
    const a = inverse.point({ x: 0, y: 0 });
    const b = inverse.point({ x: this.stage.width(), y: this.stage.height() });
    return { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }

  worldPoint(screen: Point): Point {
    return this.stage.getAbsoluteTransform().copy().invert().point(screen);
  }

  hexToScreen(hex: Hex): Point {
    return this.stage.getAbsoluteTransform().point(hexToPixel(this.layout(), hex));
  }

  screenToHex(point: Point): Hex {
    return pixelToHex(this.layout(), this.worldPoint(point));
  }

  /** Places the camera; the camera is then the given one until someone pans or zooms. */
  set(camera: Camera): void {
    const scale = Math.max(MIN_SCALE / 4, Math.min(MAX_SCALE * 4, camera.pxPerUnit / HEX_SIZE));
    this.stage.scale({ x: scale, y: scale });
    this.stage.position({
      x: this.stage.width() / 2 - camera.centre.x * HEX_SIZE * scale,
      y: this.stage.height() / 2 - camera.centre.y * HEX_SIZE * scale,
    });
    this.moved();
  }

  setPolicy(policy: CameraPolicy | null): void {
    this.policy = policy;
    this.auto = true;
    this.applyAuto();
  }

  /** The policy's camera, or the whole map framed; it stays automatic. */
  applyAuto(): void {
    const viewport = { width: this.stage.width(), height: this.stage.height() };
    const camera = this.policy?.(viewport, frameOf(this.wholeMap())) ?? null;
    if (camera) this.set(camera);
    else this.fit();
    this.auto = true;
  }

  /** Frames the whole map in the container. */
  fit(): void {
    const bounds = this.wholeMap();
    const w = this.stage.width();
    const h = this.stage.height();
    if (w < 2 || h < 2) return;
    const scale = Math.min(w / (bounds.x1 - bounds.x0), h / (bounds.y1 - bounds.y0));
    this.stage.scale({ x: scale, y: scale });
    this.stage.position({
      x: (w - (bounds.x1 - bounds.x0) * scale) / 2 - bounds.x0 * scale,
      y: (h - (bounds.y1 - bounds.y0) * scale) / 2 - bounds.y0 * scale,
    });
    this.auto = true;
    this.moved();
  }

  /** Zooms by `factor` keeping the world point under `anchor` (a screen point) still. */
  zoomAt(anchor: Point, factor: number): void {
    const old = this.stage.scaleX();
    const next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, old * factor));
    const world = { x: (anchor.x - this.stage.x()) / old, y: (anchor.y - this.stage.y()) / old };
    this.stage.scale({ x: next, y: next });
    this.stage.position({ x: anchor.x - world.x * next, y: anchor.y - world.y * next });
    this.auto = false;
    this.moved();
  }

  /** Puts the stage at a screen position (a pan gesture from where it started). */
  panTo(position: Point): void {
    this.stage.position(position);
    this.auto = false;
    this.moved();
  }

  panBy(dx: number, dy: number): void {
    this.panTo({ x: this.stage.x() + dx, y: this.stage.y() + dy });
  }

  /** The container changed size: the automatic camera re-applies, a chosen one keeps its centre and scale. */
  resize(width: number, height: number): void {
    if (width === this.stage.width() && height === this.stage.height()) return;
    const before = frameOf(this.viewRect());
    this.stage.size({ width: Math.max(1, width), height: Math.max(1, height) });
    if (this.auto) this.applyAuto();
    else this.set({ centre: { x: before.x, y: before.y }, pxPerUnit: this.stage.scaleX() * HEX_SIZE });
  }
}

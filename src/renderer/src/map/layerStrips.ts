import type Konva from './konva';

/**
 * Draws a layer's whole content again into a 2D context set up as its last draw left it (device
 * pixels, no transform): false when it cannot now, and the layer is to be drawn whole instead.
 * `patching`: part of the content changed since (a few hexes' fog): it is brought up to date as
 * a whole draw would, not refused.
 */
export type Redraw = (ctx: CanvasRenderingContext2D, patching?: boolean) => boolean;

/** A rectangle of a canvas's device pixels. */
export interface DeviceBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The shapes that can draw themselves again over part of their layer's canvas. */
const redraws = new WeakMap<Konva.Shape, Redraw>();

export function setRedraw(shape: Konva.Shape, redraw: Redraw): void {
  redraws.set(shape, redraw);
}

/** How a layer whose only child is such a shape redraws itself over part of its canvas; null for any other layer. */
export function layerRedraw(layer: Konva.Layer): Redraw | null {
  const children = layer.getChildren();
  return children.length === 1 ? (redraws.get(children[0] as Konva.Shape) ?? null) : null;
}

/** The console's choice: the map's filtered redraw at rest is spread over this many frames. */
export const STRIPS = 4;

/**
 * Draws a layer again strip by strip, one strip a call, over the pixels of its last draw at the
 * same camera (in software the commit of a filtered full-HD map costs ~12–55 ms of one
 * frame; a quarter of it, a quarter of that). Each strip is whole rows of device pixels, cleared
 * and drawn with the transform of a whole draw, so the pixels end as a whole draw leaves them.
 */
export class StripRedraw {
  private next = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly redraw: Redraw,
    private readonly strips = STRIPS,
  ) {}

  /** The layer was drawn whole: its next strip is the first. */
  reset(): void {
    this.next = 0;
  }

  /**
   * Draws the layer again over `boxes` alone, cleared and drawn with the transform of a whole draw,
   * where some of its content changed: false when it could not (the layer is then drawn whole).
   */
  patch(boxes: readonly DeviceBox[]): boolean {
    const ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.save();
    try {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      for (const b of boxes) ctx.rect(b.x, b.y, b.width, b.height);
      ctx.clip();
      for (const b of boxes) ctx.clearRect(b.x, b.y, b.width, b.height);
      return this.redraw(ctx, true);
    } finally {
      ctx.restore();
    }
  }

  /** Draws the next strip: true once the last is drawn, null when it cannot (the layer is then drawn whole). */
  step(): boolean | null {
    const ctx = this.canvas.getContext('2d') as CanvasRenderingContext2D;
    const { width, height } = this.canvas;
    const y0 = Math.floor((height * this.next) / this.strips);
    const y1 = Math.floor((height * (this.next + 1)) / this.strips);
    ctx.save();
    let drawn: boolean;
    try {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.rect(0, y0, width, y1 - y0);
      ctx.clip();
      ctx.clearRect(0, y0, width, y1 - y0);
      drawn = this.redraw(ctx);
    } finally {
      ctx.restore();
    }
    if (!drawn) {
      this.next = 0;
      return null;
    }
    this.next++;
    if (this.next < this.strips) return false;
    this.next = 0;
    return true;
  }
}

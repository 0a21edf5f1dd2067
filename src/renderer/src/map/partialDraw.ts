import type Konva from './konva';
import { SceneCanvas } from 'konva/lib/Canvas';
import { whenIdle } from '../idle';

type Box = { x: number; y: number; width: number; height: number };

/** More changed boxes than this in one frame: the whole layer is drawn again instead. */
const MAX_BOXES = 24;
/**
 * Edges reach past a node's box (`getClientRect` counts half a stroke, not antialiasing nor a
 * sharp corner's miter, up to 5 stroke widths at the facing notch's tip): screen pixels, plus
 * this many per unit of the layer's scale.
 */
const PAD = 2;
const PAD_PER_SCALE = 6;

const overlaps = (a: Box, b: Box) => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

/**
 * Draws again only what changed on a layer of many nodes (a turned figure redraws
 * its token, not the other 999). The boxes a push changed (each changed node's box before and
 * after) are drawn again: the layer's nodes that overlap them, in the layer's order; the rest of
 * the canvas stays as drawn. A full draw of the layer asked for meanwhile (a pan, a zoom, a
 * resize) does the whole instead. Boxes are in the stage container's pixels (`getClientRect`).
 */
export class PartialDraw {
  private boxes: Box[] = [];
  private wholeLayer = false;

  /**
   * @param reach how far (screen pixels) any of the layer's nodes reaches from its origin: a node
   * whose origin is farther than that from every box is not measured.
   */
  constructor(
    private readonly layer: Konva.Layer,
    private readonly reach: () => number,
  ) {}

  /** Marks a node's current box as changed: call before and after changing it. */
  node(node: Konva.Node): void {
    if (this.wholeLayer || !node.isVisible() || node.getLayer() !== this.layer) return;
    if (this.boxes.length >= MAX_BOXES) return this.all();
    const b = node.getClientRect();
    const pad = PAD + PAD_PER_SCALE * this.layer.getAbsoluteScale().x;
    if (b.width > 0 && b.height > 0)
      this.boxes.push({
        x: Math.floor(b.x - pad),
        y: Math.floor(b.y - pad),
        width: Math.ceil(b.width + 2 * pad + 1),
        height: Math.ceil(b.height + 2 * pad + 1),
      });
  }

  /** Something the boxes cannot describe changed: the whole layer is drawn on the next frame. */
  all(): void {
    this.wholeLayer = true;
    this.boxes = [];
  }

  /**
   * Draws what was marked now, in the task that changed it (a push from main), so the canvas holds
   * the new pixels before the next frame starts; a whole layer is drawn on the next frame (Konva's).
   */
  flush(): void {
    if (this.wholeLayer) {
      this.wholeLayer = false;
      this.layer.batchDraw();
      this.warmScratch();
      return;
    }
    this.draw();
  }

  private warming = false;

  /**
   * Sizes the scratch canvas to the layer's while the page is idle: allocating a screen-sized
   * canvas costs tens of ms, which the first partial draw after a load or a resize would pay.
   */
  private warmScratch(): void {
    if (this.warming) return;
    this.warming = true;
    whenIdle(
      () => {
        this.warming = false;
        const canvas = this.layer.getCanvas();
        this.scratchLike(canvas.getWidth(), canvas.getHeight(), canvas.getPixelRatio());
      },
      2000,
      200,
    );
  }

  private scratch: SceneCanvas | null = null;

  /** The scratch canvas, as large as the layer's (device pixels). */
  private scratchLike(width: number, height: number, ratio: number): SceneCanvas {
    const s = this.scratch ?? new SceneCanvas({ width: 1, height: 1, pixelRatio: ratio });
    if (s.getWidth() !== width || s.getHeight() !== height || s.getPixelRatio() !== ratio) {
      s.setPixelRatio(ratio);
      // Konva floors size × ratio to whole pixels; at a fractional ratio width / ratio × ratio can
      // fall a hair under `width` and lose a pixel, so the scratch would be sized again every draw.
      s.setSize((width + 0.5) / ratio, (height + 0.5) / ratio);
    }
    this.scratch = s;
    return s;
  }

  private draw(): void {
    const boxes = this.boxes;
    this.boxes = [];
    // A full draw is already on its way (Konva's own frame): it draws these boxes too.
    if ((this.layer as unknown as { _waitingForDraw: boolean })._waitingForDraw || boxes.length === 0 || !this.layer.isVisible()) return;
    const canvas = this.layer.getCanvas();
    const ratio = canvas.getPixelRatio();
    const m = this.reach();
    const pad = PAD + PAD_PER_SCALE * this.layer.getAbsoluteScale().x;
    // The boxes are drawn on a scratch canvas the layer's size, with the very transforms of a full
    // draw and no clip, then copied pixel for pixel over the layer's: every pixel is what a full
    // draw gives (a clip, or drawing at an offset, would antialias edges a little differently).
    const scratch = this.scratchLike(canvas.getWidth(), canvas.getHeight(), ratio);
    const device = boxes
      .map((b) => {
        const x = Math.max(0, Math.floor(b.x * ratio));
        const y = Math.max(0, Math.floor(b.y * ratio));
        return {
          x,
          y,
          width: Math.min(canvas.getWidth(), Math.ceil((b.x + b.width) * ratio)) - x,
          height: Math.min(canvas.getHeight(), Math.ceil((b.y + b.height) * ratio)) - y,
        };
      })
      .filter((d) => d.width > 0 && d.height > 0);
    const scratchContext = scratch.getContext()._context;
    scratchContext.save();
    scratchContext.setTransform(1, 0, 0, 1, 0, 0);
    for (const d of device) scratchContext.clearRect(d.x, d.y, d.width, d.height);
    scratchContext.restore();
    // The layer's children sit right under it: their screen origin is the layer's transform of
    // their position, found without a transform per node (a thousand tokens are scanned per push).
    const toScreen = this.layer.getAbsoluteTransform();
    for (const node of this.layer.getChildren()) {
      if (!node.visible()) continue;
      const at = toScreen.point({ x: node.x(), y: node.y() });
      if (!boxes.some((b) => at.x >= b.x - m && at.x <= b.x + b.width + m && at.y >= b.y - m && at.y <= b.y + b.height + m)) continue;
      const r = node.getClientRect();
      const reached = { x: r.x - pad, y: r.y - pad, width: r.width + 2 * pad, height: r.height + 2 * pad };
      if (boxes.some((b) => overlaps(b, reached))) node.drawScene(scratch);
    }
    const target = canvas.getContext()._context;
    target.save();
    target.setTransform(1, 0, 0, 1, 0, 0);
    for (const d of device) {
      target.clearRect(d.x, d.y, d.width, d.height);
      target.drawImage(scratch._canvas, d.x, d.y, d.width, d.height, d.x, d.y, d.width, d.height);
    }
    target.restore();
    // Whoever waits for the layer's draw (the bench, the tests) learns it was drawn.
    this.layer.fire('draw', { node: this.layer });
  }
}

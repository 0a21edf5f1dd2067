import { Group, type GroupConfig } from 'konva/lib/Group';
import { SceneCanvas } from 'konva/lib/Canvas';
import type { Node } from 'konva/lib/Node';
import type { Layer } from 'konva/lib/Layer';

/**
 * Texture sizes per doubling of the screen scale: a bitmap is drawn at most twice as large as it
 * shows, so a zoom reuses it over an octave, as the token art's textures (the console's choice).
 */
const STEPS_PER_DOUBLING = 1;
/**
 * Bitmaps a token keeps, one per texture size and level of detail: a zoom in and back out finds
 * its sizes (and its name's showing or not) again.
 */
const KEEP_PER_TOKEN = 4;
/**
 * World units around the box Konva reports: it counts half a stroke, but not antialiasing nor a
 * sharp corner's miter (up to 5 stroke widths at the facing notch's tip, see partialDraw.ts).
 */
const PAD = 6;
/** The console's choice: no token bitmap wider or taller than this (device pixels), however far the zoom. */
const MAX_SIDE = 1024;
/** Canvases of dropped bitmaps kept for the next ones: a new canvas costs several times a reused one. */
const POOL_LIMIT = 512;
/** The console's choice: time a frame may spend painting bitmaps for a new zoom, so no task runs long. */
const REPAINT_BUDGET_MS = 4;
/** The console's choice: time one draw of a layer may spend painting missing bitmaps before the rest wait for later frames. */
const DRAW_PAINT_BUDGET_MS = 10;

interface Bitmap {
  readonly level: number;
  /** The level of detail it shows (`TokenGroup.detail`). */
  readonly detail: string;
  readonly canvas: SceneCanvas;
  /** The bitmap's box in the token's own units. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const pool: SceneCanvas[] = [];

function canvasOf(width: number, height: number, ratio: number): SceneCanvas {
  const canvas = pool.pop() ?? new SceneCanvas({ width: 1, height: 1, pixelRatio: ratio });
  if (canvas.pixelRatio === ratio && canvas._logicalWidth === width && canvas._logicalHeight === height) canvas.getContext().clear();
  else {
    canvas.pixelRatio = ratio;
    canvas.setSize(width, height);
  }
  return canvas;
}

function release(canvas: SceneCanvas): void {
  if (pool.length < POOL_LIMIT) pool.push(canvas);
}

/** The layer event (Konva's, namespaced) that tells the repaints a layer drew what they painted. */
const SHOWN = 'draw.tokenRepaints';

/** How many token bitmaps were painted from their parts (a pan, or a zoom within one texture size, paints none). */
export const tokenBitmapStats = { builds: 0 };

/**
 * Tokens drawn from a bitmap of another texture size (or level of detail) than they need: they
 * are painted anew a budget at a time, one frame after another, and their layers drawn once done.
 */
class Repaints {
  private readonly queue = new Set<TokenGroup>();
  /** The layers of the tokens painted so far: each is drawn once, when the queue is empty. */
  private readonly layers = new Set<Layer>();
  /** Layers asked to draw the tokens painted, until they have: till then their canvas shows stand-ins. */
  private readonly unshown = new Set<Layer>();
  private tick = 0;

  get pending(): boolean {
    // A layer taken off its stage (a map closed) draws no more and keeps no page from settling.
    for (const layer of this.unshown) if (!layer.getStage()) this.unshown.delete(layer);
    return this.queue.size > 0 || this.unshown.size > 0;
  }

  add(group: TokenGroup): void {
    this.queue.add(group);
    if (!this.tick) this.tick = requestAnimationFrame(() => this.run());
  }

  private run(): void {
    this.tick = 0;
    const start = performance.now();
    for (const group of this.queue) {
      if (performance.now() - start >= REPAINT_BUDGET_MS) break;
      this.queue.delete(group);
      const layer = group.getLayer();
      if (layer && group.repaint()) this.layers.add(layer);
    }
    if (this.queue.size > 0) {
      this.tick = requestAnimationFrame(() => this.run());
      return;
    }
    for (const layer of this.layers) this.show(layer);
    this.layers.clear();
  }

  /** Draws `layer` on the next frame; pending until a whole draw of it has run. */
  private show(layer: Layer): void {
    layer.batchDraw();
    if (this.unshown.has(layer)) return;
    this.unshown.add(layer);
    // A partial draw (partialDraw.ts) waits for a whole one asked for, so this is a whole draw.
    layer.on(SHOWN, () => {
      layer.off(SHOWN);
      this.unshown.delete(layer);
    });
  }
}
const repaints = new Repaints();

/** True while some token shows a bitmap it is to be painted again at, or its layer has yet to draw the new one (battleMap's `settled`). */
export const tokenRepaintsPending = (): boolean => repaints.pending;

/** Whether the current draw is one mid-gesture (and drew a stand-in), and until when paints may run in this task. */
const drawing = { draft: false, stoodIn: false, until: -Infinity };

/** True while this task may still paint a bitmap; a task that starts painting gets a budget. */
function mayPaint(): boolean {
  const now = performance.now();
  // A draw outside `drawTokens` (a push, a resize): its budget starts with its first paint.
  if (now > drawing.until + 50) drawing.until = now + DRAW_PAINT_BUDGET_MS;
  return now <= drawing.until;
}

/**
 * Runs a layer's draw. Mid-gesture (`draft`) a token missing the bitmap of this zoom draws the
 * nearest it has and paints none; true when one did, and the layer is to be drawn again once the
 * camera rests. Any other draw paints what is missing for a budget of time, and the rest in the
 * next frames, a budget at a time.
 */
export function drawTokens(draft: boolean, draw: () => void): boolean {
  drawing.draft = draft;
  drawing.stoodIn = false;
  drawing.until = performance.now() + DRAW_PAINT_BUDGET_MS;
  try {
    draw();
    return drawing.stoodIn;
  } finally {
    drawing.draft = false;
  }
}

/**
 * A figure token drawn as one picture: its parts (disc, ring, art, notch, labels) are
 * painted once into a bitmap at the texture size the screen scale needs, and every draw of the
 * layer (a pan, a zoom within a texture size, another token's change) draws that bitmap. The parts
 * stay the group's children, so what a token shows can still be read from them; whoever changes
 * them calls `invalidate`. Position and opacity are the group's own and need no new bitmap.
 */
export class TokenGroup extends Group {
  /**
   * @param fitParts readies the parts whose pixels depend on the bitmap's resolution (the token
   * art's texture) for a bitmap of `pixelsPerUnit` device pixels per unit, just before it is painted:
   * so a bitmap of one texture level shows the same pixels whenever it is painted, whatever zoom the
   * page passed through before.
   */
  constructor(
    config: GroupConfig,
    private readonly fitParts: (pixelsPerUnit: number) => void = () => undefined,
  ) {
    super(config);
  }

  private bitmaps: Bitmap[] = [];
  /**
   * Which of its parts the zoom's level of detail shows: bitmaps are kept per level of detail, and
   * one of another stands in only until this one's is painted.
   */
  private detail = '';

  /**
   * Drawn from its own bitmap, as a group Konva caches is, and so treated as one: a camera change
   * (its layer moved) leaves its parts' transform caches alone, where it cleared every part of
   * every token (~3 ms a figure-layer draw with 250 tokens), and a part's absolute transform is
   * worked out when asked instead of read from a cache (Konva's Container and Node, 10.x).
   */
  override isCached(): boolean {
    return true;
  }

  /** The parts changed: every bitmap is painted again when next drawn. */
  invalidate(): void {
    for (const b of this.bitmaps) release(b.canvas);
    this.bitmaps = [];
  }

  /** The zoom's level of detail showed or hid parts; `detail` names which are shown. */
  setDetail(detail: string): void {
    this.detail = detail;
  }

  private fresh(b: Bitmap, level: number): boolean {
    return b.level === level && b.detail === this.detail;
  }

  /**
   * Paints the bitmap this token's current scale needs, if it is still missing; true when painted
   * and its layer is to be drawn again. A token out of view paints one only if it has none at all.
   */
  repaint(): boolean {
    const level = this.level();
    if (level === null || this.bitmaps.some((b) => this.fresh(b, level))) return false;
    if (this.isVisible()) return this.paintAt(level) !== null;
    if (this.bitmaps.length === 0) this.paintAt(level);
    return false;
  }

  /**
   * Out of view with no bitmap yet (culled since the page loaded): one is painted in the next
   * frames, a budget at a time, so a camera jump that brings many such tokens into view (the
   * player page following the GM from a close framing to the whole map) draws them from a
   * stand-in mid-gesture instead of painting them all in one frame (~50 ms on the bench map).
   */
  standInLater(): void {
    if (this.bitmaps.length === 0) repaints.add(this);
  }

  /** The texture level the token's screen scale needs, on `canvas` (its layer's by default). */
  private level(canvas = this.getLayer()?.getCanvas(), m = this.getAbsoluteTransform().getMatrix()): number | null {
    const ratio = Math.hypot(m[0]!, m[1]!) * (canvas?.getPixelRatio() ?? 0);
    return ratio > 0 ? Math.ceil(Math.log2(ratio) * STEPS_PER_DOUBLING - 1e-9) : null;
  }

  override destroy(): this {
    this.invalidate();
    return super.destroy();
  }

  override drawScene(can?: SceneCanvas, top?: Node): this {
    // Painting into a bitmap, or an export of a part of the stage: the parts themselves.
    if (top) return super.drawScene(can, top);
    if (!this.isVisible()) return this;
    const canvas = can ?? this.getLayer()?.getCanvas();
    if (!canvas) return this;
    const m = this.getAbsoluteTransform().getMatrix();
    const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
    const level = this.level(canvas, m);
    if (level === null) return this;
    const bitmap = this.bitmapAt(level);
    if (!bitmap) return this;
    const context = canvas.getContext();
    context.save();
    context.transform(a, b, c, d, e, f);
    context._applyOpacity(this);
    context.drawImage(bitmap.canvas._canvas, bitmap.x, bitmap.y, bitmap.width, bitmap.height);
    context.restore();
    return this;
  }

  /**
   * The bitmap at `level`, painted now if missing; mid-gesture or past the draw's budget, the
   * nearest other instead (a fresh one before one of an old level of detail), with `level`
   * painted once the camera rests or in a later frame. A token with no bitmap at all paints one now.
   */
  private bitmapAt(level: number): Bitmap | null {
    const i = this.bitmaps.findIndex((b) => this.fresh(b, level));
    if (i >= 0) {
      const hit = this.bitmaps[i]!;
      if (i > 0) {
        this.bitmaps.splice(i, 1);
        this.bitmaps.unshift(hit);
      }
      return hit;
    }
    const rank = (b: Bitmap) => Math.abs(b.level - level) + (b.detail === this.detail ? 0 : 1000);
    const near = this.bitmaps.reduce<Bitmap | null>((best, b) => (!best || rank(b) < rank(best) ? b : best), null);
    if (near && drawing.draft) {
      drawing.stoodIn = true;
      return near;
    }
    if (near && !mayPaint()) {
      repaints.add(this);
      return near;
    }
    return this.paintAt(level) ?? near;
  }

  private paintAt(level: number): Bitmap | null {
    const made = this.paint(level);
    if (!made) return null;
    const replaced = this.bitmaps.filter((b) => this.fresh(b, level));
    for (const b of replaced) release(b.canvas);
    this.bitmaps = [made, ...this.bitmaps.filter((b) => !replaced.includes(b))];
    // The least recently drawn go first.
    while (this.bitmaps.length > KEEP_PER_TOKEN) release(this.bitmaps.pop()!.canvas);
    return made;
  }

  /** Paints the parts into a bitmap of `2^(level / STEPS)` device pixels per unit; null when nothing shows. */
  private paint(level: number): Bitmap | null {
    this._isUnderCache = true;
    let box: { x: number; y: number; width: number; height: number };
    try {
      box = this.getClientRect({ skipTransform: true });
    } finally {
      this._isUnderCache = false;
    }
    if (!(box.width > 0 && box.height > 0) || !Number.isFinite(box.x + box.y + box.width + box.height)) return null;
    const x = Math.floor(box.x - PAD);
    const y = Math.floor(box.y - PAD);
    const width = Math.ceil(box.x + box.width + PAD) - x;
    const height = Math.ceil(box.y + box.height + PAD) - y;
    const ratio = Math.min(2 ** (level / STEPS_PER_DOUBLING), MAX_SIDE / Math.max(width, height));
    this.fitParts(ratio);
    const canvas = canvasOf(width, height, ratio);
    const context = canvas.getContext();
    context.save();
    context.translate(-x, -y);
    // As Konva's own cache: the parts draw without the group's opacity, which its draw applies.
    this._isUnderCache = true;
    this._clearSelfAndDescendantCache('absoluteOpacity');
    try {
      super.drawScene(canvas, this);
    } finally {
      this._isUnderCache = false;
      this._clearSelfAndDescendantCache('absoluteOpacity');
      context.restore();
    }
    tokenBitmapStats.builds++;
    return { level, detail: this.detail, canvas, x, y, width: canvas.width / ratio, height: canvas.height / ratio };
  }
}

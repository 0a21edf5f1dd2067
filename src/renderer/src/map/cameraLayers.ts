import { watchInk, type CanvasInk } from './canvasInk';
import Konva from './konva';
import { cssTransform, drift, DRIFT_LIMITS, planRedraw, sameCamera, settleTime, type CameraState } from './layerDrift';
import type { MapCamera } from './mapCamera';
import { draftTiles } from './tiledPainter';
import { drawTokens } from './tokenBitmap';
import { layerRedraw, StripRedraw, type DeviceBox } from './layerStrips';
import type { WorldRect } from './tileGrid';

interface Tracked {
  readonly layer: Konva.Layer;
  readonly slack: number;
  readonly canvas: HTMLCanvasElement;
  readonly pixelRatio: number;
  /** Watches what its draws paint, on a layer that may be hidden while blank; null on the others. */
  readonly ink: CanvasInk | null;
  /** Its last draw painted nothing, and its canvas is hidden until it paints again. */
  blank: boolean;
  /** The camera its pixels were drawn at. */
  drawn: CameraState;
  /** Its last draw, mid-gesture, left rough pixels: tokens with stand-in bitmaps (tokenBitmap.ts), map tiles unfiltered (tiledPainter.ts). */
  rough: boolean;
  css: string;
  /**
   * Its content is not complete (map tiles still to paint): the work that completes it between
   * draws (true when done), then 'draw' for the one draw that shows it; null when complete.
   */
  wanted: (() => boolean) | 'draw' | null;
  /** Draws it again filtered strip by strip once the camera rests (a layer of one tiled shape, the map); null on the others. */
  readonly strips: StripRedraw | null;
}

/** The console's choice: figures, the costliest layer to draw, may drift 2.5× as far as the map mid-gesture. */
export const FIGURES_SLACK = 2.5;

/** What the map does when its layers take a new camera. */
export interface CameraLayersHooks {
  /** A layer is about to draw at a new live camera: cull, level of detail, label sizes (auto-draw off). */
  readonly synced: () => void;
}

/**
 * Pan and zoom without redrawing. A camera change moves and scales every layer's
 * canvas as it is drawn, with a CSS transform the compositor applies; the layers are drawn again
 * at the live camera one a frame, when the gesture pauses or a layer's pixels drift too far
 * (layerDrift.ts). Whenever a layer draws, for whatever reason, it first takes the live camera,
 * so what each canvas shows is always its own camera's picture, placed where the live camera
 * puts it.
 */
export class CameraLayers {
  private readonly tracked: Tracked[];
  private lastMove = -Infinity;
  /** The typical time between two moves of the camera within a gesture (a moving average, ms). */
  private moveGap = 0;
  private tick = 0;
  private synced: CameraState | null = null;
  /** How many strips were drawn filtered at rest (layerStrips.ts). */
  stripsDrawn = 0;
  /** How many times a layer was drawn again over the parts a push changed alone, in the push's task (`redraw`). */
  patchedInPlace = 0;

  constructor(
    private readonly stage: Konva.Stage,
    private readonly camera: MapCamera,
    layers: readonly { readonly layer: Konva.Layer; readonly slack?: number; readonly hideWhenBlank?: boolean }[],
    private readonly hooks: CameraLayersHooks,
  ) {
    this.tracked = layers.map(({ layer, slack = 1, hideWhenBlank = false }) => {
      const sceneCanvas = layer.getCanvas();
      const canvas = (sceneCanvas as unknown as { _canvas: HTMLCanvasElement })._canvas;
      canvas.style.transformOrigin = '0 0';
      canvas.style.willChange = 'transform';
      const ink = hideWhenBlank ? watchInk(canvas.getContext('2d') as CanvasRenderingContext2D) : null;
      const pixelRatio = sceneCanvas.getPixelRatio();
      const redraw = layerRedraw(layer);
      const strips = redraw && new StripRedraw(canvas, redraw);
      const t: Tracked = { layer, slack, canvas, pixelRatio, ink, blank: false, drawn: camera.state, rough: false, css: '', wanted: null, strips };
      layer.on('beforeDraw', () => {
        t.wanted = null;
        t.strips?.reset();
        // A whole draw; only one planned mid-gesture stands tokens in (`frame` says so once it returns).
        t.rough = false;
        t.ink?.reset();
        this.sync(layer);
      });
      layer.on('draw', () => this.drawn(t));
      return t;
    });
  }

  /** True while a layer still shows pixels of another camera, or asked to be drawn again. */
  get busy(): boolean {
    const live = this.camera.state;
    return this.tracked.some((t) => t.wanted !== null || (!t.blank && (t.rough || !sameCamera(t.drawn, live))));
  }

  /** The live camera changed: every canvas follows it by transform; redraws are planned per frame. */
  moved(): void {
    const now = performance.now();
    const gap = now - this.lastMove;
    // A gap of a second or more starts a new gesture; it says nothing of this one's pace.
    if (gap < 1000) this.moveGap = this.moveGap ? this.moveGap * 0.7 + gap * 0.3 : gap;
    this.lastMove = now;
    const live = this.camera.state;
    for (const t of this.tracked) if (!t.blank) this.place(t, cssTransform(drift(t.drawn, live), t.pixelRatio));
    this.schedule();
  }

  /**
   * A layer's content is incomplete: `fill` completes it a budget at a time in frames that draw
   * nothing else, then the layer is drawn once.
   */
  want(layer: Konva.Layer, fill: () => boolean): void {
    const t = this.tracked.find((x) => x.layer === layer);
    if (!t) return;
    t.wanted = fill;
    this.schedule();
  }

  /**
   * Draws a layer again over `areas` (world rectangles) alone, now, in the task that changed them,
   * so the canvas holds the new pixels before the next frame starts: false when it cannot (drawn
   * at another camera or rough, a whole draw already asked for, a layer that cannot draw part of
   * itself), and the caller asks for a whole draw instead.
   */
  private patch(layer: Konva.Layer, areas: readonly WorldRect[]): boolean {
    const t = this.tracked.find((x) => x.layer === layer);
    const waiting = (layer as unknown as { _waitingForDraw: boolean })._waitingForDraw;
    if (!t?.strips || waiting || t.rough || t.blank || t.wanted !== null || !sameCamera(t.drawn, this.camera.state)) return false;
    const boxes = areas.map((a) => deviceBox(a, t.drawn, t.pixelRatio, t.canvas)).filter((b) => b.width > 0 && b.height > 0);
    // Out of view, a whole draw brings the content up to date (the map's kept whole-map tile among it).
    if (boxes.length === 0 || !t.strips.patch(boxes)) return false;
    this.patchedInPlace++;
    return true;
  }

  /** A layer's content changed, over `areas` alone or (null) all of it: drawn again now where it can be, else on the next frame. */
  redraw(layer: Konva.Layer, areas: readonly WorldRect[] | null): void {
    if (areas === null || !this.patch(layer, areas)) layer.batchDraw();
  }

  destroy(): void {
    if (this.tick) cancelAnimationFrame(this.tick);
    this.tick = 0;
  }

  private schedule(): void {
    if (!this.tick) this.tick = requestAnimationFrame(() => this.frame());
  }

  private frame(): void {
    this.tick = 0;
    const live = this.camera.state;
    const plans = this.tracked.map((t) => ({ drawn: t.drawn, empty: this.empty(t), blank: t.blank, slack: t.slack, rough: t.rough }));
    const viewport = { width: this.stage.width(), height: this.stage.height() };
    const still = performance.now() - this.lastMove;
    const settleMs = settleTime(this.moveGap);
    const i = planRedraw(plans, live, viewport, still, { ...DRIFT_LIMITS, settleMs });
    const incomplete = this.tracked.find((t) => t.wanted);
    const draft = still < settleMs;
    const t = i >= 0 ? this.tracked[i]! : null;
    // At rest, a layer at the live camera still missing content is completed first, then drawn once (below).
    const filling = t !== null && !draft && t.wanted !== null && sameCamera(t.drawn, live);
    if (t && !filling) {
      if (!draft && t.strips && t.rough && sameCamera(t.drawn, live)) this.refine(t, t.strips);
      // At rest a layer drawn in strips is first drawn whole unfiltered at the live camera, then sharpened strip by strip.
      else t.rough = draftTiles(draft || t.strips !== null, () => drawTokens(draft, () => t.layer.draw()));
    } else if (incomplete?.wanted === 'draw') {
      incomplete.rough = draftTiles(draft || incomplete.strips !== null, () => {
        incomplete.layer.draw();
        return false;
      });
    } else if (incomplete?.wanted && incomplete.wanted()) incomplete.wanted = 'draw';
    if (this.busy) this.schedule();
  }

  /** One strip of a rough layer drawn filtered; the whole layer when a strip cannot be. */
  private refine(t: Tracked, strips: StripRedraw): void {
    const done = strips.step();
    if (done !== null) this.stripsDrawn++;
    if (done === null) t.rough = draftTiles(false, () => drawTokens(false, () => t.layer.draw()));
    else if (done) t.rough = false;
  }

  /**
   * Before any layer draws it takes the live camera, and the nodes that depend on the zoom follow
   * it once per camera; with auto-draw off, so no other layer is asked to draw by it.
   */
  private sync(layer: Konva.Layer): void {
    const live = this.camera.state;
    const auto = Konva.autoDrawEnabled;
    Konva.autoDrawEnabled = false;
    try {
      this.camera.toLayer(layer);
      if (!this.synced || !sameCamera(this.synced, live)) {
        this.synced = live;
        this.hooks.synced();
      }
    } finally {
      Konva.autoDrawEnabled = auto;
    }
  }

  private drawn(t: Tracked): void {
    t.drawn = { scale: t.layer.scaleX(), x: t.layer.x(), y: t.layer.y() };
    const blank = t.ink !== null && !t.ink.inked;
    if (blank !== t.blank) {
      t.blank = blank;
      // Hidden, a transparent full-view canvas costs the software compositor nothing each frame.
      t.canvas.style.visibility = blank ? 'hidden' : '';
    }
    this.place(t, cssTransform(drift(t.drawn, this.camera.state), t.pixelRatio));
  }

  private place(t: Tracked, css: string): void {
    if (css === t.css) return;
    t.css = css;
    t.canvas.style.transform = css;
  }

  /** A layer showing nothing needs no redraw for the camera. */
  private empty(t: Tracked): boolean {
    return !t.layer.getChildren().some((c) => c.visible());
  }
}

/** A world rectangle's device pixels on a layer's canvas drawn at `camera`, a pixel of antialiasing around it. */
function deviceBox(area: WorldRect, camera: CameraState, pixelRatio: number, canvas: HTMLCanvasElement): DeviceBox {
  const x0 = Math.max(0, Math.floor((area.x0 * camera.scale + camera.x) * pixelRatio) - 1);
  const y0 = Math.max(0, Math.floor((area.y0 * camera.scale + camera.y) * pixelRatio) - 1);
  const x1 = Math.min(canvas.width, Math.ceil((area.x1 * camera.scale + camera.x) * pixelRatio) + 1);
  const y1 = Math.min(canvas.height, Math.ceil((area.y1 * camera.scale + camera.y) * pixelRatio) + 1);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

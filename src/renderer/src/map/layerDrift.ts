/**
 * Pure arithmetic of a camera that moves faster than the map redraws: each layer's
 * canvas keeps the pixels it drew at its own camera, a CSS transform (compositor only) maps them
 * to the live camera, and a planner picks which layer, if any, is drawn again this frame.
 */

/** A camera as a screen transform: screen = world × scale + (x, y), in CSS pixels. */
export interface CameraState {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/** The similarity taking pixels drawn at `drawn` to where the live camera shows them. */
export interface Drift {
  readonly k: number;
  readonly tx: number;
  readonly ty: number;
}

export function drift(drawn: CameraState, live: CameraState): Drift {
  const k = live.scale / drawn.scale;
  return { k, tx: live.x - drawn.x * k, ty: live.y - drawn.y * k };
}

export function sameCamera(a: CameraState, b: CameraState): boolean {
  return a.scale === b.scale && a.x === b.x && a.y === b.y;
}

/**
 * The CSS transform of a layer's canvas (transform-origin 0 0); '' when it needs none. A pure
 * translation is snapped to whole device pixels (`pixelRatio` per CSS pixel): the software
 * compositor copies such a canvas straight, but filters one moved by a fraction of a pixel, which
 * costs several times as much on every frame of a pan (the console's choice: mid-gesture only,
 * the layer is drawn again at the exact camera once it rests).
 */
export function cssTransform(d: Drift, pixelRatio = 1): string {
  const snap = (v: number): number => Math.round(v * pixelRatio) / pixelRatio;
  const tx = d.k === 1 ? snap(d.tx) : d.tx;
  const ty = d.k === 1 ? snap(d.ty) : d.ty;
  return d.k === 1 && tx === 0 && ty === 0 ? '' : `matrix(${d.k}, 0, 0, ${d.k}, ${tx}, ${ty})`;
}

/** The share (0–1) of a `width` × `height` viewport that the moved pixels no longer cover. */
export function uncoveredShare(d: Drift, width: number, height: number): number {
  const x0 = Math.max(0, d.tx);
  const y0 = Math.max(0, d.ty);
  const x1 = Math.min(width, d.tx + width * d.k);
  const y1 = Math.min(height, d.ty + height * d.k);
  const covered = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return 1 - covered / (width * height);
}

export interface DriftLimits {
  readonly maxScale: number;
  readonly maxUncovered: number;
  readonly settleMs: number;
}

/** The console's choices: when moved pixels are too blurred or leave too much bare. */
export const DRIFT_LIMITS = {
  /** Zoomed further than this from where a layer was drawn, it is drawn again even mid-gesture. */
  maxScale: 1.3,
  /** More than this share of the view left bare, likewise. */
  maxUncovered: 0.06,
  /** The camera still for this long: the gesture is over and every layer is drawn sharp. */
  settleMs: 90,
} as const;

/**
 * How long the camera must be still before the gesture counts as over, given the typical time
 * between its moves (`moveGapMs`, 0 when unknown): a camera that moves in steps further apart
 * than the settle time (the player page, which follows the GM's pushed framings about every
 * 60–80 ms) would otherwise count as resting between steps and draw every layer sharp at each.
 * The console's choice: twice the typical step, never under `settleMs`, never over 300 ms.
 */
export function settleTime(moveGapMs: number, limits: DriftLimits = DRIFT_LIMITS): number {
  return Math.max(limits.settleMs, Math.min(300, 2 * moveGapMs));
}

/** One layer as the planner sees it. */
export interface LayerPlan {
  /** The camera its canvas was drawn at. */
  readonly drawn: CameraState;
  /** Nothing shown on it: mid-gesture it needs no redraw (once still, it is drawn to drop its transform). */
  readonly empty: boolean;
  /**
   * Its last draw put no ink on its canvas, which is hidden from the compositor until it draws
   * again: no redraw for the camera at all, even once still.
   */
  readonly blank?: boolean;
  /** How many times the limits this layer may drift mid-gesture (costly layers wait for the pause); 1 if absent. */
  readonly slack?: number;
  /**
   * Its last draw, mid-gesture, let some of its content stand in with rougher pixels (figure
   * tokens of another texture size, map tiles drawn unfiltered): drawn once more when the camera
   * rests, even at the live camera.
   */
  readonly rough?: boolean;
}

/**
 * Which layer to draw again in this frame, or -1: at most one a frame, so no frame redraws the
 * whole map. Mid-gesture only a non-empty layer whose pixels drifted past the limits is drawn
 * (the worst first); once the camera has been still for `settleMs` every layer not at the live
 * camera, or drawn rough, is drawn, one a frame, in the layers' order (the map first). A blank layer is never drawn
 * for the camera: it shows nothing wherever it is.
 */
export function planRedraw(
  layers: readonly LayerPlan[],
  live: CameraState,
  viewport: { readonly width: number; readonly height: number },
  stillForMs: number,
  limits: DriftLimits = DRIFT_LIMITS,
): number {
  const settled = stillForMs >= limits.settleMs;
  let worst = -1;
  let worstScore = 1;
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i]!;
    if (layer.blank || (sameCamera(layer.drawn, live) && !(settled && layer.rough))) continue;
    if (settled) return i;
    if (layer.empty) continue;
    const d = drift(layer.drawn, live);
    const zoom = Math.max(d.k, 1 / d.k) / limits.maxScale;
    const bare = uncoveredShare(d, viewport.width, viewport.height) / limits.maxUncovered;
    const score = Math.max(zoom, bare) / (layer.slack ?? 1);
    if (score > worstScore) {
      worst = i;
      worstScore = score;
    }
  }
  return worst;
}

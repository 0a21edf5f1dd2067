/** The 2D context calls that put pixels on a canvas (clearing is not ink). */
const INKING = ['fill', 'stroke', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData'] as const;

/** Whether anything was painted on a canvas since the last `reset`. */
export interface CanvasInk {
  readonly inked: boolean;
  reset(): void;
}

/**
 * Watches a canvas's 2D context for painting calls, so a layer whose last draw painted nothing
 * can be hidden from the compositor. The calls are wrapped on this one context
 * only; they still paint exactly as before.
 */
export function watchInk(ctx: CanvasRenderingContext2D): CanvasInk {
  const state = { inked: false };
  const own = ctx as unknown as Record<string, unknown>;
  for (const name of INKING) {
    const paint = ctx[name] as (...args: unknown[]) => unknown;
    own[name] = function (this: unknown, ...args: unknown[]) {
      state.inked = true;
      return paint.apply(ctx, args);
    };
  }
  return {
    get inked() {
      return state.inked;
    },
    reset() {
      state.inked = false;
    },
  };
}

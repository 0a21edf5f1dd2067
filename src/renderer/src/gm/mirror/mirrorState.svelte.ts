/**
 * The GM's mirror of the TV: off until the GM opens it (I, or the projector bar), and the width
 * they last gave it, for the rest of the page's life (the console's choice, as its dialogs do).
 */
export const tvMirror = $state({ open: false, width: 400 });

/**
 * When the GM's own map last moved (performance.now()). While the GM pans or zooms, the TV follows
 * them but the mirror keeps its picture and catches up once the map has rested this long: the GM
 * is looking at their own map then, and its frames are not shared with a second map's redraws.
 */
export const gmMap = { movedAt: -Infinity };
export const MIRROR_REST_MS = 200;

export const MIRROR_MIN_WIDTH = 200;
export const MIRROR_MAX_WIDTH = 960;

/** A mirror width the GM asked for, kept between the smallest that still reads and a good half of a laptop screen. */
export function mirrorWidth(want: number): number {
  return Math.round(Math.min(MIRROR_MAX_WIDTH, Math.max(MIRROR_MIN_WIDTH, want)));
}

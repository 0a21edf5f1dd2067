/**
 * The pens and limits of the GM's drawings (mapDrawings.ts holds their schemas), without zod, so
 * the GM page's drawing bar reads them without loading a schema.
 */

/** The pens: gold, red, green, blue, white, black. */
export const DRAWING_COLOURS = ['#ffd166', '#ef476f', '#06d6a0', '#4cc9f0', '#f5f3ee', '#111111'] as const;
/** The console's limits: points in one line, drawings on one map, letters in one label. */
export const MAX_LINE_POINTS = 2000;
export const MAX_DRAWINGS = 400;
export const MAX_LABEL_LENGTH = 60;

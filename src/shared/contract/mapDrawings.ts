import { z } from 'zod';

/**
 * The GM's drawings on the map (the console's choice, as in other table tools): freehand lines and
 * text labels, in map units (1 = a hex's size; the first hex's centre at (1, 1), as the battlemap
 * and the display's frame count), each kept for the GM alone or shown to the players. They are
 * part of the encounter: drawn and erased by logged, undoable commands.
 */

import { DRAWING_COLOURS, MAX_DRAWINGS, MAX_LABEL_LENGTH, MAX_LINE_POINTS } from '../drawingPens';

export { DRAWING_COLOURS, MAX_DRAWINGS, MAX_LABEL_LENGTH, MAX_LINE_POINTS };

const PointSchema = z.object({ x: z.number().min(-100).max(2000), y: z.number().min(-100).max(2000) }).strict();
const ColourSchema = z.enum(DRAWING_COLOURS);
const LineShape = { kind: z.literal('line'), points: z.array(PointSchema).min(2).max(MAX_LINE_POINTS), colour: ColourSchema, shown: z.boolean() };
const TextShape = { kind: z.literal('text'), at: PointSchema, text: z.string().trim().min(1).max(MAX_LABEL_LENGTH), colour: ColourSchema, shown: z.boolean() };
const DrawingIdSchema = z.string().regex(/^drawing-[0-9]{1,6}$/);

/** A drawing as the encounter keeps it. */
export const MapDrawingSchema = z.discriminatedUnion('kind', [
  z.object({ id: DrawingIdSchema, ...LineShape }).strict(),
  z.object({ id: DrawingIdSchema, ...TextShape }).strict(),
]);
export type MapDrawing = z.infer<typeof MapDrawingSchema>;
export type DrawingPoint = z.infer<typeof PointSchema>;

/** Draws a line or writes a label on the map; the engine gives it its id. */
export const DrawOnMapCommandSchema = z
  .object({ type: z.literal('drawOnMap'), drawing: z.discriminatedUnion('kind', [z.object(LineShape).strict(), z.object(TextShape).strict()]) })
  .strict();
/** Erases one drawing. */
export const EraseDrawingCommandSchema = z.object({ type: z.literal('eraseDrawing'), drawingId: DrawingIdSchema }).strict();

/** A drawing as the players get it: no id (a count of the GM's own would show through) and no flag. */
export const PublicDrawingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('line'), points: z.array(PointSchema).max(MAX_LINE_POINTS), colour: ColourSchema }).strict(),
  z.object({ kind: z.literal('text'), at: PointSchema, text: z.string().max(MAX_LABEL_LENGTH), colour: ColourSchema }).strict(),
]);
export type PublicDrawing = z.infer<typeof PublicDrawingSchema>;

import { z } from 'zod';
import { FacingSchema, HexSchema, IdSchema } from './schemas';

/**
 * Intents the GM sends. Every change to an encounter is one of these (DESIGN §One picture):
 * main validates it, the engine applies it, the session logs and persists it.
 */
export const MoveFigureCommandSchema = z
  .object({ type: z.literal('moveFigure'), figureId: IdSchema, to: HexSchema })
  .strict();

export const TurnFigureCommandSchema = z
  .object({ type: z.literal('turnFigure'), figureId: IdSchema, facing: FacingSchema })
  .strict();

export const CommandSchema = z.discriminatedUnion('type', [
  MoveFigureCommandSchema,
  TurnFigureCommandSchema,
]);

export type Command = z.infer<typeof CommandSchema>;

import { z } from 'zod';
import { FacingSchema, HexSchema, IdSchema, TerrainSchema } from './schemas';

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

/** GM map editing: the terrain brush paints many hexes in one command (one undo step). */
export const PaintTerrainCommandSchema = z
  .object({ type: z.literal('paintTerrain'), hexes: z.array(HexSchema).min(1).max(5000), terrain: TerrainSchema })
  .strict();

/** Hexes the players may not see (DESIGN: fogged hexes never reach a player view). */
export const SetHexesHiddenCommandSchema = z
  .object({ type: z.literal('setHexesHidden'), hexes: z.array(HexSchema).min(1).max(5000), hidden: z.boolean() })
  .strict();

export const SetFigureHiddenCommandSchema = z
  .object({ type: z.literal('setFigureHidden'), figureId: IdSchema, hidden: z.boolean() })
  .strict();

export const CommandSchema = z.discriminatedUnion('type', [
  MoveFigureCommandSchema,
  TurnFigureCommandSchema,
  PaintTerrainCommandSchema,
  SetHexesHiddenCommandSchema,
  SetFigureHiddenCommandSchema,
]);

export type Command = z.infer<typeof CommandSchema>;

import { z } from 'zod';
import { IdSchema } from './schemas';

/**
 * The GM acts out of turn (RULINGS T1–T5 say who is due): the command is applied anyway and the
 * log records an `override` event naming who was due.
 */
export const Override = { override: z.boolean().optional() };

/** A command about one figure (`figureId`), which the GM may give out of turn. */
export const figureCommand = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), figureId: IdSchema, ...Override, ...shape }).strict();

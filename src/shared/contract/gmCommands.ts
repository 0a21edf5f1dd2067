import { z } from 'zod';
import { HexSchema, IdSchema } from './schemas';

/**
 * The GM's hand on pools and sides (the engine's encounter/figures/gmPools.ts and sides.ts),
 * members of `CommandSchema` in commands.ts.
 */
const figureCommand = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), figureId: IdSchema, ...shape }).strict();

const CauseSchema = z.string().max(120).optional();
/** The cause is the GM's unless this is true: then the players' line and recap say it too. */
const TellPlayersSchema = z.boolean().optional();

/** Damage the engine does not model (a fall, fire, poison): N to Fatigue, Body or both, with or without armour. */
export const TakeDamageCommandSchema = figureCommand('takeDamage', {
  amount: z.number().int().min(1).max(999),
  to: z.enum(['fatigue', 'body', 'both']),
  armour: z.boolean(),
  cause: CauseSchema,
  tellPlayers: TellPlayersSchema,
});
/** Healing, up to the starting values (RULINGS C3). */
export const HealCommandSchema = figureCommand('heal', {
  fatigue: z.number().int().min(0).max(999).optional(),
  body: z.number().int().min(0).max(999).optional(),
  cause: CauseSchema,
  tellPlayers: TellPlayersSchema,
});
/** The GM types a pool's current value. */
export const SetPoolsCommandSchema = figureCommand('setPools', {
  fatigue: z.number().int().min(-999).max(999).optional(),
  body: z.number().int().min(-999).max(999).optional(),
  cause: CauseSchema,
});

/** A condition of the GM's own on a figure (FigureMarkSchema): its label, turns (null = until removed), shown to the players or not. */
export const MarkFigureCommandSchema = figureCommand('markFigure', {
  label: z.string().trim().min(1).max(24),
  turns: z.number().int().min(1).max(99).nullable(),
  shown: z.boolean(),
});
/** Takes one of the GM's conditions off a figure. */
export const UnmarkFigureCommandSchema = figureCommand('unmarkFigure', { markId: z.string().min(1).max(12) });

/** RULINGS H9: the GM places a rider whose mount fell in another free hex beside the mount. */
export const PlaceFallenRiderCommandSchema = figureCommand('placeFallenRider', { to: HexSchema });

const SideColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** RULINGS T2: a third side and more. */
export const AddSideCommandSchema = z.object({ type: z.literal('addSide'), name: z.string().max(80), color: SideColorSchema }).strict();
export const UpdateSideCommandSchema = z
  .object({ type: z.literal('updateSide'), sideId: IdSchema, name: z.string().max(80).optional(), color: SideColorSchema.optional() })
  .strict();

import { z } from 'zod';
import { OptionLetterSchema, PostureSchema } from './schemas';

/**
 * A seat's card: what one player's phone shows of the figures the GM gave that seat, beyond what
 * the table sees (DESIGN §The player projection). Each field is copied by name in
 * projection/seatCard.ts; nothing of any other figure is here.
 */
export const SeatPoolSchema = z
  .object({
    name: z.string(),
    current: z.number().int(),
    starting: z.number().int(),
    /** The pool's numbers in words, as the rules' stat block says them ("7/10"). */
    valueText: z.string(),
    band: z.enum(['none', 'half', 'low', 'down']),
    bandText: z.string(),
  })
  .strict();

export const SeatSpellSchema = z
  .object({
    name: z.string(),
    /** For a spell known: its mastery 1–5 (001 §Spell Mastery). */
    mastery: z.number().int().min(1).max(5),
  })
  .strict();

export const SeatContinuingSchema = z
  .object({
    name: z.string(),
    /** Whom or where it is on, as the seat may know it: its own figure, one the table sees, a hex, or "out of sight". */
    on: z.string(),
    /** Mana to keep it up at the next renewal (RULINGS S2). */
    renewalCost: z.number().int(),
  })
  .strict();

/** An action option of a due figure (RULINGS T5): open, or closed with the reason. */
export const SeatOptionSchema = z
  .object({
    letter: OptionLetterSchema,
    name: z.string(),
    open: z.boolean(),
    reason: z.string().nullable(),
  })
  .strict();

export const SeatFigureSchema = z
  .object({
    /** The figure's id as this audience's frames name it (projection/ids.ts). */
    id: z.string(),
    name: z.string(),
    posture: PostureSchema,
    /** Whether the table sees the figure now (a figure in ambush is the seat's, not the table's). */
    onTable: z.boolean(),
    pools: z.array(SeatPoolSchema),
    /** RULINGS C8: the mana pool, what is left and the Debt, for the seat alone; null for a figure without one. */
    mana: z.object({ pool: z.number().int(), current: z.number().int(), debt: z.number().int() }).strict().nullable(),
    spellsKnown: z.array(SeatSpellSchema),
    continuing: z.array(SeatContinuingSchema),
    weapon: z.string().nullable(),
    offHand: z.string().nullable(),
    armour: z.string().nullable(),
    shield: z.object({ name: z.string(), ready: z.boolean() }).strict().nullable(),
    /** The figure is the one due now (RULINGS T4). */
    due: z.boolean(),
    /** While it is due: its options as the seat can know them (projection/seatOptions.ts); else none. */
    options: z.array(SeatOptionSchema),
  })
  .strict();

export const SeatCardSchema = z.object({ figures: z.array(SeatFigureSchema) }).strict();

export type SeatPool = z.infer<typeof SeatPoolSchema>;
export type SeatFigure = z.infer<typeof SeatFigureSchema>;
export type SeatOption = z.infer<typeof SeatOptionSchema>;
export type SeatCard = z.infer<typeof SeatCardSchema>;

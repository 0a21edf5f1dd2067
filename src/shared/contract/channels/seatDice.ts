import { z } from 'zod';
import { IdSchema } from '../schemas';
import { channel, NoArgs } from './define';

/**
 * Dice from the seats: while the GM's page waits on faces for a roll of a figure a seat
 * holds, that seat's phone may send the faces its player rolled; the GM accepts them or types
 * others, and nothing is applied without the GM's command. What a phone is told of a roll is what
 * kind it is and the dice, never the roll's target or anything else of the GM's page.
 */
export const RollPurposeSchema = z.enum(['attack', 'cast']);
/** The first dice the roll needs, e.g. "3d6" (an attack's damage dice follow if it hits). */
export const DiceNotationSchema = z.string().regex(/^[1-9]\d?d(?:[2-9]|[1-9]\d)$/);
/** Faces a player rolled, in the order the command rolls them. */
export const OfferedFacesSchema = z.array(z.number().int().min(1).max(99)).min(1).max(30);

/** A roll the GM's page waits on, as the GM sees it: the seat that may answer it and what it sent. */
export const SeatRollSchema = z
  .object({
    figureId: IdSchema,
    seat: z.string(),
    purpose: RollPurposeSchema,
    dice: DiceNotationSchema,
    /** The faces the seat sent, or null while it sent none. */
    faces: OfferedFacesSchema.nullable(),
  })
  .strict();

export const SeatRollsSchema = z.object({ rolls: z.array(SeatRollSchema) }).strict();

/**
 * A roll of one of the seat's figures as its phone sees it (`figureId` as the seat's card names
 * it): waited on, or settled (`used`: the GM applied the faces sent; `other`: the GM rolled or
 * typed other dice), until the GM waits on that figure's next roll.
 */
export const SeatDiceSchema = z
  .object({
    figureId: z.string(),
    purpose: RollPurposeSchema,
    dice: DiceNotationSchema,
    sent: OfferedFacesSchema.nullable(),
    outcome: z.enum(['waiting', 'used', 'other']),
  })
  .strict();

export type RollPurpose = z.infer<typeof RollPurposeSchema>;
export type SeatRoll = z.infer<typeof SeatRollSchema>;
export type SeatRolls = z.infer<typeof SeatRollsSchema>;
export type SeatDice = z.infer<typeof SeatDiceSchema>;

export const SEAT_DICE_CHANNELS = {
  askSeatDice: channel({
    args: z.object({ figureId: IdSchema, purpose: RollPurposeSchema, dice: DiceNotationSchema }).strict(),
    result: z.object({ seat: z.string().nullable() }).strict(),
    summary: 'The GM’s page waits on faces for a figure’s roll: the seat holding it (named in the answer, null for none) may send them.',
  }),
  settleSeatDice: channel({
    args: z.object({ figureId: IdSchema, outcome: z.enum(['used', 'other', 'withdrawn']) }).strict(),
    result: SeatRollsSchema,
    summary: 'The GM applied the seat’s faces (used), rolled or typed others (other), or stopped waiting (withdrawn: only an open wait ends).',
  }),
  listSeatRolls: channel({
    args: NoArgs,
    result: SeatRollsSchema,
    summary: 'The rolls the GM’s page waits on and the faces seats sent for them.',
  }),
  offerSeatDice: channel({
    args: z.object({ figureId: z.string().max(64), faces: OfferedFacesSchema }).strict(),
    result: z.object({}).strict(),
    summary: 'The faces a seat’s player rolled for a roll the GM waits on, for one of the seat’s figures.',
  }),
} as const;

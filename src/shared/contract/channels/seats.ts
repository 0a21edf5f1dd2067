import { z } from 'zod';
import { PhaseSchema, IdSchema } from '../schemas';
import { ShownSeatCodeSchema } from './display';
import { SeatCardSchema } from '../seatCard';
import { SeatDiceSchema } from './seatDice';
import { channel, NoArgs } from './define';

const SeatIdSchema = z.string().regex(/^seat-\d{1,4}$/);

/** A seat as the GM's page lists it, with the link its phone opens (null while no web host serves the table). */
export const SeatInfoSchema = z
  .object({
    id: SeatIdSchema,
    name: z.string(),
    figureIds: z.array(IdSchema),
    link: z.string().nullable(),
  })
  .strict();

export const SeatListSchema = z.object({ seats: z.array(SeatInfoSchema) }).strict();

/**
 * What a seat's phone is sent: the seat's name, the table's encounter as the projector names it
 * (its name, turn and phase; under blackout what the projector shows), the seat's card and the
 * rolls of its figures the GM waits on.
 * `revision` counts the views this seat was sent since the console started (`session`: a new one
 * at each start, so a phone knows a restarted console's first view from an old one).
 */
export const SeatViewSchema = z
  .object({
    seat: z.string(),
    session: z.string(),
    encounter: z.object({ name: z.string(), turn: z.number().int(), phase: PhaseSchema }).strict().nullable(),
    card: SeatCardSchema,
    /** The seat's figures' rolls the GM waits on, or last settled (channels/seatDice.ts). */
    dice: z.array(SeatDiceSchema),
    revision: z.number().int().min(0),
  })
  .strict();

export type SeatInfo = z.infer<typeof SeatInfoSchema>;
export type SeatList = z.infer<typeof SeatListSchema>;
export type SeatView = z.infer<typeof SeatViewSchema>;

export const SEAT_CHANNELS = {
  listSeats: channel({ args: NoArgs, result: SeatListSchema, summary: 'The seats the GM gave the table’s phones, with their links.' }),
  saveSeat: channel({
    args: z.object({ id: SeatIdSchema.nullable(), name: z.string().max(200), figureIds: z.array(IdSchema).max(12) }).strict(),
    result: SeatInfoSchema,
    summary: 'A new seat (id null) or a seat’s name and figures changed; its link stays.',
  }),
  reissueSeat: channel({
    args: z.object({ id: SeatIdSchema }).strict(),
    result: SeatInfoSchema,
    summary: 'A seat gets a new link; the phone on the old one is disconnected.',
  }),
  revokeSeat: channel({
    args: z.object({ id: SeatIdSchema }).strict(),
    result: SeatListSchema,
    summary: 'A seat is removed; the phone on its link is disconnected.',
  }),
  showSeatCode: channel({
    args: z.object({ id: SeatIdSchema.nullable() }).strict(),
    result: z.object({ shown: ShownSeatCodeSchema.nullable() }).strict(),
    summary: 'Show a seat’s code on the player display for its player to scan (down again once the phone joins), or take it down (null).',
  }),
  getSeatView: channel({ args: NoArgs, result: SeatViewSchema, summary: 'The calling seat’s view: the table’s encounter and its own card.' }),
} as const;

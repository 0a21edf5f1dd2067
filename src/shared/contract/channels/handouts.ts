import { z } from 'zod';
import { channel, NoArgs } from './define';

/** An image of the campaign's `assets/`, by its content-hash name. */
const HandoutImageSchema = z
  .object({
    asset: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'an asset name: <sha256>.<png|jpg|webp>'),
    width: z.number().int().min(1).max(32768),
    height: z.number().int().min(1).max(32768),
  })
  .strict();

/** The console's choice: a handout's words fit on a projected card (a letter, a riddle). */
export const HANDOUT_TEXT_MAX = 1200;

const HandoutFields = {
  title: z.string().trim().min(1, 'A handout needs a title.').max(80, 'A handout title has at most 80 characters.'),
  text: z.string().max(HANDOUT_TEXT_MAX, `A handout's text has at most ${HANDOUT_TEXT_MAX} characters.`),
  image: HandoutImageSchema.nullable(),
};

/**
 * Something the GM shows the players over the map: a picture (an NPC portrait, a
 * map fragment), words (a letter, a riddle), or both. Kept per campaign in `campaign.json`.
 */
export const HandoutSchema = z.object({ id: z.string().regex(/^h-[0-9a-z]{1,24}$/), ...HandoutFields }).strict();

/** A new handout: at least an image or some words. */
export const NewHandoutSchema = z
  .object(HandoutFields)
  .strict()
  .refine((h) => h.image !== null || h.text.trim().length > 0, { message: 'A handout shows an image or some words: give it one or the other.' });

export const HandoutListSchema = z.array(HandoutSchema).max(200);

export type Handout = z.infer<typeof HandoutSchema>;
export type NewHandout = z.infer<typeof NewHandoutSchema>;

const ById = z.object({ id: HandoutSchema.shape.id }).strict();

/** The campaign's handouts and which one the player display shows. Projector state: never logged. */
export const HANDOUT_CHANNELS = {
  listHandouts: channel({
    args: NoArgs,
    result: HandoutListSchema,
    summary: "The open campaign's handouts, in the order they were made.",
  }),
  addHandout: channel({
    args: NewHandoutSchema,
    result: HandoutSchema,
    summary: 'Keep a new handout (an imported image, some words, or both) in the campaign.',
  }),
  deleteHandout: channel({
    args: ById,
    result: HandoutListSchema,
    summary: 'Remove a handout from the campaign (taken down first if it is showing).',
  }),
  showHandout: channel({
    args: z.object({ id: HandoutSchema.shape.id.nullable() }).strict(),
    result: z.object({ shown: HandoutSchema.nullable() }).strict(),
    summary: 'Show a handout on the player display over the map, or take it down (null).',
  }),
} as const;

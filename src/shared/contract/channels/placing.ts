import { z } from 'zod';
import { FlyCommandSchema, MoveCommandSchema, MoveFigureCommandSchema, TakeOffCommandSchema } from '../commands';
import { FacingSchema, HexSchema, IdSchema } from '../schemas';
import { channel } from './define';

/**
 * The GM's hand on the map: whether a new figure may stand at the hex under the
 * pointer, what a drag would do before the drop, and the dice of a rolled character before it is
 * placed. Queries only: nothing here changes the encounter.
 */

/** `warning`: allowed, but worth saying (the figure would start engaged). */
export const PlacementVerdictSchema = z.object({ ok: z.boolean(), reason: z.string().nullable(), warning: z.string().nullable() }).strict();

/** The command a drop sends, as the drag previews it. */
export const DropCommandSchema = z.discriminatedUnion('type', [MoveCommandSchema, MoveFigureCommandSchema, FlyCommandSchema, TakeOffCommandSchema]);

export const DropPreviewSchema = z
  .object({
    ok: z.boolean(),
    reason: z.string().nullable(),
    path: z.array(HexSchema),
    cost: z.number().int(),
    mode: z.string().nullable(),
    gait: z.string(),
    fatigue: z.number().int(),
    source: z.string(),
  })
  .strict();

export const CreationRollsSchema = z
  .object({
    attributes: z.array(
      z.object({ name: z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']), faces: z.array(z.number().int()), total: z.number().int() }).strict(),
    ),
    fatigue: z.array(z.number().int()),
    mana: z
      .object({ notation: z.string(), faces: z.array(z.number().int()), total: z.number().int() })
      .strict()
      .nullable(),
    /** The faces in the order `addFigure` rolls them: send them as the placement's entered dice. */
    entered: z.array(z.array(z.number().int())),
  })
  .strict();

export type PlacementVerdict = z.infer<typeof PlacementVerdictSchema>;
export type DropCommand = z.infer<typeof DropCommandSchema>;
export type DropPreview = z.infer<typeof DropPreviewSchema>;
export type CreationRollsView = z.infer<typeof CreationRollsSchema>;

export const PLACING_CHANNELS = {
  placementCheck: channel({
    args: z.object({ at: HexSchema, facing: FacingSchema, sideId: IdSchema, size: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional() }).strict(),
    result: PlacementVerdictSchema,
    summary: 'Whether a new figure of this side may be placed at this hex and facing, or why not.',
  }),
  previewDrop: channel({
    args: z.object({ command: DropCommandSchema }).strict(),
    result: DropPreviewSchema,
    summary: 'What dropping a dragged figure would do: the path, its length, the gait and its Fatigue, or why it is refused.',
  }),
  rollCreation: channel({
    args: z.object({ mana: z.boolean() }).strict(),
    result: CreationRollsSchema,
    summary: "A rolled character's dice (3d6 per attribute, the Fatigue 2d6, the mana pool) from main's dice, shown before it is placed.",
  }),
} as const;

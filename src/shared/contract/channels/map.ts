import { z } from 'zod';
import { HexSchema } from '../schemas';
import { channel } from './define';

/** A derived number with the lines that made it (engine `Explained`, DESIGN §The engine). */
export const ExplainedSchema = z
  .object({
    value: z.number(),
    breakdown: z.array(z.object({ label: z.string(), value: z.number(), source: z.string() }).strict()),
  })
  .strict();

/** What the ruler shows between two hexes (RULINGS A2). */
export const RangeMeasureSchema = z
  .object({
    /** Hex steps from `from` to `to`. */
    hexes: z.number().int().min(0),
    /** Megahex steps on the map's megahex tiling, from `from`'s megahex to `to`'s (RULINGS A2). */
    megahexes: z.number().int().min(0),
    /** adjDEX adjustment for a missile weapon at that range. */
    missile: ExplainedSchema,
    /** adjDEX adjustment for a thrown weapon at that range. */
    thrown: ExplainedSchema,
  })
  .strict();

export type RangeMeasure = z.infer<typeof RangeMeasureSchema>;

/** Map questions the GM's tools ask main: the rules stay in the engine. */
export const MAP_CHANNELS = {
  measureRange: channel({
    args: z.object({ from: HexSchema, to: HexSchema }).strict(),
    result: RangeMeasureSchema,
    summary: 'Hexes, megahexes and the missile and thrown range adjustments between two hexes (the ruler).',
  }),
} as const;

import { z } from 'zod';

/** Axial hex coordinate (DESIGN §The engine: axial/cube model). */
export const HexSchema = z.object({ q: z.number().int(), r: z.number().int() }).strict();

/** Facing is a direction 0–5 (DESIGN §The engine). */
export const FacingSchema = z.number().int().min(0).max(5);

export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids use letters, digits, "-" and "_" only');

export const TerrainSchema = z.enum(['open', 'wall', 'shadow', 'fire', 'broken', 'body']);

export const PostureSchema = z.enum([
  'standing',
  'kneeling',
  'prone',
  'knockedDown',
  'unconscious',
  'dead',
]);

/** The six phases of a turn (RULINGS T1). */
export const PhaseSchema = z.enum([
  'initiative',
  'renewSpells',
  'initialMovement',
  'finalMovement',
  'actions',
  'forcedRetreat',
]);

export const OrientationSchema = z.enum(['flat', 'pointy']);

export const MapSchema = z
  .object({
    cols: z.number().int().min(1).max(500),
    rows: z.number().int().min(1).max(500),
    orientation: OrientationSchema,
    /** Non-open terrain by hex key "q,r". */
    terrain: z.record(z.string(), TerrainSchema),
    /** Hex keys hidden from the players. */
    hidden: z.array(z.string()),
  })
  .strict();

export const SideSchema = z
  .object({ id: IdSchema, name: z.string().min(1).max(80), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) })
  .strict();

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

/**
 * How a figure moved this turn: a gait of 001 §Movement (RULINGS M1, M2), a shift of an engaged
 * figure (RULINGS M5: 1 hex, staying adjacent), or a crawl while prone (001 §Action Options g).
 */
export const MoveModeSchema = z.enum(['sprint', 'run', 'jog', 'walk', 'walk-slow', 'stand-still', 'shift', 'crawl']);

/** The action options of 001 §Action Options, by letter (a–v; `crawl` is the unlettered row under g). */
export const OptionLetterSchema = z.enum([
  'a', 'b', 'c', 'd', 'e', 'f', 'g', 'crawl', 'h', 'i',
  'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's',
  't', 'u', 'v', 'hth-cast',
]);

/** Conditions that change attacks against or by a figure (001 §DEX Adjustments; RULINGS A5). */
export const ConditionSchema = z.enum(['invisible', 'flying', 'bleeding']);

/** What a figure's situation is when its action comes (RULINGS T5). */
export const EngagementStateSchema = z.enum(['disengaged', 'engaged', 'hth']);

/** Situations the GM ticks because the map cannot show them (RULINGS A1). */
export const GmTicksSchema = z
  .object({
    /** Waiting for an opening: 0, 1 or 2+ turns (001 §Positional Advantage). */
    waitingTurns: z.number().int().min(0).max(20).default(0),
    /** Two-weapon fighting (001 §Your Conditions). */
    twoWeapons: z.boolean().default(false),
    /** Sweeping blow at all three front hexes (001 §Your Conditions). */
    sweepingBlow: z.boolean().default(false),
    /** The target agrees to hand-to-hand (001 §Hand-to-Hand Combat: "Enemy agrees"). */
    targetAgreesToHth: z.boolean().default(false),
  })
  .strict();

export type MoveMode = z.infer<typeof MoveModeSchema>;
export type OptionLetter = z.infer<typeof OptionLetterSchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type GmTicks = z.infer<typeof GmTicksSchema>;

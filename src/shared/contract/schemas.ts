import { z } from 'zod';
import { PHASE_IDS } from '../phases';
import { DECLARED_ACTIONS, DECLARED_MOVEMENTS } from '../declaredIntent';
import { EFFECT_AREA_SHAPES, MAP_EFFECT_KINDS, MAX_EFFECT_DICE, MAX_EFFECT_SIZE } from '../mapEffects';

/** Axial hex coordinate (DESIGN §The engine: axial/cube model). */
export const HexSchema = z.object({ q: z.number().int(), r: z.number().int() }).strict();

/** Facing is a direction 0–5 (DESIGN §The engine). */
export const FacingSchema = z.number().int().min(0).max(5);

/**
 * A campaign asset by its content (`<sha256>.<png|jpg|webp>`, store/assets.ts): a map image or a
 * figure's token art. The name says nothing of what it shows or whose it is.
 */
export const AssetNameSchema = z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'an asset name: <sha256>.<png|jpg|webp>');

export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids use letters, digits, "-" and "_" only');

export const TerrainSchema = z.enum(['open', 'wall', 'shadow', 'fire', 'broken', 'body']);
export type Terrain = z.infer<typeof TerrainSchema>;

export const MapEffectKindSchema = z.enum(MAP_EFFECT_KINDS);

/** A spell's effect on the map as the campaign's spell table declares it (shared/mapEffects.ts). */
export const EffectRollSchema = z.object({ dice: z.number().int().min(1).max(MAX_EFFECT_DICE), does: z.enum(['damage', 'heal']) }).strict();

export const SpellMapEffectSchema = z
  .object({
    kind: MapEffectKindSchema,
    shape: z.enum(EFFECT_AREA_SHAPES),
    size: z.number().int().min(0).max(MAX_EFFECT_SIZE),
    shown: z.boolean(),
    roll: EffectRollSchema.optional(),
  })
  .strict();

/** A spell's effect as it lies on the map while the spell lasts: the hexes it took when cast. */
export const PlacedMapEffectSchema = z.object({ kind: MapEffectKindSchema, hexes: z.array(HexSchema).min(1).max(300), shown: z.boolean() }).strict();

export const PostureSchema = z.enum(['standing', 'kneeling', 'prone', 'knockedDown', 'unconscious', 'dead']);

/** The phases of a turn (shared/phases.ts). */
export const PhaseSchema = z.enum(PHASE_IDS);

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

export const SideSchema = z.object({ id: IdSchema, name: z.string().min(1).max(80), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict();

/**
 * How a figure moved this turn: a gait of 001 §Movement (RULINGS M1, M2), a shift of an engaged
 * figure (RULINGS M5: 1 hex, staying adjacent), a crawl while prone (001 §Action Options g), or
 * under stride & momentum a stride of 1–8 hexes per AP (RULINGS O3).
 */
export const MoveModeSchema = z.enum([
  'sprint',
  'run',
  'jog',
  'walk',
  'walk-slow',
  'stand-still',
  'shift',
  'crawl',
  'stride-1',
  'stride-2',
  'stride-3',
  'stride-4',
  'stride-5',
  'stride-6',
  'stride-7',
  'stride-8',
]);

/** The action options of 001 §Action Options, by letter (a–v; `crawl` is the unlettered row under g). */
export const OptionLetterSchema = z.enum([
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'crawl',
  'h',
  'i',
  'j',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
  'q',
  'r',
  's',
  't',
  'u',
  'v',
  'hth-cast',
]);

/**
 * Conditions that change attacks against or by a figure (001 §DEX Adjustments; RULINGS A5):
 * `giantSnake` is the target row "Target is a giant snake" (−3), a flag the GM sets on the sheet.
 */
export const ConditionSchema = z.enum(['invisible', 'flying', 'bleeding', 'giantSnake']);

/**
 * A condition the GM puts on a figure (the console's choice, like a status marker in other table
 * tools): a short label, the turns it lasts (counted down at each turn's end; null = until the GM
 * takes it off), and whether the players see it on the projector (never its turns).
 */
export const FigureMarkSchema = z
  .object({
    id: z.string().regex(/^mark-[0-9]{1,4}$/),
    label: z.string().trim().min(1).max(24),
    turnsLeft: z.number().int().min(1).max(99).nullable(),
    shown: z.boolean(),
  })
  .strict();
export type FigureMark = z.infer<typeof FigureMarkSchema>;

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

/**
 * One roll as the log records it (RULINGS G3): the dice, their faces, the total, whether the
 * console rolled it or the GM typed in faces rolled at the table, and what it was for.
 */
export const RollSchema = z
  .object({
    notation: z.string(),
    count: z.number().int(),
    sides: z.number().int(),
    modifier: z.number().int(),
    faces: z.array(z.number().int()),
    total: z.number().int(),
    kind: z.enum(['seeded', 'entered']),
    label: z.string(),
  })
  .strict();

export const DeclaredActionSchema = z.enum(DECLARED_ACTIONS);
export const DeclaredMovementSchema = z.enum(DECLARED_MOVEMENTS);

/**
 * A figure's declaration before movement under declared intent (RULINGS O4; 003 §1 Movement):
 * action and movement, and for a figure that means to fight its target(s), range and weapon; the
 * situation's initiative modifiers (003 §Initiative Modifiers Table) and the weapon's initiative
 * score when the GM gives one (default: the DEX modifier).
 */
export const DeclarationSchema = z
  .object({
    action: DeclaredActionSchema,
    movement: DeclaredMovementSchema,
    destination: HexSchema.optional(),
    targetIds: z.array(IdSchema).max(20).optional(),
    rangeHexes: z.number().int().min(0).max(500).optional(),
    weaponId: z.string().min(1).max(64).optional(),
    charging: z.boolean().optional(),
    roomForRunningStart: z.boolean().optional(),
    highGround: z.boolean().optional(),
    mounted: z
      .object({ ride: z.number().int().min(-10).max(30) })
      .strict()
      .optional(),
    initiativeScore: z.number().int().min(-20).max(40).optional(),
  })
  .strict();

export type StoredDeclaration = z.infer<typeof DeclarationSchema>;

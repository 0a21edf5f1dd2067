import { z } from 'zod';
import { AssetNameSchema, IdSchema } from './schemas';

/**
 * What the GM types on a figure sheet (new character, quick NPC, edit): attributes, equipment,
 * spells with mastery, pools. The engine checks the values and says in words what is wrong;
 * the figure commands in commands.ts carry these.
 */
/** The six core attributes as typed; the engine checks their ranges and says what is wrong. */
export const AttributeValuesSchema = z
  .object({
    STR: z.number().int(),
    DEX: z.number().int(),
    INT: z.number().int(),
    WIS: z.number().int(),
    CON: z.number().int(),
    CHR: z.number().int(),
  })
  .strict();

const ItemIdSchema = z.string().min(1).max(64);

export const EquipmentInputSchema = z
  .object({
    weaponIds: z.array(ItemIdSchema).max(12),
    readyWeaponId: ItemIdSchema.nullable(),
    /** RULINGS H7: a second one-handed weapon ready in the other hand; absent or null = none. */
    offHandWeaponId: ItemIdSchema.nullable().optional(),
    armorId: ItemIdSchema.nullable(),
    shieldId: ItemIdSchema.nullable(),
    packLbs: z.number().min(0).max(1000).optional(),
  })
  .strict();

export const SpellMasteryInputSchema = z.record(z.string().min(1).max(64), z.number().int());

/** Spell id → the attribute this figure casts it with, where the GM chose other than the catalogue. */
export const CastingAttributesInputSchema = z.record(z.string().min(1).max(64), z.enum(['INT', 'WIS']));

/**
 * A figure's sheet as the GM fills it in: how its attributes come (3d6 rolled, the 65-point buy,
 * or typed: a quick NPC or a rostered figure), its equipment, and its secret mana pool (RULINGS
 * C8: rolled with the campaign's dice or typed; null = not a caster). `fatigueDice` is the
 * creation 2d6 of a figure that already has one (from the roster): it is not rolled again (C3).
 */
export const FigureSheetInputSchema = z
  .object({
    name: z.string().max(200),
    sideId: IdSchema,
    kind: z.enum(['character', 'npc']),
    size: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional(),
    attributes: z.discriminatedUnion('method', [
      z.object({ method: z.literal('roll') }).strict(),
      z.object({ method: z.literal('pointBuy'), values: AttributeValuesSchema }).strict(),
      z.object({ method: z.literal('set'), values: AttributeValuesSchema }).strict(),
    ]),
    fatigueDice: z.array(z.number().int().min(1).max(6)).length(2).optional(),
    mana: z
      .discriminatedUnion('method', [z.object({ method: z.literal('roll') }).strict(), z.object({ method: z.literal('set'), pool: z.number().int() }).strict()])
      .nullable(),
    equipment: EquipmentInputSchema,
    /** Spells known: spell id → mastery 1–5 (001 §Spell Mastery). */
    mastery: SpellMasteryInputSchema.optional(),
    castingAttributes: CastingAttributesInputSchema.optional(),
    hidden: z.boolean().optional(),
    gmNotes: z.string().max(10_000).optional(),
    /** Token art: a campaign asset, kept with a roster character or NPC template. */
    art: AssetNameSchema.optional(),
    /** RULINGS O3 (002 §Assigning Movement): a monster's attacks, its AP under strides; absent = a humanoid. */
    attacks: z.number().int().min(1).max(10).optional(),
  })
  .strict();

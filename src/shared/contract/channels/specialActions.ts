import { z } from 'zod';
import { GmTicksSchema, HexSchema, IdSchema } from '../schemas';
import { channel } from './define';
import { AttackPreviewResultSchema } from './encounter';

/** `twoWeaponPreview`: both attacks of two-weapon fighting as they stand (RULINGS H7). */
export const TwoWeaponPreviewResultSchema = z
  .object({ allowed: z.boolean(), reason: z.string().nullable(), attacks: z.array(AttackPreviewResultSchema) })
  .strict();

/** `sweepPreview`: the enemies a sweeping blow strikes, each attack explained, and the dice of its one roll (RULINGS H7). */
export const SweepPreviewResultSchema = z
  .object({
    allowed: z.boolean(),
    reason: z.string().nullable(),
    hexes: z.array(HexSchema),
    targets: z.array(AttackPreviewResultSchema),
    diceCount: z.union([z.literal(3), z.literal(4)]),
  })
  .strict();

/** `specialActions`: what the tracker offers a figure beyond the options a–v (001 §Encumbrance; RULINGS H6). */
export const SpecialActionsResultSchema = z
  .object({
    figureId: IdSchema,
    /** Dropped packs in reach, each with why it cannot be picked up now (null: it can). */
    packs: z.array(z.object({ itemId: IdSchema, lbs: z.number(), at: HexSchema, reason: z.string().nullable() }).strict()),
    /** A flier's take-off and landing, each with why not now (null: it can); null for a figure that cannot fly. */
    flight: z
      .object({ flying: z.boolean(), hexes: z.number().int(), takeOff: z.string().nullable(), land: z.string().nullable(), engagesGround: z.boolean() })
      .strict()
      .nullable(),
  })
  .strict();

const Blow = z.object({ targetId: IdSchema, weaponId: z.string().min(1).max(64) }).strict();

/** Queries for two-weapon attacks, sweeping blows and packs (src/main/engine/encounter: twoWeapons, sweepingBlow, pack). */
export const SPECIAL_ACTION_CHANNELS = {
  twoWeaponPreview: channel({
    args: z.object({ attackerId: IdSchema, attacks: z.array(Blow).length(2), ticks: GmTicksSchema.optional() }).strict(),
    result: TwoWeaponPreviewResultSchema,
    summary: 'Both attacks of two-weapon fighting, each at −4, with their adjDEX explained.',
  }),
  sweepPreview: channel({
    args: z.object({ attackerId: IdSchema, ticks: GmTicksSchema.optional() }).strict(),
    result: SweepPreviewResultSchema,
    summary: 'The enemies a sweeping blow would strike, each with its adjDEX, and the dice of the one roll.',
  }),
  specialActions: channel({
    args: z.object({ figureId: IdSchema }).strict(),
    result: SpecialActionsResultSchema,
    summary: 'What a figure may do beyond the options a–v now: pick up a dropped pack, take off or land.',
  }),
} as const;
